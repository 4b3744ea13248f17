// The fuzzer's cost view (issue 18): what a hostile peer can make the victim spend, not only
// whether it crashes it. Over the fuzzer's authenticated link, with every limit in force
// (nothing refilled), a few frame mixes are sent for some simulated seconds each, at more
// frames a second than the flood limit lets through: crafted signatures, far-ahead numbers,
// copies of a catch-up batch, sync requests, hellos with fresh nonces, valid signed chat, and
// all of them at once.
//   busy: the time the victim spent handling the mix's frames over the simulated seconds it
//     lasted (its CPU share had the frames come in real time), for the worst mix;
//   amplification: the bytes the victim sent on that link over the bytes the mix sent, for
//     the worst mix (sync answers are the only large replies), past the link's catch-up
//     allowance (CATCH_UP_BYTES, refilled at CATCH_UP_REFILL_PER_SECOND).
import { sign, signatureChecks, type Identity } from '../net/identity';
import { SEQ_WINDOW } from '../net/lockstep/limits';
import { packItems } from '../net/lockstep/resync';
import { encodeFrame, itemSigningText, MAX_ITEMS_PER_FRAME } from '../net/wire';
import type { MeshSim } from '../sim/mesh-sim';
import type { SimMeshSession } from '../sim/sim-mesh-session';

export interface CostFigures {
  /** The victim's CPU share under the worst mix (0..1) and that mix's name. */
  busy: number;
  busiest: string;
  /** Answer bytes over request bytes under the worst mix, and its name. */
  amplification: number;
  amplest: string;
  /** Per mix: its busy share, byte ratio, and real signature checks per simulated second (a count, not a timing). */
  mixes: { name: string; busy: number; amplification: number; checksPerSecond: number }[];
}

/** Frames a mix sends per simulated second (past the 400 frames/s flood limit, so the limits are what bound the cost). */
const RATE = 600;
const SECONDS = 4;

type Mix = { name: string; frame: (i: number) => string };

function crafted(i: number): string {
  let s = '';
  for (let k = 0; k < 16; k++) s += (((i + 1) * 2654435761 + k * 97) >>> 0).toString(16).padStart(8, '0');
  return s.slice(0, 128);
}

function mixes(victim: SimMeshSession, key: Identity, seat: number, have: () => number): Mix[] {
  const gameId = victim.gameId;
  const item = (n: number, text: string, sig: string) =>
    JSON.stringify({ t: 'item', item: { a: seat, n, at: 1, body: { k: 'chat', c: 0, text }, h: null, p: null, w: null, sig } });
  const signedChat = (n: number) => {
    const unsigned = { a: seat, n, at: 1 + (n % 900), body: { k: 'chat' as const, c: 0, text: `cost ${n}` }, h: null, p: null, w: null };
    return JSON.stringify({ t: 'item', item: { ...unsigned, sig: sign(key, 'item', itemSigningText(gameId, unsigned)) } });
  };
  const hello = (i: number) =>
    JSON.stringify({
      t: 'hello',
      v: 1,
      pub: key.publicKey,
      nonce: i.toString(16).padStart(32, '0'),
      name: 'p1',
      game: gameId,
      role: 'player',
    });
  const sync = (i: number) => (i % 2 ? '{"t":"sync","have":[],"len":0,"dig":[]}' : '{"t":"sync","have":[0,0,0],"len":1,"dig":["","",""]}');
  // Valid chat is signed by the attacker beforehand: its own cost, not the victim's.
  const chat = Array.from({ length: RATE * SECONDS }, (_, i) => signedChat(have() + 1 + i));
  // A catch-up batch of items the victim holds (copies: no check, but each compared), sent as often as frames may go.
  const pool = victim.poolView!;
  const copies = packItems(pool.missingFrom([], MAX_ITEMS_PER_FRAME)).map(encodeFrame);
  const one: Mix[] = [
    { name: 'crafted signatures', frame: (i) => item(have() + 1 + (i % 200), `x${i}`, crafted(i)) },
    { name: 'copied batches', frame: (i) => copies[i % copies.length] },
    { name: 'far-ahead numbers', frame: (i) => item(have() + SEQ_WINDOW + (i % 500), `far ${i}`, crafted(i)) },
    { name: 'sync requests', frame: sync },
    { name: 'hellos', frame: hello },
    { name: 'signed chat', frame: (i) => chat[i % chat.length] },
  ];
  return [...one, { name: 'all at once', frame: (i) => one[i % one.length].frame(i) }];
}

/** Runs every mix over the link from `from` to the victim and returns the figures (the victim's log is not changed by any). */
export async function costView(sim: MeshSim, victim: SimMeshSession, from: string, key: Identity, seat: number): Promise<CostFigures> {
  const transport = sim.net.transport(victim.transportId)!;
  const handlers = transport.handlers!;
  // What the victim sends to the fuzzer is counted at its transport (the fuzzer's "bye"s may have closed the simulated link).
  let answered = 0;
  const send = transport.send;
  transport.send = (peer, frame) => {
    if (peer === from) answered += frame.length;
    return peer === from || send.call(transport, peer, frame);
  };
  // The fuzzer's link as it is now (authenticated): kept in place, as a simulated redial would replace it with a new one.
  const link = victim.linkTo(from)!;
  const have = () => (victim as unknown as { pool: { sequences: number[] } }).pool.sequences[seat] ?? 0;
  const out: CostFigures['mixes'] = [];
  let i = 0;
  for (const mix of mixes(victim, key, seat, have)) {
    let spent = 0;
    let asked = 0;
    const checks = signatureChecks();
    let checked = 0;
    const deferredMs = victim.deferredMs;
    const spentBefore = link.catchUpSpent;
    answered = 0;
    for (let s = 0; s < SECONDS; s++) {
      const start = sim.clock.now();
      for (let k = 0; k < RATE; k++, i++) {
        const frame = mix.frame(i);
        asked += frame.length;
        const t0 = performance.now();
        handlers.message(from, frame);
        spent += performance.now() - t0;
      }
      // The checks of the mix's SECONDS seconds, [start, start + SECONDS): what waited past them is the mix's next second's.
      if (s === SECONDS - 1) checked = signatureChecks() - checks;
      // A second of the victim's clock passes (its per-second budgets refill, and what waited for them is handled).
      await sim.pass(start + 1000 - sim.clock.now());
      victim.keepLink(link);
    }
    out.push({
      name: mix.name,
      // The victim's work on the mix: handling its frames as they came, and those that waited for a budget.
      busy: (spent + victim.deferredMs - deferredMs) / (SECONDS * 1000),
      // Beyond the link's catch-up allowance (a late joiner's whole game at first, then its refill), reported apart.
      amplification: (answered - (link.catchUpSpent - spentBefore)) / asked,
      checksPerSecond: checked / SECONDS,
    });
  }
  transport.send = send;
  const busiest = out.reduce((a, b) => (b.busy > a.busy ? b : a));
  const amplest = out.reduce((a, b) => (b.amplification > a.amplification ? b : a));
  return { busy: busiest.busy, busiest: busiest.name, amplification: amplest.amplification, amplest: amplest.name, mixes: out };
}
