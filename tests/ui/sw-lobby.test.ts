// @vitest-environment happy-dom
// <sw-lobby> as the host sees it (issue 18): the join link carries the invitation and a
// second link lets others watch only; every name is isolated in a <bdi>; the host frees a
// guest's seat with a button.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { MemoryStorage, MeshSim } from '../../src/sim/mesh-sim';
import { SimMeshSession } from '../../src/sim/sim-mesh-session';
import '../../src/ui/sw-lobby';

describe('<sw-lobby>', () => {
  afterEach(() => document.body.replaceChildren());

  it('offers the invited link and the watch link, isolates names, and frees a seat', async () => {
    const sim = new MeshSim({ peers: 1, seed: 1821 });
    const host = SimMeshSession.host(sim.meshOptions('Leia', new MemoryStorage()), {
      options: defaultOptions(),
      seats: [
        { colour: 'red', bot: null },
        { colour: 'black', bot: null },
      ],
      hostColour: 'red',
    });
    const guest = SimMeshSession.join(sim.meshOptions('ליאה', new MemoryStorage()), host.transportId, false, host.invitation);
    expect(await sim.runUntil(() => guest.lobby !== null, 10_000)).toBe(true);
    guest.takeSeat('black');
    expect(await sim.runUntil(() => host.lobby!.seats[1].pub === guest.identity.publicKey, 10_000)).toBe(true);
    const el = Object.assign(document.createElement('sw-lobby'), { session: host });
    document.body.append(el);
    await el.updateComplete;
    const root = el.shadowRoot!;
    const play = root.querySelector<HTMLInputElement>('[data-testid="join-link"]')!.value;
    const watch = root.querySelector<HTMLInputElement>('[data-testid="watch-link"]')!.value;
    expect(play).toMatch(new RegExp(`#join=${host.transportId}&invite=${host.invitation}$`));
    expect(watch).toMatch(new RegExp(`#join=${host.transportId}$`));
    const names = [...root.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(names).toContain('ליאה');
    expect(names).toContain('Leia');
    root.querySelector<HTMLButtonElement>('[data-testid="free-black"]')!.click();
    expect(host.lobby!.seats[1].pub).toBeNull();
    await el.updateComplete;
    expect(root.querySelector('[data-testid="free-black"]')).toBeNull();
    expect(root.querySelector('[data-testid="take-black"]')).not.toBeNull();
    host.dispose();
    guest.dispose();
  });
});
