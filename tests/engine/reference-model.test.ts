// A second, deliberately naive model of realms written from the raw tiles.json: a
// breadth-first walk over placed tiles. Random games compare the engine against it for
// realm membership, completeness, legal deployments and final scoring (R5.2–R5.4, R7, R8.2).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COLOUR_FACTION,
  STRIDE,
  TEAMS,
  applyInPlace,
  cloneState,
  endGame,
  legalDeployments,
  newGame,
  scorerOf,
  type GameState,
} from '../../src/engine';
import { randomAction, randomSetup } from '../support/engine-random';
import { SeededRandom as Prng } from '../../src/fair/mulberry32';

interface RawTile {
  id: string;
  edges: string;
  segments: string[];
}
const raw = JSON.parse(readFileSync(new URL('../../src/engine/tiles.json', import.meta.url), 'utf8')) as {
  base: RawTile[];
  expansion1: RawTile[];
};
const TILES = new Map([...raw.base, ...raw.expansion1].map((t) => [t.id, t]));
const OFF = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];

interface Seg {
  kind: string;
  printed: number[];
  symbols: string[];
}
const SEGS = new Map(
  [...TILES.values()].map((t) => [
    t.id,
    t.segments.map((text): Seg => {
      const [body, ...symbols] = text.split('*');
      if (body === 'P') return { kind: 'P', printed: [], symbols };
      return { kind: body[0], printed: [...body.slice(2)].map((c) => 'NESW'.indexOf(c)), symbols };
    }),
  ]),
);
const segsOf = (id: string): Seg[] => SEGS.get(id)!;

interface RefRealm {
  kind: string;
  nodes: string[];
  tiles: Set<number>;
  symbols: string[];
  open: number;
  complete: boolean;
}

/** Every realm of the board, keyed by each of its nodes "tile:seg". */
function referenceRealms(s: GameState): Map<string, RefRealm> {
  const at = new Map(s.tiles.map((t, i) => [`${t.x},${t.y}`, i]));
  const byNode = new Map<string, RefRealm>();
  s.tiles.forEach((t, ti) => {
    segsOf(t.id).forEach((seg, si) => {
      if (byNode.has(`${ti}:${si}`)) return;
      const realm: RefRealm = { kind: seg.kind, nodes: [], tiles: new Set(), symbols: [], open: 0, complete: false };
      const queue: [number, number][] = [[ti, si]];
      byNode.set(`${ti}:${si}`, realm);
      while (queue.length) {
        const [a, b] = queue.shift()!;
        realm.nodes.push(`${a}:${b}`);
        realm.tiles.add(a);
        const tile = s.tiles[a];
        const sg = segsOf(tile.id)[b];
        realm.symbols.push(...sg.symbols);
        for (const p of sg.printed) {
          const d = (p + tile.r) % 4;
          const n = at.get(`${tile.x + OFF[d][0]},${tile.y + OFF[d][1]}`);
          if (n === undefined) {
            realm.open++;
            continue;
          }
          const nt = s.tiles[n];
          const back = (((d + 2) % 4) - nt.r + 4) % 4;
          const ns = segsOf(nt.id).findIndex((x) => x.printed.includes(back));
          const key = `${n}:${ns}`;
          if (!byNode.has(key)) {
            byNode.set(key, realm);
            queue.push([n, ns]);
          }
        }
      }
      if (seg.kind === 'P') {
        const around = aroundCount(s, t.x, t.y, at);
        realm.open = 8 - around;
      }
      realm.complete = realm.open === 0;
    });
  });
  return byNode;
}

function aroundCount(_s: GameState, x: number, y: number, at: Map<string, number>): number {
  let n = 0;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && at.has(`${x + dx},${y + dy}`)) n++;
  return n;
}

/** R8.2 by the reference model: what endGame must add to each score. */
function referenceFinal(s: GameState): number[] {
  const realms = referenceRealms(s);
  const add = s.scores.map(() => 0);
  const seen = new Set<RefRealm>();
  for (const m of s.meeples) {
    const realm = realms.get(`${m.tile}:${m.seg}`)!;
    if (seen.has(realm)) continue;
    seen.add(realm);
    const symbols = 2 * realm.symbols.length;
    const points = realm.kind === 'P' ? 1 + (8 - realm.open) + symbols : realm.tiles.size + symbols;
    add[scorerOf(s, m.seat)] += points;
  }
  return add;
}

describe('the engine agrees with a naive reference model of realms', () => {
  it('on random games: realm membership, completeness, R5.3 deployments, R5.4 attacks and R8.2 final scores', () => {
    // R5.2, R5.3, R5.4, R7.1, R7.2, R7.3, R7.5, R8.2
    const prng = new Prng(8086);
    let finals = 0;
    const problems: string[] = [];
    for (let g = 0; g < 24; g++) {
      const setup = randomSetup(prng);
      const s = newGame(setup);
      let step = 0;
      while (s.phase !== 'over') {
        if (s.phase === 'deploy') {
          const realms = referenceRealms(s);
          const t = s.tiles.length - 1;
          const placed = s.tiles[t];
          const held = new Set(s.meeples.map((m) => realms.get(`${m.tile}:${m.seg}`)));
          // R5.2, R5.3: a segment is open unless its realm holds a meeple; the new planet always is
          const segs = segsOf(placed.id)
            .map((_, i) => i)
            .filter((i) => segsOf(placed.id)[i].kind === 'P' || !held.has(realms.get(`${t}:${i}`)));
          // R5.4: every planet among the 8 cells around
          const attacks = s.tiles
            .filter(
              (o, i) =>
                i !== t && Math.abs(o.x - placed.x) <= 1 && Math.abs(o.y - placed.y) <= 1 && segsOf(o.id).some((x) => x.kind === 'P'),
            )
            .map((o) => `${o.x},${o.y}`)
            .sort();
          const listed = legalDeployments(s).filter(
            (d) => d.equipment === null && d.meeple === (s.reserves[s.seat].small ? 'small' : 'large'),
          );
          if (s.reserves[s.seat].small + s.reserves[s.seat].large > 0) {
            expect(listed.filter((d) => 'seg' in d.target).map((d) => ('seg' in d.target ? d.target.seg : -1))).toEqual(segs);
            expect(
              listed
                .filter((d) => 'attack' in d.target)
                .map((d) => ('attack' in d.target ? `${d.target.attack.x},${d.target.attack.y}` : ''))
                .sort(),
            ).toEqual(attacks);
          }
        }
        if (s.phase === 'draw' && step % 3 === 0) {
          const realms = referenceRealms(s);
          // realm membership: two nodes share a realm in the reference iff they share a root
          for (const m of s.meeples)
            for (const o of s.meeples) {
              const same = realms.get(`${m.tile}:${m.seg}`) === realms.get(`${o.tile}:${o.seg}`);
              if ((s.board.find(m.tile * STRIDE + m.seg) === s.board.find(o.tile * STRIDE + o.seg)) !== same)
                problems.push(`game ${g}: realm membership differs`);
            }
          // R7.5: no meeple stands in a completed realm between turns
          for (const m of s.meeples)
            if (realms.get(`${m.tile}:${m.seg}`)!.complete) problems.push(`game ${g}: a meeple in a completed realm`);
          // R8.2: final scoring from here matches the reference
          const copy = cloneState(s);
          const before = copy.scores.slice();
          endGame(copy);
          const expected = referenceFinal(s);
          expect(copy.scores.map((v, i) => v - before[i])).toEqual(expected);
          finals++;
        }
        applyInPlace(s, randomAction(s, prng));
        step++;
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    expect(finals).toBeGreaterThan(500);
    // the faction table the team variant relies on (R9.1)
    expect(
      TEAMS.map((t) =>
        Object.entries(COLOUR_FACTION)
          .filter(([, f]) => f === t)
          .map(([c]) => c),
      ),
    ).toEqual([
      ['red', 'green'],
      ['black', 'white', 'blue'],
    ]);
  });
});
