// The turn of a local human (issue: confirm and undo): a placement is only drafted, a spot
// tapped once is chosen and tapped again ends the turn, which sends the placement and then
// the deployment (R3); Esc takes back step by step; one-click play sends at once; a draft
// never outlives its turn. A recording stand-in replaces the session.
import { describe, expect, it } from 'vitest';
import { applyInPlace, legalPlacements, type Deployment, type GameState, type Placement } from '../../src/engine';
import type { SessionController } from '../../src/ui/session-controller';
import { TurnController } from '../../src/ui/turn-controller';
import { startGame } from '../support/engine-script';

function fakeHost() {
  const host = {
    updates: 0,
    addController() {},
    removeController() {},
    requestUpdate() {
      host.updates++;
    },
    updateComplete: Promise.resolve(true),
  };
  return host;
}

/** A turn over a game whose first tile is drawn, with a session that records what it is sent. */
function turnOf(options: { oneClick?: boolean; illegal?: string } = {}) {
  const state: GameState = startGame(['red', 'black']);
  applyInPlace(state, { type: 'draw', tile: 'SW22' });
  const sent: [string, Placement | Deployment | null][] = [];
  const session = {
    place: async (p: Placement) => {
      if (options.illegal) throw new Error(`${options.illegal}\nmore`);
      sent.push(['place', p]);
    },
    deploy: async (d: Deployment | null) => void sent.push(['deploy', d]),
  };
  const sessions = { shown: state, status: { kind: 'your-move', seat: state.seat }, busy: false, session } as unknown as SessionController;
  const host = fakeHost();
  const errors: string[] = [];
  const turn = new TurnController(host, sessions, (text) => errors.push(text));
  turn.oneClick = !!options.oneClick;
  return { state, sessions, sent, host, errors, turn };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('TurnController', () => {
  it('drafts a placement, chooses a spot, and a second tap on it sends the turn (R3, R5.1)', async () => {
    const { state, sent, host, turn } = turnOf();
    const p = legalPlacements(state)[0];
    expect(turn.tableView()!.placements.length).toBeGreaterThan(0);
    turn.place(p);
    expect(sent).toEqual([]); // drafted only
    expect(turn.draft!.placement).toEqual(p);
    const view = turn.tableView()!;
    expect(view.state).toBe(turn.draft!.preview);
    expect(view.placements).toEqual([]);
    expect(view.deployments).toEqual(turn.draft!.deployments);
    const spot = turn.draft!.deployments.find((d) => d.meeple === 'large')!;
    turn.deploy(spot);
    expect(turn.draft!.target).toEqual(spot.target);
    expect(turn.choice).toEqual({ meeple: 'large', equipment: spot.equipment });
    expect(turn.tableView()!.selectedTarget).toEqual(spot.target);
    const updates = host.updates;
    turn.deploy(spot); // the same spot again ends the turn
    expect(turn.committing).toBe(true);
    expect(turn.tableView()!.deployments).toEqual([]); // nothing offered while it is sent
    await settle();
    expect(sent).toEqual([
      ['place', p],
      ['deploy', spot],
    ]);
    expect(turn.draft).toBeNull();
    expect(turn.committing).toBe(false);
    expect(host.updates).toBeGreaterThan(updates);
  });

  it('Esc takes back step by step: the spot, then the tile (the ghost returns there), then nothing', () => {
    const { state, sent, turn } = turnOf();
    const p = legalPlacements(state)[0];
    turn.place(p);
    turn.deploy(turn.draft!.deployments[0]);
    expect(turn.stepBack()).toBe(true);
    expect(turn.draft!.target).toBeNull();
    expect(turn.stepBack()).toBe(true);
    expect(turn.draft).toBeNull();
    expect(turn.tableView()!.initialGhost).toEqual(p);
    expect(turn.stepBack()).toBe(false); // placing, no draft: Esc is not the turn's
    expect(turn.enter()).toBe(false);
    expect(sent).toEqual([]);
  });

  it('ending a turn without a spot sends no deployment; skip clears a chosen spot first (R5.1)', async () => {
    const { state, sent, turn } = turnOf();
    const p = legalPlacements(state)[0];
    turn.place(p);
    turn.deploy(turn.draft!.deployments[0]);
    turn.skip();
    expect(turn.draft!.target).toBeNull();
    await turn.endTurn();
    expect(sent).toEqual([
      ['place', p],
      ['deploy', null],
    ]);
  });

  it('one-click play sends the placement at once', async () => {
    const { state, sent, turn } = turnOf({ oneClick: true });
    const p = legalPlacements(state)[0];
    turn.place(p);
    expect(turn.draft).toBeNull();
    await settle();
    expect(sent).toEqual([['place', p]]);
  });

  it("shows the engine's one-line message for an illegal intent, and drafts nothing (R4.2)", async () => {
    const { errors, turn } = turnOf();
    turn.place({ x: 5, y: 5, r: 0 });
    expect(turn.draft).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/R4/);
    expect(errors[0]).not.toContain('\n');
    const refused = turnOf({ oneClick: true, illegal: 'R4.1: not here' });
    refused.turn.place(legalPlacements(refused.state)[0]);
    await settle();
    expect(refused.errors).toEqual([expect.stringContaining('R4.1: not here')]);
    expect(refused.errors[0]).not.toContain('more');
  });

  it('a draft belongs to its turn: a later turn, or nobody local to move, drops it', () => {
    const { state, sessions, turn } = turnOf();
    turn.place(legalPlacements(state)[0]);
    turn.hostUpdate();
    expect(turn.draft).not.toBeNull();
    (sessions as { busy: boolean }).busy = true; // an update is still being shown
    turn.hostUpdate();
    expect(turn.draft).toBeNull();
    (sessions as { busy: boolean }).busy = false;
    expect(turn.humanSeat()).toBe(state.seat);
    turn.place(legalPlacements(state)[0]);
    (sessions as { shown: GameState }).shown = { ...state, turn: state.turn + 1 };
    turn.hostUpdate();
    expect(turn.draft).toBeNull();
  });

  it("takes no intent while it is not a local human's move", async () => {
    const { state, sessions, sent, turn } = turnOf({ oneClick: true });
    (sessions as { status: unknown }).status = { kind: 'bot-thinking', seat: 1 };
    expect(turn.humanSeat()).toBeNull();
    turn.place(legalPlacements(state)[0]);
    turn.deploy(null);
    await settle();
    expect(sent).toEqual([]);
    expect(turn.tableView()!.placements).toEqual([]);
  });
});
