// The replay file of a networked game (P4.1, P5.1): every entry, the chat lines in their
// one order, and the signatures that prove who wrote what — the host-signed roster of keys,
// one signature per authored entry, the signed votes behind every drop and reclaim, every
// chat line's.
import type { Colour } from '../../engine';
import type { Replica } from '../../fair/replica';
import { SIGNED_LOG_VERSION, stringifyLog, type EntrySignature, type SignedSection, type VoteRecord } from '../../fair/log';
import { signatureSlots } from '../../fair/signatures';
import type { StartRecord } from '../wire';
import type { ChatLine } from './views';
import type { ItemPool } from './item-pool';
import type { SeatVotes, VoteKey } from './seat-votes';

export function replayText(
  start: StartRecord,
  replica: Replica,
  prefix: (i: number) => string,
  pool: ItemPool,
  votes: SeatVotes,
  chatLines: readonly ChatLine[],
): string {
  // Per seat, the lines numbered 0..k-1 without a gap (issue 18): a line after a missing one (not arrived yet, or let go as
  // over a limit or equivocation) is left out, so every honest replay passes verify's chat-number check.
  const run = new Map(start.roster.map((r) => [r.colour, contiguousChat(chatLines, r.colour)]));
  const numbered = chatLines.filter((c) => c.c !== undefined && c.c < (run.get(c.colour) ?? 0));
  const chat = numbered.map((c) => {
    const sig = pool.item(
      start.roster.findIndex((r) => r.colour === c.colour),
      c.n,
    )?.sig;
    return sig ? { ...c, sig } : { ...c };
  });
  const log = {
    ...replica.log,
    version: SIGNED_LOG_VERSION as typeof SIGNED_LOG_VERSION,
    signed: signedSection(start, replica, prefix, pool, votes),
  };
  return stringifyLog(chat.length ? { ...log, chat } : log);
}

/**
 * Per drop entry of the log (by index): the seats on whose signed votes it rests, in seat
 * order — what the replay's vote record holds and `verify` names ("rests on the word of").
 */
export function dropWitnesses(
  start: StartRecord,
  replica: Replica,
  prefix: (i: number) => string,
  votes: SeatVotes,
): Map<number, Colour[]> {
  const slots = signatureSlots(
    replica.log.entries,
    start.roster.map((r) => r.pub !== null),
  );
  const out = new Map<number, Colour[]>();
  slots.forEach((slot, i) => {
    if (slot?.kind !== 'votes' || slot.what !== 'drop') return;
    const by = votes.signedVotes({ what: 'drop', colour: slot.colour, point: i, p: prefix(i) });
    out.set(
      i,
      slot.voters.filter((a) => by?.get(a)?.sig).map((a) => start.roster[a].colour),
    );
  });
  return out;
}

function signedSection(
  start: StartRecord,
  replica: Replica,
  prefix: (i: number) => string,
  pool: ItemPool,
  votes: SeatVotes,
): SignedSection {
  const entries = replica.log.entries;
  const slots = signatureSlots(
    entries,
    start.roster.map((r) => r.pub !== null),
  );
  const signed: EntrySignature[] = [];
  const records: VoteRecord[] = [];
  slots.forEach((slot, i) => {
    if (!slot) return;
    if (slot.kind === 'author') {
      const item = pool.tookEntry(slot.a, i, replica, prefix(i));
      if (item?.sig)
        signed.push({ at: i, a: item.a, n: item.n, h: item.h ? { ...item.h } : null, w: item.w ? item.w.slice() : null, sig: item.sig });
      return;
    }
    const target = start.roster.findIndex((r) => r.colour === slot.colour);
    const need = slot.what === 'reclaim' ? [...slot.voters, target].sort((x, y) => x - y) : slot.voters;
    const k: VoteKey | undefined =
      slot.what === 'drop' ? { what: 'drop', colour: slot.colour, point: i, p: prefix(i) } : votes.reclaimKeyAt(i);
    const by = k ? votes.signedVotes(k) : undefined;
    records.push({
      at: i,
      what: slot.what,
      colour: slot.colour,
      point: k?.point ?? i,
      by: need.flatMap((a) => {
        // An equivocator's vote counts for nothing, and which of its versions a peer holds is chance: never written.
        if (pool.isEquivocator(a)) return [];
        const v = by?.get(a);
        return v?.sig ? [{ a, n: v.n, at: v.at, sig: v.sig }] : [];
      }),
    });
  });
  return { host: start.host, startSig: start.sig, roster: start.roster.map((r) => ({ ...r })), entries: signed, votes: records };
}

/** How many of `colour`'s chat numbers from 0 are held without a gap. */
function contiguousChat(lines: readonly ChatLine[], colour: Colour): number {
  const numbers = new Set(lines.flatMap((l) => (l.colour === colour && l.c !== undefined ? [l.c] : [])));
  let k = 0;
  while (numbers.has(k)) k++;
  return k;
}
