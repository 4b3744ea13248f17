// What moves on the table while events play: tiles and meeples dropping in or leaving,
// realm flashes and "+N" labels for scoring (R7, R10.3), the score markers moving along the
// track (R1.7), dice of battle throws (R6.3, R10.3). Deterministic: it shows the values the
// engine events carry. The parts own their meshes: the score track (score-track-meshes.ts),
// the dice (dice-throws.ts), flashes and labels (table-captions.ts), tweens (tweens.ts).
import * as THREE from 'three';
import type { GameEvent, GameState, Placement } from '../engine';
import { GHOST_LIFT } from './board-meshes';
import { DiceThrows } from './dice-throws';
import type { labelAtlas } from './figures';
import { piecesOf, type PieceSpec } from './pieces';
import { scoresBefore, type Bounds } from './score-track';
import { ScoreTrackMeshes } from './score-track-meshes';
import { TableCaptions, realmCentre } from './table-captions';
import { Tweens, easeInOut, easeOutCubic } from './tweens';

type Factory = (g: THREE.BufferGeometry, m: THREE.Material, capacity: number) => THREE.InstancedMesh;

/** What the animator drives, and all it may ask of the table (no import of the Tabletop). */
export interface AnimatedTable {
  /** Where the "+N" labels go (absolutely positioned over the canvas). */
  readonly overlay: HTMLElement;
  requestRender(): void;
  worldToScreen(p: THREE.Vector3): { x: number; y: number } | null;
  /** The local player's ghost, so their tile settles from where it hovered. */
  ghostPlacement(): Placement | null;
  /** Nobody is asked to act while events play. */
  clearOptions(): void;
  /** The board of `state` with these pieces and tile lifts (mid-animation). */
  showBoard(state: GameState, pieces: PieceSpec[], lifts: Map<number, number>): void;
  /** The state as it is, at once (the end of an animation). */
  showState(state: GameState): void;
}

export class TableAnimator {
  private readonly track: ScoreTrackMeshes;
  private readonly dice: DiceThrows;
  private readonly captions: TableCaptions;
  private readonly tweens: Tweens;
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;
  private yaw = 0;
  private playing = 0;

  constructor(
    private readonly table: AnimatedTable,
    labels: ReturnType<typeof labelAtlas>,
    make: Factory,
  ) {
    const toScreen = (p: THREE.Vector3) => table.worldToScreen(p);
    this.track = new ScoreTrackMeshes(make, labels);
    this.dice = new DiceThrows(make);
    this.captions = new TableCaptions(make, table.overlay, toScreen, () => table.requestRender());
    this.tweens = new Tweens(() => table.requestRender());
  }

  /** Animation speed factor (dev pages slow it down to inspect frames). */
  get speed(): number {
    return this.tweens.speed;
  }

  set speed(factor: number) {
    this.tweens.speed = factor;
  }

  /** Markers and track follow a state at once (no animation running). */
  syncScores(state: GameState): void {
    this.track.configureScorers(state);
    this.track.fitBoard(state);
    if (!this.playing) this.track.shown = state.scores.slice();
    this.track.writeTrack();
  }

  get trackBounds(): Bounds {
    return this.track.bounds;
  }

  faceCamera(yaw: number): void {
    this.yaw = yaw;
  }

  /** Advances every running tween; true while any is still running. */
  update(now: number): boolean {
    return this.tweens.update(now);
  }

  private tween(ms: number, step: (t: number) => void): Promise<void> {
    return this.tweens.tween(ms, step);
  }

  // ------------------------------------------------------------------ playing events

  play(events: GameEvent[], after: GameState, reduced: boolean, onEvent?: (e: GameEvent) => void): Promise<void> {
    const run = this.queue.then(() => this.playNow(events, after, reduced, onEvent));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async playNow(events: GameEvent[], after: GameState, reduced: boolean, onEvent?: (e: GameEvent) => void): Promise<void> {
    if (this.disposed) return;
    const ghost = this.table.ghostPlacement();
    this.table.clearOptions();
    if (reduced) {
      this.table.showState(after);
      return;
    }
    this.playing++;
    try {
      this.track.configureScorers(after);
      // the markers start where the scores were before these events
      this.track.shown = scoresBefore(events, after.scores);

      // pieces: the final ones, plus those that leave during these events (shown until they go)
      const pieces = piecesOf(after);
      const leaving = new Map<GameEvent, PieceSpec>();
      for (const e of events) {
        if (e.type !== 'returned') continue;
        const tile = after.board.tileAt(e.x, e.y);
        if (tile < 0) continue;
        const p: PieceSpec = { seat: e.seat, size: e.meeple, equipment: e.equipment, tile, seg: e.seg, lift: 0, scale: 1 };
        pieces.push(p);
        leaving.set(e, p);
      }
      // tiles placed by these events start lifted; deployed meeples start hidden
      const dropping = new Map<GameEvent, number>();
      const arriving = new Map<GameEvent, PieceSpec>();
      for (const e of events) {
        if (e.type === 'placed') dropping.set(e, after.board.tileAt(e.x, e.y));
        if (e.type === 'deployed') {
          const tile = after.board.tileAt(e.x, e.y);
          const taken = [...arriving.values()];
          const deployedHere = (q: PieceSpec) => q.seat === e.seat && q.tile === tile && q.seg === e.seg && q.size === e.meeple;
          const p = pieces.find((q) => !q.lift && deployedHere(q) && !taken.includes(q));
          if (p) {
            p.lift = 0.9;
            p.scale = 0.001;
            arriving.set(e, p);
          }
        }
      }
      // the local player's tile settles from where its ghost hovered; others fall from above
      const dropFrom = new Map<number, number>();
      for (const [e, t] of dropping) {
        if (t < 0 || e.type !== 'placed') continue;
        const fromGhost = ghost && ghost.x === e.x && ghost.y === e.y && ghost.r === e.r;
        dropFrom.set(t, fromGhost ? GHOST_LIFT : 1.2);
      }
      const lifts = new Map(dropFrom);
      const redraw = () => {
        this.table.showBoard(after, pieces, lifts);
        this.track.writeMarkers();
      };
      this.track.fitBoard(after);
      this.track.writeTrack();
      redraw();

      for (let i = 0; i < events.length; i++) {
        if (this.disposed) return;
        const e = events[i];
        onEvent?.(e);
        if (e.type === 'placed') {
          const t = dropping.get(e)!;
          const from = dropFrom.get(t) ?? 0;
          await this.tween(from > 0.5 ? 280 : 150, (k) => {
            lifts.set(t, from * (1 - easeOutCubic(k)));
            redraw();
          });
          lifts.delete(t);
        } else if (e.type === 'deployed') {
          const p = arriving.get(e);
          if (p) {
            await this.tween(260, (k) => {
              p.lift = 0.9 * (1 - easeOutCubic(k));
              p.scale = Math.min(1, 0.3 + k * 1.4);
              redraw();
            });
          }
        } else if (e.type === 'battle') {
          this.captions.flash([e.realm], [0xff5a4a]);
        } else if (e.type === 'throw') {
          await this.dice.play(
            e,
            this.yaw,
            this.track.hex,
            (p) => this.table.worldToScreen(p),
            (ms, step) => this.tween(ms, step),
          );
          this.captions.clearOverlay();
        } else if (e.type === 'returned') {
          // every meeple leaving at this point leaves together
          const group: PieceSpec[] = [];
          while (i < events.length && events[i].type === 'returned') {
            const p = leaving.get(events[i]);
            if (p) group.push(p);
            i++;
          }
          i--;
          await this.tween(320, (k) => {
            for (const p of group) {
              p.lift = k * 0.8;
              p.scale = Math.max(0.001, 1 - k);
            }
            redraw();
          });
          for (const p of group) pieces.splice(pieces.indexOf(p), 1);
          redraw();
        } else if (e.type === 'score') {
          // consecutive scores move their markers together
          const run: Extract<GameEvent, { type: 'score' }>[] = [];
          while (i < events.length && (events[i].type === 'score' || events[i].type === 'completed')) {
            const ev = events[i];
            if (ev.type === 'score') run.push(ev);
            i++;
          }
          i--;
          await this.scoreRun(run);
        }
      }
      this.captions.clearFlash();
      this.track.shown = after.scores.slice();
      this.table.showState(after);
    } finally {
      this.playing--;
      this.captions.clearOverlay();
    }
  }

  private async scoreRun(run: Extract<GameEvent, { type: 'score' }>[]): Promise<void> {
    const from = this.track.shown.slice();
    const to = from.slice();
    for (const e of run) to[e.scorer] += e.points;
    const realms = run.filter((e) => e.realm).map((e) => e.realm!);
    this.captions.flash(
      realms,
      run.filter((e) => e.realm).map((e) => this.track.hex[e.scorer] ?? 0xffffff),
    );
    for (const e of run) {
      if (!e.realm || !e.points) continue;
      const c = realmCentre(e.realm);
      const hex = this.track.hex[e.scorer] ?? 0xffffff;
      this.captions.floatLabel(`+${e.points}`, new THREE.Vector3(c.x, 0.5, c.y), hex, this.track.labelKeys[e.scorer]);
    }
    const steps = Math.max(...to.map((v, k) => Math.abs(v - from[k])), 1);
    await this.tween(Math.min(1100, 350 + steps * 25), (k) => {
      const f = easeInOut(k);
      this.track.shown = from.map((v, idx) => v + (to[idx] - v) * f);
      this.track.writeMarkers();
    });
    this.track.shown = to;
    this.track.writeMarkers();
    this.captions.clearFlash();
    this.captions.clearOverlay();
  }

  dispose(): void {
    this.disposed = true;
    this.tweens.dispose();
    this.track.dispose();
    this.dice.dispose();
    this.captions.dispose();
  }
}
