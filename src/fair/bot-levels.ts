// The bot levels by name. The log's grammar owns them (a settings entry and a roster seat
// name them), so the bots, the sessions and the wire format all read this one list.
export type BotLevel = 'random' | 'greedy' | 'strong' | 'expert';
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'strong', 'expert'];
/** The bot that plays a dropped or resigned seat (P2.6) unless the settings name another (`standIn`): deterministic and cheap on every peer. */
export const STAND_IN_BOT: BotLevel = 'greedy';
