// A refused message or a notice from the session, in the player's words: who it came from (by name),
// what it means for them (mostly: nothing changed), with the session's technical line kept for the
// details toggle and the report. Identical toasts collapse into one with a count (×4).
import type { Colour } from '../engine';
import { t } from './i18n';
import type { MessageKey } from './messages-en';

const COLOURS = 'red|green|black|white|orange|blue';
const NAMED = new RegExp(`^(.{1,40}?) \\((${COLOURS})\\)`);
const LEADING_COLOUR = new RegExp(`^(${COLOURS})\\b`);

/** The colour a session's line is about, when it starts with one ("green is dropped…", "Ana (green) sent…"). */
export function lineColour(line: string): Colour | null {
  const m = NAMED.exec(line) ?? LEADING_COLOUR.exec(line);
  if (!m) return null;
  return (m[2] ?? m[1]) as Colour;
}

const KINDS: readonly [RegExp, MessageKey][] = [
  [/ is dropped at log index /, 'toastDropped'],
  [/over the chat limit/, 'toastChatLimit'],
  [/sending too fast/, 'toastTooFast'],
  [/before (it was due|proving who it is)|out of place|already/, 'toastLate'],
];

/** The toast's words for a technical line; `name` says who a colour is on this page ("Ana (green)", "You"). */
export function toastText(line: string, name: (c: Colour) => string): string {
  const colour = lineColour(line);
  const who = colour ? name(colour) : t('toastSomeone');
  const kind = KINDS.find(([re]) => re.test(line))?.[1] ?? 'toastRefused';
  return t(kind, { who });
}

export interface Toast {
  id: number;
  text: string;
  /** The seat it is about, for its colour dot. */
  colour: Colour | null;
  /** The session's own lines behind it (the latest few), for the details toggle. */
  details: string[];
  count: number;
}

/** Adds a toast, or counts it on the one already showing the same words; at most `max` toasts stay. */
export function addToast(toasts: readonly Toast[], id: number, text: string, detail: string, max = 4): Toast[] {
  const colour = lineColour(detail);
  const same = toasts.find((x) => x.text === text);
  if (same) {
    const details = [...same.details, detail].slice(-3);
    return [...toasts.filter((x) => x !== same), { ...same, id, details, count: same.count + 1 }];
  }
  return [...toasts, { id, text, colour, details: [detail], count: 1 }].slice(-max);
}
