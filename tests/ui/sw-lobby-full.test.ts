// @vitest-environment happy-dom
// <sw-lobby>: a guest who opens the link of a full game is told it is full and offered Watch (issue 20).
import { afterEach, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../src/engine';
import type { MeshSession } from '../../src/net/mesh-session';
import type { LobbySeat } from '../../src/net/wire';
import '../../src/ui/sw-lobby';
import { DEFAULT_GAME_CLOCK } from '../../src/fair';

function guestLobby(seats: LobbySeat[]): MeshSession {
  const lobby = {
    gameId: 'g',
    host: 'h',
    options: defaultOptions(),
    shuffleSeats: false,
    clock: DEFAULT_GAME_CLOCK,
    seats,
    rematchOf: null,
  };
  const fake = { lobby, phase: 'lobby', isHost: false, name: 'Sam', identity: { publicKey: 'e'.repeat(64) }, transportId: 't', peers: [] };
  return { ...fake, onEvent: () => () => {} } as unknown as MeshSession;
}

const taken = (colour: LobbySeat['colour'], pub: string): LobbySeat => ({ colour, bot: null, pub: pub.repeat(64).slice(0, 64), name: pub });

describe('<sw-lobby> full game', () => {
  afterEach(() => document.body.replaceChildren());

  it('says the game is full and offers Watch, instead of "Pick a free colour." with none free', async () => {
    const el = Object.assign(document.createElement('sw-lobby'), {
      session: guestLobby([taken('red', 'a'), { colour: 'black', bot: 'greedy', pub: null, name: null }, taken('green', 'b')]),
    });
    document.body.append(el);
    await el.updateComplete;
    const full = el.shadowRoot!.querySelector<HTMLElement>('[data-testid="lobby-full"]')!;
    expect(full.textContent).toContain('full');
    let watch = 0;
    document.body.addEventListener('sw-watch', () => watch++);
    full.querySelector<HTMLButtonElement>('[data-watch]')!.click();
    expect(watch).toBe(1);
  });

  it('still asks to pick a colour while one is free', async () => {
    const el = Object.assign(document.createElement('sw-lobby'), {
      session: guestLobby([taken('red', 'a'), { colour: 'green', bot: null, pub: null, name: null }]),
    });
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-testid="lobby-full"]')).toBeNull();
    expect(el.shadowRoot!.querySelector('[data-testid="take-green"]')).not.toBeNull();
  });

  it('a host whose signalling server is lost says nobody can join by the link meanwhile, and which server', async () => {
    const el = Object.assign(document.createElement('sw-lobby'), {
      session: guestLobby([taken('red', 'a'), { colour: 'green', bot: null, pub: null, name: null }]),
      signallingLost: 'wss://0.peerjs.com:443/' as string | null,
    });
    document.body.append(el);
    await el.updateComplete;
    const line = el.shadowRoot!.querySelector('[data-testid="signalling-lost"]')!;
    expect(line.textContent).toContain('wss://0.peerjs.com:443/');
    expect(line.textContent).toContain('nobody can join');
    el.signallingLost = null;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-testid="signalling-lost"]')).toBeNull();
  });
});
