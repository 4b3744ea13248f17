// Why an online game could not open, in the player's words: the signalling server tried and what to
// do about it (check the connection, or enter the server the host uses in Connection settings).
import { oneLine } from '../fair/one-line';
import { t } from './i18n';

/** The line shown beside the button that opened the game. Duck-typed: the transport's module loads only with online play. */
export function onlineErrorText(e: unknown): string {
  const err = e as { name?: string; server?: string; why?: string } | null;
  if (err?.name === 'SignallingError' && err.server) return t('onlineSignallingFailed', { server: err.server, why: err.why ?? '' });
  return t('onlineFailed', { message: oneLine(e) });
}
