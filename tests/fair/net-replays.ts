// Real networked replays for the fair tests: whole games among MeshSession peers on the
// in-memory network (src/sim/mesh-sim.ts), one per situation the version-2 log records
// (P2.6): a bot seat, a host that crashes for good (drop), a resignation with chat, a
// dropped seat reclaimed, and all of a bot seat, a drop and chat in one game. Each is
// repeatable from its seed and takes a second or two.
import { parseLog, stringifyLog, withoutSignatures } from '../../src/fair/log-file';
import { MeshSim } from '../../src/sim/mesh-sim';

export type NetGame = 'bot-seat' | 'host-drop' | 'resign-chat' | 'reclaim' | 'bot-drop-chat';
export const NET_GAMES: readonly NetGame[] = ['bot-seat', 'host-drop', 'resign-chat', 'reclaim', 'bot-drop-chat'];

const HOUR = 3_600_000;
const CHAOS = { drop: 0.1, duplicate: 0.05, minDelay: 5, maxDelay: 80, reorder: 0.1, reorderDelay: 150 };

async function turnReached(sim: MeshSim, peer: number, turn: number): Promise<void> {
  await sim.runUntil(() => sim.peers[peer].session.started && sim.peers[peer].session.state.turn >= turn, HOUR);
}

/** The replay text every surviving peer ends with (they agree; the mesh tests check that): unsigned (version 2), or as written (signed, version 3). */
export async function netReplay(game: NetGame, signed = false): Promise<string> {
  const plan = {
    'bot-seat': { peers: 2, seed: 5, botSeats: ['greedy' as const] },
    'host-drop': { peers: 3, seed: 12 },
    'resign-chat': { peers: 3, seed: 17 },
    reclaim: { peers: 3, seed: 21, chaos: CHAOS },
    'bot-drop-chat': { peers: 2, seed: 7, botSeats: ['greedy' as const] },
  }[game];
  const sim = new MeshSim(plan);
  try {
    await sim.open();
    if (game === 'host-drop') {
      await turnReached(sim, 0, 5);
      sim.crash(0); // for good: the others drop its seat at its next entry
    } else if (game === 'resign-chat') {
      await turnReached(sim, 0, 4);
      sim.peers[1].session.sendChat('good luck, rebels');
      sim.peers[2].session.resign();
    } else if (game === 'reclaim') {
      await turnReached(sim, 2, 6);
      await sim.silenceUntilDropped(2);
      sim.peers[2].session.reclaimSeat();
    } else if (game === 'bot-drop-chat') {
      await turnReached(sim, 0, 3);
      sim.peers[1].session.sendChat('hello there');
      sim.peers[0].session.sendChat('general kenobi');
      await turnReached(sim, 0, 6);
      sim.crash(1);
    }
    if (!(await sim.runUntil(() => sim.finished(), 2 * HOUR))) throw new Error(`the networked game ${game} did not finish`);
    return signed ? sim.logs()[0] : unsigned(sim.logs()[0]);
  } finally {
    sim.dispose();
  }
}

/**
 * The same game as an unsigned version-2 replay: these tests study what a log binds without signatures
 * (the mesh and hostile-peer tests check the signed version 3).
 */
export function unsigned(v3: string): string {
  return stringifyLog(withoutSignatures(parseLog(v3)));
}
