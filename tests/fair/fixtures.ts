// Deterministic fair games for the tests: fixed secrets and game id, seeded bots.
import type { Colour } from '../../src/engine';
import type { BotLevel } from '../../src/bots';
import { playLocal } from '../../src/sim/local-game';
import type { FairMatch } from '../../src/fair';

export function fixedSecrets(n: number, salt = 0): Uint8Array[] {
  return Array.from({ length: n }, (_, i) => new Uint8Array(32).map((_, j) => (i * 37 + j * 11 + salt * 101 + 1) & 255));
}

export interface FixtureGame {
  seats: Colour[];
  expansion?: boolean;
  teams?: boolean;
  shuffle?: boolean;
  seed?: number;
  bots?: BotLevel[];
  unplaceable?: 'remove' | 'return';
}

export function fixtureMatch(g: FixtureGame): FairMatch {
  const seed = g.seed ?? 1;
  return playLocal({
    seats: g.seats,
    bots: g.bots ?? ['random'],
    expansion: g.expansion,
    teams: g.teams,
    shuffle: g.shuffle,
    seed,
    unplaceable: g.unplaceable,
    match: { secrets: fixedSecrets(g.seats.length, seed), gameId: `fixture-${seed}` },
  });
}
