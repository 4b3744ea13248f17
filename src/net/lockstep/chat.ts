// Chat lines of a game, in their one order (compareChat), bounded per seat: MAX_CHAT_PER_SEAT
// lines a game and MAX_CHAT_PER_INDEX at one log index. Over a bound the highest-numbered
// line goes: the rule looks only at signed numbers, so every peer that holds the same items
// keeps the same lines, whatever order they came in. Each line carries its seat's chat number
// `c` (0, 1, 2…); two lines of one seat under one chat number keep the lower item number.
import type { Colour } from '../../engine';
import { compareChat } from '../../fair/log';
import { MAX_CHAT_CHARS, NOT_IN_CHAT } from '../wire';
import { CHAT_GAP_MS, MAX_CHAT_PER_INDEX, MAX_CHAT_PER_SEAT } from './limits';
import type { ChatLine } from './views';

/** What noting a line did: `shown` is the line to show (null if it was the one evicted); `evicted` the line that went, if any. */
export interface ChatVerdict {
  shown: ChatLine | null;
  evicted: ChatLine | null;
}

export class ChatLog {
  private readonly list: ChatLine[] = [];
  private lastSentAt = -Infinity;

  get lines(): readonly ChatLine[] {
    return this.list;
  }

  note(colour: Colour, n: number, c: number, at: number, text: string): ChatVerdict {
    const line: ChatLine = { colour, n, c, at, text };
    this.list.push(line);
    this.list.sort(compareChat);
    const highest = (xs: ChatLine[]) => xs.reduce((x, y) => (y.n > x.n ? y : x));
    const twice = this.list.filter((l) => l.colour === colour && l.c === c);
    const here = this.list.filter((l) => l.colour === colour && l.at === at);
    const all = this.list.filter((l) => l.colour === colour);
    const evicted =
      twice.length > 1
        ? highest(twice)
        : here.length > MAX_CHAT_PER_INDEX
          ? highest(here)
          : all.length > MAX_CHAT_PER_SEAT
            ? highest(all)
            : null;
    if (evicted) this.list.splice(this.list.indexOf(evicted), 1);
    return { shown: evicted === line ? null : line, evicted };
  }

  /** The chat number this seat's next line takes: one past its highest (its lines are 0..k-1 when it kept to the limits). */
  nextNumber(colour: Colour): number {
    return this.list.reduce((next, l) => (l.colour === colour && (l.c ?? -1) >= next ? (l.c ?? -1) + 1 : next), 0);
  }

  /** A line whose number the seat also signed for something else (equivocation) is let go. */
  remove(colour: Colour, n: number): void {
    const i = this.list.findIndex((c) => c.colour === colour && c.n === n);
    if (i >= 0) this.list.splice(i, 1);
  }

  /**
   * The line this seat may send now (control characters blanked, trimmed, cut to size), ''
   * for nothing to send; throws a one-line reason when a bound forbids it.
   */
  outgoing(text: string, colour: Colour, now: number, logLength: number): string {
    const line = text.replace(NOT_IN_CHAT, ' ').trim().slice(0, MAX_CHAT_CHARS);
    if (!line) return '';
    const mine = this.list.filter((c) => c.colour === colour);
    if (mine.length >= MAX_CHAT_PER_SEAT) throw new Error(`at most ${MAX_CHAT_PER_SEAT} chat lines per player and game`);
    if (now - this.lastSentAt < CHAT_GAP_MS) throw new Error('one chat line every half second at most');
    if (mine.filter((c) => c.at === logLength).length >= MAX_CHAT_PER_INDEX)
      throw new Error(`at most ${MAX_CHAT_PER_INDEX} chat lines while the game stands still`);
    this.lastSentAt = now;
    return line;
  }
}
