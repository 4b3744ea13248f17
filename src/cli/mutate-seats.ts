// Forgeries of seat changes for `npm run mutate` (issue 18): a signed (version-4) networked
// game is played in-process, so the forger's key is known, and one player then edits the
// replay — a drop of the last player before its last move, a drop in place of its last
// reveal, another seat's resignation, a reclaim, a chat line deleted — and signs again, with
// its own valid key, everything it can: its vote, its own entries moved to new indices. The
// others' signatures stay as they were. Each must be rejected by verify, or be what the
// forger may legally say (a drop on its own vote), which verify names: "rests on the word of".
import { canonicalJson, type Colour } from '../engine';
import { verifyReplay, type LogEntry } from '../fair';
import { parseLog, stringifyLog } from '../fair/log-file';
import type { EntrySignature, GameLog, VoteRecord } from '../fair/log-entries';
import { prefixHashes } from '../fair/prefix-hash';
import { signatureSlots } from '../fair/signatures';
import { itemSigningText } from '../fair/signing';
import { sign, type Identity } from '../net/identity';
import { MeshSim } from '../sim/mesh-sim';

const HOUR = 3_600_000;

export interface SeatForgery {
  what: string;
  text: string;
}

export type SeatVerdict = 'rejected' | 'word' | 'hole';

/** A 3-seat signed game (green resigns, black chats twice, red and black play to the end) and its players' identities. */
export async function signedGame(seed: number): Promise<{ text: string; identities: Identity[] }> {
  const sim = new MeshSim({ peers: 3, seed });
  try {
    await sim.open();
    const turn = (t: number) => sim.runUntil(() => sim.peers[0].session.started && sim.peers[0].session.state.turn >= t, HOUR);
    await turn(3);
    for (const line of ['good luck', 'rebels', 'have fun']) {
      sim.peers[1].session.sendChat(line);
      await sim.runUntil(() => false, 1_000); // the chat gap
    }
    await turn(5);
    sim.peers[2].session.resign();
    if (!(await sim.runUntil(() => sim.finished(), 2 * HOUR))) throw new Error(`internal: the signed game (seed ${seed}) did not finish`);
    return { text: sim.logs()[0], identities: sim.peers.map((p) => p.session.identity) };
  } finally {
    sim.dispose();
  }
}

/**
 * The log with `entries` in place of the original ones (`from[j]`: the original index of new
 * entry j, or null for an inserted one), signed again where forger seat `f` can sign.
 */
function resign(log: GameLog, entries: LogEntry[], from: (number | null)[], f: number, key: Identity): GameLog {
  const g = log.signed!;
  const settings = log.entries[0];
  const game = settings.k === 'settings' ? settings.gameId : '';
  const hasKey = g.roster.map((r) => r.pub !== null);
  const slots = signatureSlots(entries, hasKey);
  const prefixes = prefixHashes(entries);
  const oldSig = new Map(g.entries.map((s) => [s.at, s]));
  const oldVotes = new Map(g.votes.map((v) => [v.at, v]));
  let next = Math.max(0, ...g.entries.filter((s) => s.a === f).map((s) => s.n), ...(log.chat ?? []).map((c) => c.n)) + 1000;
  const signed: EntrySignature[] = [];
  const votes: VoteRecord[] = [];
  // Version 5: every item names a bank claim (a move's own, or nothing used; null off a move).
  const claims = log.version >= 5;
  const text = (a: number, n: number, at: number, body: unknown, h: EntrySignature['h'], p: string | null, w: number[] | null = null) =>
    sign(key, 'item', itemSigningText(game, { a, n, at, body, h, p, ...(claims ? { w } : {}) }));
  slots.forEach((slot, j) => {
    if (!slot) return;
    const was = from[j];
    if (slot.kind === 'author') {
      const s = was !== null ? oldSig.get(was) : undefined;
      const e = entries[j];
      const move = e.k === 'place' || e.k === 'deploy';
      if (slot.a === f) {
        const n = s?.n ?? next++;
        const h = s?.h ?? null;
        const w = move ? (s?.w ?? hasKey.map(() => 0)) : null;
        const sig = text(f, n, j, { k: 'entry', entry: e }, h, move ? prefixes[j] : null, w);
        signed.push(claims ? { at: j, a: f, n, h, w, sig } : { at: j, a: f, n, h, sig });
      } else if (s) signed.push({ ...s, at: j });
      return;
    }
    const v = was !== null ? oldVotes.get(was) : undefined;
    if (v) {
      votes.push({ ...v, at: j, point: slot.what === 'drop' ? j : v.point });
      return;
    }
    // The forged change: the forger's own vote, if it may vote at all (a reclaim also lists the seat itself, unsigned here).
    const body = { k: 'vote', what: slot.what, colour: slot.colour, point: j };
    const n = next++;
    const by = slot.voters.includes(f) ? [{ a: f, n, at: j, sig: text(f, n, j, body, null, prefixes[j]) }] : [];
    votes.push({ at: j, what: slot.what, colour: slot.colour, point: j, by });
  });
  return { ...log, entries, signed: { ...g, entries: signed, votes } };
}

/** The seat forgeries of one signed game, forged by `forger` (lobby seat) against `victim` (a colour). */
export function seatForgeries(text: string, identities: Identity[], forger: number, victim: Colour): SeatForgery[] {
  const log = parseLog(text);
  const out: SeatForgery[] = [];
  const key = identities[forger];
  const lobby = log.entries[0].k === 'settings' ? log.entries[0].setup.seats : [];
  const ids = log.entries.map((_, i) => i);
  const insert = (what: string, at: number, e: LogEntry) => {
    const entries = [...log.entries.slice(0, at), e, ...log.entries.slice(at)];
    const from = [...ids.slice(0, at), null, ...ids.slice(at)];
    out.push({ what, text: stringifyLog(resign(log, entries, from, forger, key)) });
  };
  // The victim's last move: the last move it signed.
  const v = lobby.indexOf(victim);
  const moves = log.signed!.entries.filter((s) => s.a === v && (log.entries[s.at].k === 'place' || log.entries[s.at].k === 'deploy'));
  const lastMove = Math.max(...moves.map((s) => s.at));
  const lastPlace = log.entries[lastMove].k === 'deploy' ? lastMove - 1 : lastMove;
  insert(`a drop of ${victim} before its last move`, lastPlace, { k: 'drop', colour: victim });
  const lastReveal = log.entries.reduce((best, e, i) => (e.k === 'reveal' && e.chain === v ? i : best), -1);
  if (lastReveal >= 0) {
    const entries = log.entries.map((e, i): LogEntry => (i === lastReveal ? { k: 'drop', colour: victim } : e));
    const from = ids.map((i) => (i === lastReveal ? null : i));
    out.push({ what: `a drop of ${victim} in place of its last reveal`, text: stringifyLog(resign(log, entries, from, forger, key)) });
  }
  insert(`a resignation of ${victim} inserted before its last move`, lastPlace, { k: 'resign', colour: victim });
  insert(`a reclaim of ${victim} inserted before its last move`, lastPlace, { k: 'reclaim', colour: victim });
  const chat = log.chat ?? [];
  const middle = chat.findIndex((c) => c.c === 1);
  if (middle >= 0)
    out.push({
      what: `chat line 1 of ${chat[middle].colour} deleted`,
      text: stringifyLog({ ...log, chat: chat.filter((_, i) => i !== middle) }),
    });
  return out;
}

/** A forgery's verdict: rejected, a legal statement verify names ("rests on the word of" the forger), or a hole. */
export function judgeSeatForgery(text: string, original: string, forgerColour: Colour): SeatVerdict {
  const report = verifyReplay(text);
  if (!report.ok || report.inProgress) return 'rejected';
  if (canonicalJson(parseLog(text).entries) === canonicalJson(parseLog(original).entries)) return 'hole';
  return report.lines.some((l) => l.includes(`rests on the word of ${forgerColour} (`)) ? 'word' : 'hole';
}
