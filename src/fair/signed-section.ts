// Version 3 of the log (P5.1): the signed section of a networked game's replay (the
// host-signed roster, one signature per authored entry, the votes behind drops and
// reclaims), written one item per line and read back checked for shape. Version 5 adds to
// each entry signature `w`, a move's time-bank claim (src/fair/time-bank.ts).
import { COLOURS, type Colour } from '../engine';
import { BOT_LEVELS, type BotLevel } from './bot-levels';
import { isHex } from './hex';
import {
  type EntrySignature,
  LogFormatError,
  MAX_SEATS,
  MAX_TURN,
  type RosterSeat,
  type SignedSection,
  type VoteRecord,
  type VoteSignature,
} from './log-entries';
import { isInt, isObject, type Raw } from './log-reader';
import { MAX_BANK_CLAIM } from './time-bank';

export type { EntrySignature, RosterSeat, SignedSection, VoteRecord, VoteSignature } from './log-entries';

export function stringifySigned(g: SignedSection): string {
  const list = (xs: string[]) => (xs.length ? `[\n${xs.map((x) => '  ' + x).join(',\n')}\n]` : '[]');
  const roster = g.roster.map((r) => JSON.stringify({ colour: r.colour, bot: r.bot, pub: r.pub, name: r.name }));
  const entries = g.entries.map((e) =>
    JSON.stringify({
      at: e.at,
      a: e.a,
      n: e.n,
      h: e.h ? { turn: e.h.turn, state: e.h.state } : null,
      ...(e.w !== undefined ? { w: e.w ? e.w.slice() : null } : {}),
      sig: e.sig,
    }),
  );
  const votes = g.votes.map((v) =>
    JSON.stringify({
      at: v.at,
      what: v.what,
      colour: v.colour,
      point: v.point,
      by: v.by.map((b) => ({ a: b.a, n: b.n, at: b.at, sig: b.sig })),
    }),
  );
  return `,"host":${JSON.stringify(g.host)},"startSig":${JSON.stringify(g.startSig)},"roster":${list(roster)},"signed":${list(entries)},"votes":${list(votes)}`;
}

/**
 * The version-3 signature sections, checked for shape here (the signatures themselves by
 * src/fair/signatures.ts); `claims` (version 5): each entry signature has `w`, null or a bank claim.
 */
export function readSigned(raw: Raw, entries: number, claims = false): SignedSection {
  const bad = (what: string): never => {
    throw new LogFormatError(`signatures: ${what}`, null);
  };
  const int = (v: unknown, where: string, max: number) =>
    isInt(v) && v >= 0 && v <= max ? v : bad(`${where} must be an integer from 0 to ${max}`);
  const hex = (v: unknown, where: string, bytes: number) =>
    isHex(v, bytes) ? v : bad(`${where} must be ${bytes * 2} lowercase hex digits`);
  const exact = (v: unknown, where: string, keys: string[]): Raw => {
    if (!isObject(v) || Object.keys(v).length !== keys.length || !keys.every((k) => k in v)) bad(`${where} must be {${keys.join(', ')}}`);
    return v as Raw;
  };
  const colour = (v: unknown, where: string): Colour =>
    typeof v === 'string' && COLOURS.includes(v as Colour) ? (v as Colour) : bad(`${where} must be a colour`);
  const list = (v: unknown, where: string, max: number): unknown[] =>
    Array.isArray(v) && v.length <= max ? v : bad(`${where} must be a list of at most ${max}`);
  const roster = list(raw.roster, '"roster"', MAX_SEATS).map((r, i): RosterSeat => {
    const o = exact(r, `roster[${i}]`, ['colour', 'bot', 'pub', 'name']);
    const bot =
      o.bot === null
        ? null
        : BOT_LEVELS.includes(o.bot as BotLevel)
          ? (o.bot as BotLevel)
          : bad(`roster[${i}].bot must be null or a bot level`);
    const name =
      o.name === null
        ? null
        : typeof o.name === 'string' && o.name.length <= 32 && !/[\u0000-\u001f\u007f\u2028\u2029]/.test(o.name)
          ? o.name
          : bad(`roster[${i}].name must be null or a short name`);
    return { colour: colour(o.colour, `roster[${i}].colour`), bot, pub: o.pub === null ? null : hex(o.pub, `roster[${i}].pub`, 32), name };
  });
  const signed = list(raw.signed, '"signed"', entries).map((e, i): EntrySignature => {
    const o = exact(e, `signed[${i}]`, claims ? ['at', 'a', 'n', 'h', 'w', 'sig'] : ['at', 'a', 'n', 'h', 'sig']);
    let h: EntrySignature['h'] = null;
    if (o.h !== null) {
      const ho = exact(o.h, `signed[${i}].h`, ['turn', 'state']);
      h = { turn: int(ho.turn, `signed[${i}].h.turn`, MAX_TURN), state: hex(ho.state, `signed[${i}].h.state`, 32) };
    }
    // The claim's length is the roster's, checked with the signatures (signatures.ts); here its bounds.
    const w = o.w == null ? null : list(o.w, `signed[${i}].w`, MAX_SEATS).map((x, j) => int(x, `signed[${i}].w[${j}]`, MAX_BANK_CLAIM));
    return {
      at: int(o.at, `signed[${i}].at`, entries),
      a: int(o.a, `signed[${i}].a`, MAX_SEATS - 1),
      n: int(o.n, `signed[${i}].n`, 1_000_000),
      h,
      ...(claims ? { w } : {}),
      sig: hex(o.sig, `signed[${i}].sig`, 64),
    };
  });
  const votes = list(raw.votes, '"votes"', entries).map((v, i): VoteRecord => {
    const o = exact(v, `votes[${i}]`, ['at', 'what', 'colour', 'point', 'by']);
    if (o.what !== 'drop' && o.what !== 'reclaim') bad(`votes[${i}].what must be "drop" or "reclaim"`);
    const by = list(o.by, `votes[${i}].by`, MAX_SEATS).map((b, j): VoteSignature => {
      const q = exact(b, `votes[${i}].by[${j}]`, ['a', 'n', 'at', 'sig']);
      return {
        a: int(q.a, `votes[${i}].by[${j}].a`, MAX_SEATS - 1),
        n: int(q.n, `votes[${i}].by[${j}].n`, 1_000_000),
        at: int(q.at, `votes[${i}].by[${j}].at`, 1_000_000),
        sig: hex(q.sig, `votes[${i}].by[${j}].sig`, 64),
      };
    });
    return {
      at: int(o.at, `votes[${i}].at`, entries),
      what: o.what as 'drop' | 'reclaim',
      colour: colour(o.colour, `votes[${i}].colour`),
      point: int(o.point, `votes[${i}].point`, 1_000_000),
      by,
    };
  });
  return { host: hex(raw.host, '"host"', 32), startSig: hex(raw.startSig, '"startSig"', 64), roster, entries: signed, votes };
}
