// Networked replays (log version 2, P2.6): bot seats, drops, resignations, reclaims and
// chat verify, and the summary says so — and the canonical form fixes the one order the
// follower leaves free among drops and reveals.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLog, stringifyLog, verifyReplay, type LogEntry } from '../../src/fair';
import { canonicalReplay, seatChanges } from '../../src/fair/verify';
import { fixtureMatch } from './fixtures';
import { netReplay, type NetGame } from './net-replays';

const replays = new Map<NetGame, string>();

beforeAll(async () => {
  for (const g of ['resign-chat', 'reclaim', 'bot-drop-chat'] as const) replays.set(g, await netReplay(g));
}, 60_000);

function summary(text: string): string[] {
  const r = verifyReplay(text);
  if (!r.ok) throw new Error(r.message);
  expect(r.inProgress).toBe(false);
  for (const l of r.lines) expect(l.length).toBeLessThanOrEqual(200);
  return r.lines;
}

describe('verify summary of networked replays', () => {
  it('a bot seat, a drop and chat: the bot seat has no chain, the drop has its turn and event, the forfeit ranks last, the chat lines are counted', () => {
    const text = replays.get('bot-drop-chat')!;
    const lines = summary(text);
    // the existing lines keep their form
    expect(lines[0]).toMatch(/^replay OK: \d+ entries, game [0-9a-f]+$/);
    expect(lines).toContain('seats: red, black, green');
    expect(lines.find((l) => l.startsWith('random events proven'))).toMatch(/\(2 chains, every reveal checked\)$/);
    expect(lines.find((l) => l.startsWith('final scores: '))).toMatch(/^final scores: red \d+, black \d+, green \d+$/);
    // and the new ones
    expect(lines).toContain('bot seats (no chain, no commitment; every peer runs the bot): green (greedy)');
    const log = parseLog(text);
    const drop = log.entries.findIndex((e) => e.k === 'drop');
    const [change] = seatChanges(log);
    expect(change).toMatchObject({ kind: 'drop', colour: 'black', entry: drop });
    expect(change.turn).toBe(1 + log.entries.slice(0, drop).filter((e) => e.k === 'hash').length);
    expect(lines).toContain(
      `black was dropped at turn ${change.turn} (entry ${drop}): its chain takes no part from event ${change.event} on; a stand-in bot (greedy) plays the seat`,
    );
    expect(lines).toContain('forfeits: black (dropped); each ranks last whatever its score');
    expect(lines).toContain('chat: 2 lines (not proven: nothing in an unsigned replay binds who wrote them)');
    // every event after the drop combines red's chain only (green is a bot seat, black left)
    const later = log.entries.slice(drop).filter((e) => e.k === 'reveal');
    expect(later.length).toBeGreaterThan(20);
    expect(new Set(later.map((e) => (e as Extract<LogEntry, { k: 'reveal' }>).chain))).toEqual(new Set([0]));
  });

  it('a resignation with chat, and a dropped seat reclaimed', () => {
    const resign = summary(replays.get('resign-chat')!);
    expect(resign.find((l) => l.startsWith('green resigned at turn '))).toMatch(
      /^green resigned at turn \d+ \(entry \d+\): its chain takes no part from event \d+ on; a stand-in bot \(greedy\) plays the seat$/,
    );
    expect(resign).toContain('forfeits: green (resigned); each ranks last whatever its score');
    expect(resign).toContain('chat: 1 line (not proven: nothing in an unsigned replay binds who wrote them)');
    expect(resign.some((l) => l.startsWith('bot seats'))).toBe(false);

    const reclaim = summary(replays.get('reclaim')!);
    const dropped = reclaim.findIndex((l) => l.startsWith('green was dropped at turn '));
    const back = reclaim.findIndex((l) => l.startsWith('green took its seat back at turn '));
    expect(dropped).toBeGreaterThan(0);
    expect(back).toBe(dropped + 1);
    expect(reclaim[back]).toMatch(/: its player moves again; its chain stays out and it still forfeits$/);
    expect(reclaim).toContain('forfeits: green (dropped); each ranks last whatever its score');
    expect(reclaim.some((l) => l.startsWith('chat:'))).toBe(false);
  });

  it('a game without any of it prints none of these lines', () => {
    const plain = summary(fixtureMatch({ seats: ['red', 'black'], seed: 2 }).replayText());
    expect(plain.filter((l) => /bot seats|dropped|resigned|took its seat back|forfeits|chat/.test(l))).toEqual([]);
  });

  it("a drop among an event's reveals may come in any chain order; the canonical form puts it in chain order", () => {
    const text = replays.get('bot-drop-chat')!;
    const log = parseLog(text);
    const drop = log.entries.findIndex((e) => e.k === 'drop');
    expect(log.entries[drop - 1].k).toBe('reveal'); // black (chain 1) dropped in place of its reveal, after red's (chain 0)
    const entries = log.entries.slice();
    [entries[drop - 1], entries[drop]] = [entries[drop], entries[drop - 1]];
    const swapped = stringifyLog({ ...log, entries });
    expect(verifyReplay(swapped).ok).toBe(true);
    expect(canonicalReplay(parseLog(swapped))).toBe(canonicalReplay(log));
    expect(canonicalReplay(log)).toBe(text); // the session already writes the canonical form
  });

  it('a bots list of nulls only means what no list means; a game where every seat is a bot seat is rejected', () => {
    const text = replays.get('resign-chat')!;
    expect(text).toContain('"bots":[null,null,null]');
    const without = text.replace(',"bots":[null,null,null]', '');
    expect(verifyReplay(without).ok).toBe(true);
    expect(canonicalReplay(parseLog(without))).toBe(canonicalReplay(parseLog(text)));
    const noChat = stringifyLog({ ...parseLog(text), chat: undefined });
    const allBots = noChat.replace('"bots":[null,null,null]', '"bots":["greedy","greedy","greedy"]');
    expect(verifyReplay(allBots)).toMatchObject({ ok: false, entry: 0, expected: 'a setup with at least one seat that is not a bot seat' });
  });

  it("a chat line must come from a player's seat of the game", () => {
    const text = replays.get('bot-drop-chat')!;
    expect(verifyReplay(text.replace('{"colour":"black","n":', '{"colour":"white","n":'))).toMatchObject({
      ok: false,
      malformed: true,
      message: expect.stringMatching(/chat line 0: "colour" must be a player's seat of this game \(red, black\), got "white"/),
    });
    // green is the bot seat: no player writes for it
    const green = verifyReplay(text.replace('{"colour":"black","n":', '{"colour":"green","n":'));
    expect(green.ok).toBe(false);
  });
});
