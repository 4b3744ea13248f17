// Issue 18, a lobby only the invited can take (the cheating-peer suite, over the in-memory
// network): knowing the host's address is not enough to take a seat (the join link's
// invitation is proven, never sent), silent channels cannot keep the invited player out
// (links not yet proven share a few strangers' slots, a silent one giving way to a new dial,
// and are closed after AUTH_TIMEOUT_MS), and the host can free a seat before the start for
// another player to take.
import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { freshNonce } from '../../src/net/identity';
import { AUTH_TIMEOUT_MS } from '../../src/net/lockstep/limits';
import { admitsTicket, dialTicket } from '../../src/net/lockstep/lobby';
import { MemoryStorage, MeshSim } from '../../src/sim/mesh-sim';
import { SimMeshSession } from '../../src/sim/sim-mesh-session';

function lobbyOf(sim: MeshSim): {
  host: SimMeshSession;
  rejects: string[];
  guest: (name: string, invite: string | null) => SimMeshSession;
} {
  const rejects: string[] = [];
  const host = SimMeshSession.host(
    { ...sim.meshOptions('host', new MemoryStorage()), onReject: (l) => rejects.push(l) },
    {
      options: defaultOptions(),
      seats: [
        { colour: 'red', bot: null },
        { colour: 'black', bot: null },
        { colour: 'green', bot: null },
      ],
      hostColour: 'red',
    },
  );
  const guest = (name: string, invite: string | null) =>
    SimMeshSession.join(sim.meshOptions(name, new MemoryStorage()), host.transportId, false, invite);
  return { host, rejects, guest };
}

const holder = (host: SimMeshSession, colour: string) => host.lobby!.seats.find((s) => s.colour === colour)!.pub;

describe('lobby admission (issue 18)', () => {
  it('fresh keys without the invitation, or with a guessed one, take no seat; the invited player does', async () => {
    const sim = new MeshSim({ peers: 1, seed: 1811 });
    const { host, rejects, guest } = lobbyOf(sim);
    expect(host.invitation).toMatch(/^[0-9a-f]{32}$/);
    const strangers = [guest('s1', null), guest('s2', null), guest('s3', freshNonce())];
    expect(await sim.runUntil(() => strangers.every((s) => s.lobby !== null), 10_000)).toBe(true);
    strangers[0].takeSeat('black');
    strangers[1].takeSeat('green');
    strangers[2].takeSeat('black');
    await sim.runUntil(() => false, 5_000); // their heartbeats ask again and again
    expect(holder(host, 'black')).toBeNull();
    expect(holder(host, 'green')).toBeNull();
    // Refused with a reason, once per link however often asked.
    expect(rejects.filter((l) => /asked for a seat without this game's invitation/.test(l))).toHaveLength(3);
    // The secret never crosses the wire: only proofs bound to one key and one nonce do.
    const invited = guest('friend', host.invitation);
    expect(await sim.runUntil(() => invited.lobby !== null, 10_000)).toBe(true);
    invited.takeSeat('black');
    expect(await sim.runUntil(() => holder(host, 'black') === invited.identity.publicKey, 10_000)).toBe(true);
    sim.dispose();
    for (const s of [host, invited, ...strangers]) s.dispose();
  }, 60_000);

  it("a dial ticket is the invitation's for one pair of transports only", () => {
    const invite = freshNonce();
    const ticket = dialTicket(invite, 'guest-1', 'host-1');
    expect(ticket).toMatch(/^[0-9a-f]{32}$/);
    expect(admitsTicket(invite, 'guest-1', 'host-1', ticket)).toBe(true);
    expect(admitsTicket(invite, 'guest-2', 'host-1', ticket)).toBe(false); // another dialler
    expect(admitsTicket(invite, 'host-1', 'guest-1', ticket)).toBe(false); // the other way round
    expect(admitsTicket(freshNonce(), 'guest-1', 'host-1', ticket)).toBe(false); // another game
    expect(admitsTicket(null, 'guest-1', 'host-1', ticket)).toBe(false); // a watcher holds no invitation
    expect(admitsTicket(invite, 'guest-1', 'host-1', `${ticket}0`)).toBe(false);
    expect(admitsTicket(invite, 'guest-1', 'host-1', '')).toBe(false);
  });

  it('32 silent data channels do not keep the invited player out: unauthenticated links are closed in time', async () => {
    const sim = new MeshSim({ peers: 1, seed: 1812 });
    sim.net.maxLinks = 32;
    sim.net.maxUnproven = 8;
    const { host, guest } = lobbyOf(sim);
    // Channels that never say a word and dial again whenever closed (the flood the 5 s timeout alone let through).
    let dials = 0;
    const silent = Array.from({ length: 32 }, (_, i) => {
      const t = sim.net.createTransport(`silent${i}`);
      t.listen({ open: () => {}, close: () => (dials++, t.connect(host.transportId)), message: () => {} });
      t.connect(host.transportId);
      return t;
    });
    await sim.runUntil(() => false, 1_000);
    // The flood is real: the strangers' slots are full and the others keep dialling in.
    expect(sim.net.linksOf(host.transportId)).toHaveLength(8);
    expect(dials).toBeGreaterThan(8);
    const invited = guest('friend', host.invitation);
    const t0 = sim.clock.now();
    expect(await sim.runUntil(() => invited.lobby !== null, 30_000)).toBe(true);
    expect(sim.clock.now() - t0).toBeLessThan(2_000); // not after a timeout: at once
    invited.takeSeat('black');
    expect(await sim.runUntil(() => holder(host, 'black') === invited.identity.publicKey, 10_000)).toBe(true);
    await sim.runUntil(() => false, 2 * AUTH_TIMEOUT_MS); // the flood goes on; the seat and its link stay
    expect(holder(host, 'black')).toBe(invited.identity.publicKey);
    expect(sim.net.linksOf(host.transportId)).toContain(invited.transportId);
    expect(sim.net.linksOf(host.transportId).length).toBeLessThanOrEqual(1 + 8);
    for (const t of silent) t.close();
    sim.dispose();
    for (const s of [host, invited]) s.dispose();
  }, 60_000);

  it('the host frees a taken seat before the start; another player takes it, the one sent away cannot', async () => {
    const sim = new MeshSim({ peers: 1, seed: 1813 });
    const { host, rejects, guest } = lobbyOf(sim);
    const first = guest('first', host.invitation);
    const second = guest('second', host.invitation);
    expect(await sim.runUntil(() => first.lobby !== null && second.lobby !== null, 10_000)).toBe(true);
    first.takeSeat('black');
    expect(await sim.runUntil(() => holder(host, 'black') === first.identity.publicKey, 10_000)).toBe(true);
    second.takeSeat('black');
    await sim.runUntil(() => false, 1_000);
    expect(holder(host, 'black')).toBe(first.identity.publicKey); // taken: not free
    host.freeSeat('black');
    expect(holder(host, 'black')).toBeNull();
    // The second player's heartbeat asks again and gets it; the first keeps asking and is refused.
    expect(await sim.runUntil(() => holder(host, 'black') === second.identity.publicKey, 10_000)).toBe(true);
    await sim.runUntil(() => false, 3_000);
    expect(holder(host, 'black')).toBe(second.identity.publicKey);
    first.takeSeat('green');
    await sim.runUntil(() => false, 2_000);
    expect(holder(host, 'green')).toBeNull();
    expect(rejects.some((l) => /was sent away by the host/.test(l))).toBe(true);
    expect(() => host.freeSeat('red')).toThrow(/holds no guest/);
    sim.dispose();
    for (const s of [host, first, second]) s.dispose();
  }, 60_000);
});
