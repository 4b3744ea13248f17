// Fair randomness figures: verifying a full 6-seat Expansion 1 game, and the hashing floor
// of the same game (SHA-256 of its reveals only), as medians; their ratio shows how much of
// verification is the chains and how much the rules replay and the per-turn state hashes.
import { sha256 } from '@noble/hashes/sha2.js';
import { playLocal } from '../src/sim/local-game';
import { parseLog, verifyReplay } from '../src/fair';
import { fromHex } from '../src/fair/hex';
import { median, type BenchRow } from './types';

export default async function bench(): Promise<BenchRow[]> {
  const secrets = Array.from({ length: 6 }, (_, i) => new Uint8Array(32).fill(i + 1));
  const match = playLocal({
    seats: ['red', 'black', 'green', 'white', 'orange', 'blue'],
    bots: ['greedy'],
    expansion: true,
    shuffle: true,
    seed: 9,
    match: { secrets, gameId: 'bench' },
  });
  const text = match.replayText();
  const reveals = parseLog(text).entries.flatMap((e) => (e.k === 'reveal' ? [fromHex(e.value, 32, 'reveal')] : []));
  const first = verifyReplay(text);
  if (!first.ok) throw new Error(`bench game does not verify: ${first.message}`);

  const runs = 15;
  const verifyMs: number[] = [];
  const floorMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    verifyReplay(text);
    verifyMs.push(performance.now() - t);
    t = performance.now();
    for (const r of reveals) sha256(r);
    floorMs.push(performance.now() - t);
  }
  const v = median(verifyMs);
  const f = median(floorMs);
  const game = `${match.log.entries.length} entries, ${first.turns} turns, ${reveals.length} reveals, ${first.dice} dice`;
  return [
    { name: 'verify a full 6-seat expansion game', value: v, unit: 'ms', target: '≤ 100', note: `median of ${runs}; ${game}` },
    { name: "hashing floor: SHA-256 of the same game's reveals", value: f, unit: 'ms', note: `median of ${runs}` },
    { name: 'verify / hashing floor', value: v / f, unit: '×', note: 'the rest is the rules replay and per-turn state hashes' },
  ];
}
