// A stand-in for MeshSession with just what <sw-online-panel> reads, so its words can be tested without a network.
import { applyInPlace, type Colour } from '../../../src/engine';
import type { MeshEvent, MeshSession, PeerView, ReclaimView, WaitingView } from '../../../src/net/mesh-session';
import type { SeatInfo } from '../../../src/session/session';
import { startGame } from '../../support/engine-script';
import { DEFAULT_GAME_CLOCK } from '../../../src/fair';

export interface FakeMesh {
  session: MeshSession;
  emit(e: MeshEvent): void;
  calls: string[];
  set(patch: Partial<FakeState>): void;
}

interface FakeState {
  seatIndex: number | null;
  seats: SeatInfo[];
  peers: PeerView[];
  waiting: WaitingView | null;
  forfeits: { colour: Colour; why: 'dropped' | 'resigned' }[];
  chat: { colour: Colour; text: string; at: number; n: number }[];
  phase: string;
  ownColour: Colour | null;
  reclaims: ReclaimView[];
  resignRefused: boolean;
  departed: Colour[];
}

export function fakeMesh(patch: Partial<FakeState> = {}): FakeMesh {
  const state = startGame(['red', 'black', 'green']);
  applyInPlace(state, { type: 'draw', tile: 'SW22' });
  const listeners = new Set<(e: MeshEvent) => void>();
  const subs = new Set<() => void>();
  const calls: string[] = [];
  const st: FakeState = {
    seatIndex: 1,
    seats: [
      { colour: 'red', controller: { kind: 'remote', name: 'Ana' }, localHuman: false },
      { colour: 'black', controller: { kind: 'human' }, localHuman: true },
      { colour: 'green', controller: { kind: 'bot', level: 'greedy' }, localHuman: false },
    ],
    peers: [],
    waiting: null,
    forfeits: [],
    chat: [],
    phase: 'playing',
    ownColour: 'black',
    reclaims: [],
    resignRefused: false,
    departed: [],
    ...patch,
  };
  const fake = {
    gameId: 'g1',
    transportId: 'peer-of-this-page',
    started: true,
    state,
    lobby: null,
    gameClock: DEFAULT_GAME_CLOCK,
    revealsMissing: [] as Colour[],
    desyncReport: null,
    rejectedCount: 0,
    get seatIndex() {
      return st.seatIndex;
    },
    get seats() {
      return st.seats;
    },
    get peers() {
      return st.peers;
    },
    get waiting() {
      return st.waiting;
    },
    get chat() {
      return st.chat;
    },
    get phase() {
      return st.phase;
    },
    get ownColour() {
      return st.ownColour;
    },
    get reclaims() {
      return st.reclaims;
    },
    get departed() {
      return st.departed;
    },
    rematch: (_opts: object, absent: string) => (calls.push(`rematch ${absent}`), fake),
    forfeits: () => st.forfeits,
    onEvent: (l: (e: MeshEvent) => void) => (listeners.add(l), () => listeners.delete(l)),
    subscribe: (l: () => void) => (subs.add(l), () => subs.delete(l)),
    resign: () => {
      if (st.resignRefused) throw new Error('this seat already forfeits');
      calls.push('resign');
    },
    reclaimSeat: () => calls.push('reclaim'),
    dropSeat: (c: Colour) => calls.push(`drop ${c}`),
    sendChat: (text: string) => calls.push(`chat ${text}`),
    leave: () => calls.push('leave'),
  };
  return {
    session: fake as unknown as MeshSession,
    calls,
    emit: (e) => {
      for (const l of [...listeners]) l(e);
    },
    set: (p) => {
      Object.assign(st, p);
      for (const l of [...subs]) l();
    },
  };
}
