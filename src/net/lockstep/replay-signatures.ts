// The replay file of a networked game (P4.1, P5.1): every entry, the chat lines in their
// one order, and the signatures that prove who wrote what — the host-signed roster of keys,
// one signature per authored entry, the signed votes behind every drop and reclaim, every
// chat line's.
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
  const chat = chatLines.map((c) => {
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
      if (item?.sig) signed.push({ at: i, a: item.a, n: item.n, h: item.h ? { ...item.h } : null, sig: item.sig });
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
