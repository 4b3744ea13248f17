// The name this player goes by online, remembered on this device: cleaned as the wire
// cleans names (no control, bidi-control or zero-width character), so the others accept it.
import { MAX_NAME_CHARS, NOT_IN_NAMES } from '../net/visible-text';

export const NAME_KEY = 'carcassonne-sw.player-name';

/** A name as typed, without what a name may not hold, cut to size. */
export function cleanName(name: string): string {
  return name.replace(NOT_IN_NAMES, '').slice(0, MAX_NAME_CHARS);
}

export function storedName(): string {
  try {
    return cleanName(globalThis.localStorage?.getItem(NAME_KEY) ?? '');
  } catch {
    return '';
  }
}

export function keepName(name: string): void {
  try {
    globalThis.localStorage?.setItem(NAME_KEY, cleanName(name));
  } catch {
    // the name then lasts for this page only
  }
}
