// @vitest-environment happy-dom
// <sw-lobby> while the start waits for a commitment that does not come (issue 20): the card
// names the silent person and counts down; once the time is up it offers to start again
// without them (their seat free or a bot's), and the button hands over the new lobby.
import { afterEach, describe, expect, it } from 'vitest';
import type { MeshSession } from '../../src/net/mesh-session';
import { MeshSim } from '../../src/sim/mesh-sim';
import '../../src/ui/sw-lobby';

describe('<sw-lobby> at a start that waits', () => {
  afterEach(() => document.body.replaceChildren());

  it('counts down for the silent player, then offers to start again without them', async () => {
    const sim = new MeshSim({ peers: 3, seed: 2012, timeouts: { moveMs: 90_000, revealMs: 20_000 } });
    let silentId = '';
    sim.net.filter = (from, _to, frame) => !(from === silentId && frame.includes('"k":"commit"'));
    const opening = sim.open();
    silentId = sim.peers[2].session.transportId;
    await opening;
    const host = sim.peers[0].session;
    expect(await sim.runUntil(() => host.starting?.missing.length === 1, 60_000)).toBe(true);
    const el = Object.assign(document.createElement('sw-lobby'), { session: host });
    document.body.append(el);
    await el.updateComplete;
    const root = el.shadowRoot!;
    const line = () => root.querySelector('[data-testid="start-countdown"]')!.textContent!.trim();
    expect(line()).toMatch(/^Waiting for p2 \(green\) to join the start: (19|20) s left\.$/);
    expect(root.querySelector('[data-start-again]')).toBeNull();
    expect(await sim.runUntil(() => host.starting!.left === 0, 60_000)).toBe(true);
    el.requestUpdate();
    await el.updateComplete;
    expect(line()).toBe('p2 (green) did not join the start in time. Start again without them:');
    const replaced: MeshSession[] = [];
    el.addEventListener('sw-session-replaced', (e) => replaced.push((e as CustomEvent<MeshSession>).detail));
    root.querySelector<HTMLButtonElement>('[data-start-again="bot"]')!.click();
    expect(replaced).toHaveLength(1);
    expect(replaced[0].lobby!.seats.find((x) => x.colour === 'green')).toMatchObject({ bot: 'greedy', pub: null });
    expect(replaced[0].lobby!.rematchOf).toBe(host.gameId);
    replaced[0].dispose();
    sim.dispose();
  });
});
