// The signatures of a version-3 replay (P5.1): the host-signed start record names every
// seat's Ed25519 key; every entry a seat authored (commitment, reveal, move, resignation)
// carries its author's signature over the game id and the entry's signed position (author
// seat, sequence number, log index, the state hash it attested); every drop and reclaim
// carries the signed votes of every seat that had to agree; every chat line its author's
// signature. The walk that says which entry needs whose signature is shared with the
// peers that write the file (src/net/mesh-session.ts), so both sides agree on it.
import type { Colour } from '../engine';
import { EntryError } from './follower';
import { fingerprint } from './fingerprint';
import { DEFAULT_GAME_CLOCK, type GameLog, type LogEntry } from './log-entries';
import type { RosterSeat } from './signed-section';
import { prefixHashes } from './prefix-hash';
import { itemSigningText, startSigningText, verifyEd25519, type SignedFields } from './signing';
import { BankBook, carriesClaim, claimError } from './time-bank';

/** What the log needs signed at one index: its author's signature, or the votes behind a seat change. */
export type SignatureSlot =
  | { kind: 'author'; a: number }
  | { kind: 'votes'; what: 'drop' | 'reclaim'; colour: Colour; voters: number[]; turn: number }
  | null;

/**
 * For each entry of a networked game's log: whose signature it needs. `hasKey[i]` says
 * whether lobby seat i is a player's (holds a key). Authored: commitments and reveals (by
 * their chain's seat), resignations, and the moves of a seat its player controls; derived
 * entries and a bot's moves are signed by nobody. Voters on a drop or reclaim of `colour`:
 * every other seat still played by its player.
 */
export function signatureSlots(entries: readonly LogEntry[], hasKey: readonly boolean[]): SignatureSlot[] {
  return entries.map(signatureWalk(entries[0], hasKey));
}

/**
 * The same walk one entry at a time, from entry 0 (`settings`) on: each call takes the next
 * entry and says whose signature it needs (a log that grows walks each entry once).
 */
export function signatureWalk(settings: LogEntry | undefined, hasKey: readonly boolean[]): (e: LogEntry) => SignatureSlot {
  if (!settings || settings.k !== 'settings') return () => null;
  const lobby = settings.setup.seats;
  let order: Colour[] = lobby.slice();
  const bot = lobby.map((_, i) => !!settings.bots?.[i]);
  let turn = 1;
  return (e): SignatureSlot => {
    switch (e.k) {
      case 'commit':
      case 'reveal':
        return { kind: 'author', a: e.chain };
      case 'resign': {
        const a = lobby.indexOf(e.colour);
        if (a >= 0) bot[a] = true;
        return { kind: 'author', a };
      }
      case 'place':
      case 'deploy': {
        const a = lobby.indexOf(order[e.seat]);
        return a >= 0 && !bot[a] ? { kind: 'author', a } : null;
      }
      case 'seats':
        order = e.order.slice();
        return null;
      case 'hash':
        turn = e.turn + 1;
        return null;
      case 'drop':
      case 'reclaim': {
        const a = lobby.indexOf(e.colour);
        const voters = lobby.flatMap((c, i) => (hasKey[i] && !bot[i] && c !== e.colour ? [i] : []));
        if (a >= 0) bot[a] = e.k === 'drop';
        return { kind: 'votes', what: e.k, colour: e.colour, voters, turn };
      }
      default:
        return null;
    }
  };
}

export interface SignatureReport {
  lines: string[];
  /** Per lobby seat: its colour and the fingerprint of the key that signed for it (null: a bot seat). */
  signers: { colour: Colour; fingerprint: string | null }[] | null;
  /** Every drop, by log index, with the seats whose signed votes it rests on (all checked): what the results show. */
  drops: { at: number; colour: Colour; by: Colour[] }[];
}

/** Checks every signature of a version-3 log; throws EntryError at the first that fails. An older log is reported unsigned. */
export function checkSignatures(log: GameLog): SignatureReport {
  const g = log.signed;
  if (!g)
    return {
      lines: [
        `unsigned: log version ${log.version} carries no signatures (a one-device game, or an older file); ` +
          'it proves consistency with its commitments, not who wrote each entry',
      ],
      signers: null,
      drops: [],
    };
  const settings = log.entries[0];
  if (!settings || settings.k !== 'settings') throw new EntryError(0, 'the settings', 'no settings');
  const game = settings.gameId;
  const lobby = settings.setup.seats;
  const fail = (at: number, expected: string, found: string): never => {
    throw new EntryError(at, expected, found);
  };
  // The roster: one seat per lobby colour, a key exactly for the players' seats, signed by the host (a player).
  if (
    g.roster.length !== lobby.length ||
    g.roster.some((r, i) => r.colour !== lobby[i] || r.bot !== (settings.bots?.[i] ?? null) || (r.pub === null) !== (r.bot !== null))
  )
    fail(0, "a roster of the settings' seats, with a key for each player's seat", 'a roster that does not match the settings');
  if (!g.roster.some((r) => r.pub === g.host)) fail(0, 'a host that holds a seat', `host key ${fingerprint(g.host)}`);
  const roster: RosterSeat[] = g.roster;
  if (!verifyEd25519(g.host, 'start', startSigningText({ settings, roster, host: g.host }), g.startSig))
    fail(0, `the start record signed by the host's key ${fingerprint(g.host)}`, 'a bad signature');
  const pubs = roster.map((r) => r.pub);
  const slots = signatureSlots(
    log.entries,
    pubs.map((p) => p !== null),
  );
  const counts = roster.map(() => ({ entries: 0, votes: 0, chat: 0 }));
  // Version 4: every signed entry and vote names the hash of the log prefix it extends (P6); chat lines name none.
  const bound = log.version >= 4;
  const prefixes = bound ? prefixHashes(log.entries) : [];
  // Version 5: every signed item names its time-bank claim too (a move's; null on anything else).
  const claims = log.version >= 5;
  const signed = (f: Omit<SignedFields, 'p'>, at: number | null): string =>
    itemSigningText(game, {
      ...f,
      ...(bound ? { p: at === null ? null : (prefixes[at] ?? null) } : {}),
      ...(claims ? { w: f.w ?? null } : {}),
    });
  const book = new BankBook(
    lobby,
    pubs.map((p) => p !== null),
  );
  const words: string[] = [];
  const drops: SignatureReport['drops'] = [];
  // One item per (seat, number): two different signed items under one number would be equivocation.
  const seen = new Map<string, string>();
  const once = (a: number, n: number, text: string, at: number) => {
    const k = `${a}|${n}`;
    const prior = seen.get(k);
    if (prior !== undefined && prior !== text)
      fail(at, `one signed item numbered ${n} from ${lobby[a]}`, 'two different ones (equivocation)');
    seen.set(k, text);
  };
  const hashAt = new Map<number, { at: number; state: string }>();
  let si = 0,
    vi = 0,
    attested = 0;
  for (let i = 0; i < log.entries.length; i++) {
    const e = log.entries[i];
    if (e.k === 'hash') hashAt.set(e.turn, { at: i, state: e.state });
    const slot = slots[i];
    // The bank count goes on with every entry: a seat's drop or return here, a move's claim once its signature holds.
    if (slot?.kind !== 'author') book.take(e, slot, null);
    if (!slot) continue;
    if (slot.kind === 'author') {
      const s = g.entries[si];
      if (!s || s.at !== i)
        fail(i, `the signature of ${lobby[slot.a] ?? 'its author'}`, s ? `the next signature for entry ${s.at}` : 'none');
      si++;
      if (s.a !== slot.a || !pubs[slot.a]) fail(i, `a signature by ${lobby[slot.a]}`, `one by seat ${s.a}`);
      // A move names its history; a commitment, reveal or resignation none (the same on every history).
      if (claims) {
        const why = carriesClaim(e) ? claimError(s.w, lobby.length) : s.w === null ? null : 'no bank claim (only a move carries one)';
        if (why) fail(i, `${lobby[slot.a]}'s signed entry with ${why}`, s.w === null ? 'none' : `w ${JSON.stringify(s.w).slice(0, 40)}`);
      }
      const text = signed(
        { a: s.a, n: s.n, at: i, body: { k: 'entry', entry: e }, h: s.h, w: s.w },
        e.k === 'place' || e.k === 'deploy' ? i : null,
      );
      if (!verifyEd25519(pubs[slot.a]!, 'item', text, s.sig))
        fail(i, `${lobby[slot.a]}'s signature (key ${fingerprint(pubs[slot.a]!)})`, 'a bad signature');
      once(s.a, s.n, text, i);
      book.take(e, slot, s.w ?? null);
      if (s.h) {
        // The state hash the author signed must be the log's own for that turn, written before this entry (P1.4).
        const mine = hashAt.get(s.h.turn);
        // Version 4: a hash of a turn the log had not ended there is the seat's word too, recorded (the wire takes any turn).
        if ((!mine || mine.at >= i) && bound)
          words.push(`${lobby[slot.a]} signed a state hash of turn ${s.h.turn} (entry ${i}), a turn the log had not ended there`);
        else if (!mine || mine.at >= i)
          throw new EntryError(i, `${lobby[slot.a]}'s signed state hash of a turn before this entry`, `turn ${s.h.turn}`);
        else if (mine.state === s.h.state) attested++;
        // Version 4: a seat may sign a wrong hash (the others outvote it, P6.3); the replay records its word against it.
        else if (bound) words.push(`${lobby[slot.a]} signed a state hash of turn ${s.h.turn} (entry ${i}) that the log contradicts`);
        else fail(i, `${lobby[slot.a]}'s signed state hash of turn ${s.h.turn} to match the log's`, `${s.h.state.slice(0, 16)}…`);
      }
      counts[slot.a].entries++;
      continue;
    }
    const v = g.votes[vi];
    if (!v || v.at !== i)
      fail(i, `the signed votes behind the ${slot.what} of ${slot.colour}`, v ? `the next votes for entry ${v.at}` : 'none');
    vi++;
    if (v.what !== slot.what || v.colour !== slot.colour) fail(i, `votes to ${slot.what} ${slot.colour}`, `votes to ${v.what} ${v.colour}`);
    if (slot.what === 'drop' ? v.point !== i : v.point > slot.turn)
      fail(
        i,
        slot.what === 'drop' ? `votes for the drop at log index ${i}` : `votes for a reclaim by turn ${slot.turn}`,
        `votes for point ${v.point}`,
      );
    const target = lobby.indexOf(slot.colour);
    const need = slot.what === 'reclaim' ? [...slot.voters, target].sort((x, y) => x - y) : slot.voters;
    if (bound && slot.what === 'drop') {
      // Version 4: a drop rests on the signed votes of at least one eligible seat, each once, in seat order (P6.2, P6.4).
      const ok = v.by.length > 0 && v.by.every((b, j) => need.includes(b.a) && (j === 0 || v.by[j - 1].a < b.a));
      if (!ok)
        fail(
          i,
          `the votes of at least one of ${need.map((a) => lobby[a]).join(', ') || 'nobody (a drop nobody may vote for)'}`,
          `votes by ${v.by.map((b) => lobby[b.a] ?? b.a).join(', ') || 'nobody'}`,
        );
      if (v.by.some((b) => b.at !== i)) fail(i, `drop votes signed for log index ${i}`, 'a vote signed elsewhere');
      const by = v.by.map((b) => lobby[b.a]).join(', ');
      words.push(`the drop of ${slot.colour} at entry ${i} rests on the word of ${by} (${v.by.length} of ${need.length} eligible)`);
    } else if (v.by.length !== need.length || v.by.some((b, j) => b.a !== need[j]))
      // Every voter once, in seat order (a reclaim also needs the seat's own player, who asks; a version-3 drop every voter).
      fail(
        i,
        `the votes of ${need.map((a) => lobby[a]).join(', ') || 'nobody'}`,
        `votes by ${v.by.map((b) => lobby[b.a] ?? b.a).join(', ') || 'nobody'}`,
      );
    if (slot.what === 'drop') drops.push({ at: i, colour: slot.colour, by: v.by.map((b) => lobby[b.a]) });
    for (const b of v.by) {
      if (bound && b.at > log.entries.length) fail(i, 'a vote signed within the log', `one signed for log index ${b.at}`);
      const text = signed({ a: b.a, n: b.n, at: b.at, body: { k: 'vote', what: v.what, colour: v.colour, point: v.point }, h: null }, b.at);
      if (!verifyEd25519(pubs[b.a]!, 'item', text, b.sig))
        fail(i, `${lobby[b.a]}'s signed vote (key ${fingerprint(pubs[b.a]!)})`, 'a bad signature');
      once(b.a, b.n, text, i);
      counts[b.a].votes++;
    }
  }
  if (si !== g.entries.length)
    fail(g.entries[si].at, 'no signature for an entry nobody authored', `a signature for entry ${g.entries[si].at}`);
  if (vi !== g.votes.length)
    fail(g.votes[vi].at, 'no votes for an entry that is not a drop or reclaim', `votes for entry ${g.votes[vi].at}`);
  // Version 4: each seat's chat lines carry its chat numbers 0..k-1, each once (a line deleted from the middle leaves a gap).
  const chatNumbers = new Map<number, number[]>();
  for (const c of log.chat ?? []) {
    const a = lobby.indexOf(c.colour);
    if (a < 0 || !pubs[a] || c.sig === undefined) fail(c.at, `a chat line signed by a player's seat`, `one from ${c.colour}`);
    const body = bound ? { k: 'chat', c: c.c, text: c.text } : { k: 'chat', text: c.text };
    const text = signed({ a, n: c.n, at: c.at, body, h: null }, null);
    if (!verifyEd25519(pubs[a]!, 'item', text, c.sig!))
      fail(c.at, `${c.colour}'s signed chat line (key ${fingerprint(pubs[a]!)})`, 'a bad signature');
    once(a, c.n, text, c.at);
    counts[a].chat++;
    if (bound) chatNumbers.set(a, [...(chatNumbers.get(a) ?? []), c.c ?? -1]);
  }
  for (const [a, numbers] of chatNumbers) {
    const sorted = numbers.slice().sort((x, y) => x - y);
    const wrong = sorted.findIndex((c, j) => c !== j);
    if (wrong >= 0)
      throw new EntryError(
        log.entries.length,
        `${lobby[a]}'s chat lines numbered 0 to ${sorted.length - 1}, each once`,
        sorted[wrong] < wrong ? `chat number ${sorted[wrong]} twice` : `no chat line numbered ${wrong} (a line is missing)`,
      );
  }
  const signers = roster.map((r) => ({ colour: r.colour, fingerprint: r.pub ? fingerprint(r.pub) : null }));
  const total = counts.reduce((x, c) => ({ entries: x.entries + c.entries, votes: x.votes + c.votes, chat: x.chat + c.chat }), {
    entries: 0,
    votes: 0,
    chat: 0,
  });
  const hostSeat = roster.find((r) => r.pub === g.host)!;
  const lines = [
    `signatures: all ${total.entries + total.votes + total.chat + 1} Ed25519 signatures hold ` +
      `(the start record by the host, ${hostSeat.colour}; ${total.entries} entries, ${total.votes} votes, ` +
      `${total.chat} chat lines; ${attested} signed state hashes match the log)`,
    ...roster.map((r, i) =>
      r.pub
        ? `signed by ${r.colour}: key ${fingerprint(r.pub)} (${counts[i].entries} entries, ${counts[i].votes} votes, ${counts[i].chat} chat lines)`
        : `${r.colour}: a bot seat, signs nothing`,
    ),
    ...(claims ? [bankLine(log, roster, book)] : []),
    ...words,
  ];
  return { lines, signers, drops };
}

/** Version 5: each player's time bank as the log counts it at its end (time-bank.ts), in whole seconds. */
function bankLine(log: GameLog, roster: readonly RosterSeat[], book: BankBook): string {
  const settings = log.entries[0];
  const clock = (settings?.k === 'settings' && settings.clock) || DEFAULT_GAME_CLOCK;
  const bank = Math.floor(clock.bankMs / 1000);
  const seats = roster.flatMap((r, i) => (r.pub ? [`${r.colour} ${Math.min(book.used(i), bank)}`] : []));
  return `time banks (seconds used of ${bank}, the smallest claim of the other players): ${seats.join(', ')}`;
}
