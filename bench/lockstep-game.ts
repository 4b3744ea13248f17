// What bench/lockstep-webrtc.ts's games share, whether the 4 peers live in one process or
// each in its own (bench/lockstep-peer.ts): the seats, the sessions, and the clock readings.
import { defaultOptions } from '../src/engine';
import type { BotRunner } from '../src/bots/bot-runner';
import { GameStore } from '../src/session/game-store';
import { SimMeshSession as MeshSession } from '../src/sim/sim-mesh-session';
import { MemoryStorage } from '../src/sim/mesh-sim';
import type { PeerId, Transport } from '../src/net/transport';

export const COLOURS = ['red', 'black', 'green', 'white'] as const;

/** Polls `cond` every 5 ms; fails after `ms`. */
export async function until(cond: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A peer whose seat the random bot plays: the host of a lobby of 4 player seats (hostId null), or a guest of it (hostId "id:invitation"). */
export function benchSession(transport: Transport, name: string, botRunner: BotRunner, hostId: PeerId | null): MeshSession {
  const o = { transport, name, store: new GameStore(new MemoryStorage()), autopilot: 'random' as const, botRunner, stallMs: 500 };
  return hostId === null
    ? MeshSession.host(o, { options: defaultOptions(), seats: COLOURS.map((colour) => ({ colour, bot: null })), hostColour: COLOURS[0] })
    : MeshSession.join(o, hostId.split(':')[0], false, hostId.split(':')[1] ?? null);
}

/** When `s` applied each placement, read from `now`; the k-th placement is the same on every peer (one log). */
export function placementTimes(s: MeshSession, now: () => number): number[] {
  const applied: number[] = [];
  s.subscribe((u) => {
    for (const step of u.steps) if (step.intent === 'place') applied.push(now());
  });
  return applied;
}
