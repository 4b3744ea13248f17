// What moves on the table: the score track with its markers (R1.7, laps of 50), dice of
// battle throws (R6.3, R10.3), realm flashes and "+N" labels for scoring (R7, R10.3), tiles
// and meeples dropping in or leaving. Deterministic: it shows the values the engine events
// carry. Every animation is a short tween driven by the table's render-on-demand loop.
import * as THREE from 'three';
import { paintTexture } from './canvas-texture';
import { type Equipment, type GameEvent, type GameState, type MeepleSize, type Placement, type RealmSummary } from '../engine';
import { useAtlasPerInstance, billboardMaterial } from './atlas-material';
import { DIE_ROW_OFFSET, dieGeometry, dieLabel, dieRestQuaternion, diceAtlas } from './dice';
import { frameTexture, type labelAtlas } from './figures';
import { SEAT_HEX, scorerColour } from './palette';
import { TRACK_SLOTS, markerSlot, scoresBefore, slotPosition, trackRect, type Bounds } from './score-track';
import { SeededRandom } from '../fair/mulberry32';

export interface PieceSpec {
  seat: number;
  size: MeepleSize;
  equipment: Equipment | null;
  tile: number;
  seg: number;
  lift: number;
  scale: number;
}

type Factory = (g: THREE.BufferGeometry, m: THREE.Material, capacity: number) => THREE.InstancedMesh;

interface Tween { start: number; duration: number; step: (t: number) => void; done: () => void; timer: ReturnType<typeof setTimeout> }

/** How high the placement ghost hovers over its cell (the tile settles from there). */
export const GHOST_LIFT = 0.16;
const MAX_DICE = 24;
const MARKER_Y = 0.05;

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

const DIE_SIZE = 0.3;
/** The smallest a die may look while it is thrown (CSS px across). */
const DIE_MIN_PX = 34;

export class TableAnimator {
  private readonly slots: THREE.InstancedMesh;
  private readonly markers: THREE.InstancedMesh;
  private readonly markerLabels: THREE.InstancedMesh;
  private readonly lapPips: THREE.InstancedMesh;
  private readonly dice: THREE.InstancedMesh;
  private readonly flashes: THREE.InstancedMesh;
  private readonly textures: THREE.Texture[] = [];
  private tweens: Tween[] = [];
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;
  private yaw = 0;

  /** Scores as the markers show them (fractional while moving), and who they belong to. */
  private shownScores: number[] = [];
  private scorerLabels: string[] = [];
  private scorerHex: number[] = [];
  private rect: Bounds = { minX: -3.5, minY: -2.5, maxX: 3.5, maxY: 2.5 };
  private playing = 0;
  /** Animation speed factor (dev pages slow it down to inspect frames). */
  speed = 1;

  constructor(private readonly table: AnimatedTable, private readonly labels: ReturnType<typeof labelAtlas>, make: Factory) {
    const numbers = numberAtlas();
    const dice = diceAtlas();
    const frame = frameTexture();
    this.textures.push(numbers, dice, frame);

    const slotGeometry = new THREE.PlaneGeometry(0.36, 0.36).rotateX(-Math.PI / 2);
    slotGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(TRACK_SLOTS * 2), 2));
    this.slots = make(slotGeometry, useAtlasPerInstance(new THREE.MeshBasicMaterial({ map: numbers, toneMapped: false }), new THREE.Vector2(0.1, 0.2)), TRACK_SLOTS);

    this.markers = make(new THREE.CylinderGeometry(0.14, 0.15, 0.07, 24), new THREE.MeshStandardMaterial({ roughness: 0.4, metalness: 0.2 }), 8);
    this.markers.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(8 * 3), 3);
    const labelGeometry = new THREE.PlaneGeometry(1, 1);
    labelGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(8 * 2), 2));
    this.markerLabels = make(labelGeometry, billboardMaterial(labels.texture, labels.scale, { minPixels: 16 }), 8);
    this.lapPips = make(new THREE.SphereGeometry(0.045, 12, 8), new THREE.MeshStandardMaterial({ color: 0xffd54a, emissive: 0x664400, roughness: 0.3, metalness: 0.6 }), 8 * 6);

    const dieGeo = dieGeometry(DIE_SIZE);
    dieGeo.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(MAX_DICE * 2), 2));
    this.dice = make(dieGeo, useAtlasPerInstance(new THREE.MeshStandardMaterial({ map: dice, roughness: 0.45 }), new THREE.Vector2(1, 0.5)), MAX_DICE);
    this.dice.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(MAX_DICE * 3), 3);

    this.flashes = make(
      new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2),
      new THREE.MeshBasicMaterial({ map: frame, transparent: true, depthWrite: false, blending: THREE.AdditiveBlending, toneMapped: false }),
      128,
    );
    this.flashes.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(128 * 3), 3);
    this.flashes.renderOrder = 5;
  }

  // ------------------------------------------------------------------ score track

  /** Markers and track follow a state at once (no animation running). */
  syncScores(state: GameState): void {
    this.configureScorers(state);
    this.rect = trackRect(boardBounds(state));
    if (!this.playing) this.shownScores = state.scores.slice();
    this.writeTrack();
  }

  get trackBounds(): Bounds {
    return this.rect;
  }

  private configureScorers(state: GameState): void {
    const teams = state.setup.options.teams;
    this.scorerLabels = state.scores.map((_, i) => (teams ? (i === 0 ? 'team:Rebel' : 'team:Empire') : state.setup.seats[i]));
    this.scorerHex = state.scores.map((_, i) => SEAT_HEX[scorerColour(state.setup, i)]);
  }

  private writeTrack(): void {
    const m = new THREE.Matrix4();
    const offsets = this.slots.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    for (let i = 0; i < TRACK_SLOTS; i++) {
      const p = slotPosition(this.rect, i);
      m.makeTranslation(p.x, 0.003, p.y);
      this.slots.setMatrixAt(i, m);
      offsets.setXY(i, (i % 10) / 10, 1 - (Math.floor(i / 10) + 1) / 5);
    }
    this.slots.count = TRACK_SLOTS;
    this.slots.instanceMatrix.needsUpdate = true;
    offsets.needsUpdate = true;
    this.writeMarkers();
  }

  private markerPosition(score: number): THREE.Vector3 {
    const lo = Math.floor(score);
    const f = score - lo;
    const a = slotPosition(this.rect, markerSlot(lo).slot);
    const b = slotPosition(this.rect, markerSlot(lo + 1).slot);
    return new THREE.Vector3(a.x + (b.x - a.x) * f, MARKER_Y + Math.sin(f * Math.PI) * 0.25, a.y + (b.y - a.y) * f);
  }

  private writeMarkers(): void {
    const m = new THREE.Matrix4();
    const colour = new THREE.Color();
    const offsets = this.markerLabels.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    // markers sharing a slot stand in a small ring round it, each with its letter above
    const slotKey = (score: number, i: number) => (Number.isInteger(score) ? markerSlot(score).slot : -1 - i);
    const rounded = this.shownScores.map((v) => Math.round(v * 1000) / 1000);
    const sharing = new Map<number, number>();
    rounded.forEach((v, i) => sharing.set(slotKey(v, i), (sharing.get(slotKey(v, i)) ?? 0) + 1));
    const seen = new Map<number, number>();
    let pips = 0;
    this.shownScores.forEach((_, i) => {
      if (i >= 8) return;
      const p = this.markerPosition(rounded[i]);
      const key = slotKey(rounded[i], i);
      const count = sharing.get(key) ?? 1;
      const k = seen.get(key) ?? 0;
      seen.set(key, k + 1);
      if (count > 1) {
        const a = (k / count) * Math.PI * 2 + Math.PI / 2;
        const r = 0.1 + 0.03 * count;
        p.x += Math.cos(a) * r;
        p.z += Math.sin(a) * r;
      }
      m.makeTranslation(p.x, p.y, p.z);
      this.markers.setMatrixAt(i, m);
      this.markers.setColorAt(i, colour.setHex(this.scorerHex[i] ?? 0x888888));
      m.compose(new THREE.Vector3(p.x, p.y + 0.2, p.z), new THREE.Quaternion(), new THREE.Vector3(0.17, 0.17, 0.17));
      this.markerLabels.setMatrixAt(i, m);
      const [ou, ov] = this.labels.offset(this.scorerLabels[i] ?? 'red');
      offsets.setXY(i, ou, ov);
      // one gold pip per completed lap of 50 (R1.7)
      const laps = Math.min(6, markerSlot(Math.max(0, Math.floor(rounded[i]))).laps);
      for (let l = 0; l < laps; l++) {
        const a = (l / 6) * Math.PI * 2;
        m.makeTranslation(p.x + Math.cos(a) * 0.1, p.y + 0.05, p.z + Math.sin(a) * 0.1);
        this.lapPips.setMatrixAt(pips++, m);
      }
    });
    const n = Math.min(8, this.shownScores.length);
    this.markers.count = n;
    this.markerLabels.count = n;
    this.lapPips.count = pips;
    for (const mesh of [this.markers, this.markerLabels, this.lapPips]) mesh.instanceMatrix.needsUpdate = true;
    if (this.markers.instanceColor) this.markers.instanceColor.needsUpdate = true;
    offsets.needsUpdate = true;
  }

  faceCamera(yaw: number): void {
    this.yaw = yaw;
  }

  // ------------------------------------------------------------------ tweens

  /** Advances every running tween; true while any is still running. */
  update(now: number): boolean {
    for (const tw of this.tweens.slice()) {
      if (tw.start < 0) tw.start = now;
      const t = Math.min(1, (now - tw.start) / tw.duration);
      tw.step(t);
      if (t >= 1) this.finish(tw);
    }
    return this.tweens.length > 0;
  }

  private finish(tw: Tween): void {
    const i = this.tweens.indexOf(tw);
    if (i < 0) return;
    this.tweens.splice(i, 1);
    clearTimeout(tw.timer);
    tw.step(1);
    tw.done();
  }

  tween(ms: number, step: (t: number) => void): Promise<void> {
    if (this.disposed) return Promise.resolve();
    return new Promise((resolve) => {
      const duration = ms / this.speed;
      const tw: Tween = { start: -1, duration, step, done: resolve, timer: setTimeout(() => this.finish(tw), duration + 400) };
      // a hidden page gets no frames: the timer still ends the tween so the game never waits
      this.tweens.push(tw);
      this.table.requestRender();
    });
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
      this.configureScorers(after);
      // the markers start where the scores were before these events
      this.shownScores = scoresBefore(events, after.scores);

      // pieces: the final ones, plus those that leave during these events (shown until they go)
      const pieces: PieceSpec[] = after.meeples.map((m) => ({ seat: m.seat, size: m.size, equipment: m.equipment, tile: m.tile, seg: m.seg, lift: 0, scale: 1 }));
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
          const p = pieces.find((q) => !q.lift && q.seat === e.seat && q.tile === tile && q.seg === e.seg && q.size === e.meeple && ![...arriving.values()].includes(q));
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
        this.writeMarkers();
      };
      this.rect = trackRect(boardBounds(after));
      this.writeTrack();
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
          this.flash([e.realm], [0xff5a4a]);
        } else if (e.type === 'throw') {
          await this.throwDice(e, after);
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
      this.clearFlash();
      this.shownScores = after.scores.slice();
      this.table.showState(after);
    } finally {
      this.playing--;
      this.clearOverlay();
    }
  }

  private async scoreRun(run: Extract<GameEvent, { type: 'score' }>[]): Promise<void> {
    const from = this.shownScores.slice();
    const to = from.slice();
    for (const e of run) to[e.scorer] += e.points;
    const realms = run.filter((e) => e.realm).map((e) => e.realm!);
    this.flash(realms, run.filter((e) => e.realm).map((e) => this.scorerHex[e.scorer] ?? 0xffffff));
    for (const e of run) {
      if (!e.realm || !e.points) continue;
      const c = realmCentre(e.realm);
      this.floatLabel(`+${e.points}`, new THREE.Vector3(c.x, 0.5, c.y), this.scorerHex[e.scorer] ?? 0xffffff, this.scorerLabels[e.scorer]);
    }
    const steps = Math.max(...to.map((v, k) => Math.abs(v - from[k])), 1);
    await this.tween(Math.min(1100, 350 + steps * 25), (k) => {
      const f = easeInOut(k);
      this.shownScores = from.map((v, idx) => v + (to[idx] - v) * f);
      this.writeMarkers();
    });
    this.shownScores = to;
    this.writeMarkers();
    this.clearFlash();
    this.clearOverlay();
  }

  private async throwDice(e: Extract<GameEvent, { type: 'throw' }>, after: GameState): Promise<void> {
    const c = realmCentre(e.realm);
    const rnd = new SeededRandom(`${e.realm.node.join(',')}:${e.throw}`);
    const dice: { label: number; yellow: boolean; hex: number; best: boolean; rest: THREE.Vector3; q: THREE.Quaternion; axis: THREE.Vector3; spin: number; delay: number }[] = [];
    const rows = e.rolls.length;
    const right = new THREE.Vector3(Math.cos(this.yaw), 0, -Math.sin(this.yaw));
    const back = new THREE.Vector3(-Math.sin(this.yaw), 0, -Math.cos(this.yaw));
    // big enough to read: a die at least DIE_MIN_PX across on screen, however far the camera is
    const centre = new THREE.Vector3(c.x, 0.7, c.y);
    const a0 = this.table.worldToScreen(centre);
    const a1 = this.table.worldToScreen(centre.clone().addScaledVector(right, DIE_SIZE));
    const px = a0 && a1 ? Math.hypot(a1.x - a0.x, a1.y - a0.y) : DIE_MIN_PX;
    const grow = Math.min(4, Math.max(1, DIE_MIN_PX / Math.max(1, px)));
    e.rolls.forEach((roll, r) => {
      const hex = this.scorerHex[roll.id] ?? 0xffffff;
      const bestIndex = roll.values.indexOf(Math.max(...roll.values));
      roll.values.forEach((v, k) => {
        const yellow = roll.yellow && k === roll.values.length - 1; // R6.8: the yellow value comes last
        const across = (k - (roll.values.length - 1) / 2) * DIE_SIZE * 1.35 * grow;
        const along = (r - (rows - 1) / 2) * DIE_SIZE * 1.6 * grow;
        const rest = new THREE.Vector3(c.x, 0.7, c.y).addScaledVector(right, across).addScaledVector(back, along);
        dice.push({
          label: dieLabel(v, yellow), yellow, hex, best: k === bestIndex, rest,
          q: dieRestQuaternion(dieLabel(v, yellow), this.yaw + rnd.range(-0.15, 0.15)),
          axis: new THREE.Vector3(rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1)).normalize(),
          spin: rnd.range(6, 11), delay: rnd.range(0, 0.12),
        });
      });
    });
    const colour = new THREE.Color();
    const white = new THREE.Color(0xffffff);
    const offsets = this.dice.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    const m = new THREE.Matrix4();
    const write = (k: number) => {
      dice.forEach((d, i) => {
        if (i >= MAX_DICE) return;
        const t = Math.max(0, Math.min(1, (k - d.delay) / (0.62 - d.delay)));
        const fall = 1 - easeOutBounce(t);
        const p = d.rest.clone();
        p.y += fall * 2.2;
        const q = d.q.clone().multiply(new THREE.Quaternion().setFromAxisAngle(d.axis, d.spin * (1 - easeOutCubic(t))));
        const s = (d.best && k > 0.7 ? 1 + 0.22 * Math.min(1, (k - 0.7) / 0.1) : 1) * grow;
        m.compose(p, q, new THREE.Vector3(s, s, s));
        this.dice.setMatrixAt(i, m);
        // normal dice take a tint of their owner's colour; the yellow die stays yellow
        this.dice.setColorAt(i, d.yellow ? white : colour.setHex(d.hex).lerp(white, 0.62));
        const [ou, ov] = d.yellow ? DIE_ROW_OFFSET.yellow : DIE_ROW_OFFSET.normal;
        offsets.setXY(i, ou, ov);
      });
      this.dice.count = Math.min(MAX_DICE, dice.length);
      this.dice.instanceMatrix.needsUpdate = true;
      if (this.dice.instanceColor) this.dice.instanceColor.needsUpdate = true;
      offsets.needsUpdate = true;
    };
    // ≤ 1.5 s per throw: 0.85 s tumbling and landing, then a moment to read the result
    await this.tween(1350, (k) => write(Math.min(1, k / 0.63)));
    this.dice.count = 0;
    this.clearOverlay();
  }

  // ------------------------------------------------------------------ flashes and captions

  private flash(realms: RealmSummary[], hex: number[]): void {
    const m = new THREE.Matrix4();
    const colour = new THREE.Color();
    let n = this.flashes.count;
    realms.forEach((realm, r) => {
      for (const [x, y] of realm.tiles) {
        if (n >= 128) return;
        m.makeTranslation(x, 0.075, y);
        this.flashes.setMatrixAt(n, m);
        this.flashes.setColorAt(n++, colour.setHex(hex[r] ?? 0xffffff));
      }
    });
    this.flashes.count = n;
    this.flashes.instanceMatrix.needsUpdate = true;
    if (this.flashes.instanceColor) this.flashes.instanceColor.needsUpdate = true;
    this.table.requestRender();
  }

  private clearFlash(): void {
    this.flashes.count = 0;
    this.table.requestRender();
  }

  private floatLabel(text: string, at: THREE.Vector3, hex: number, label: string | undefined): void {
    const s = this.table.worldToScreen(at);
    if (!s) return;
    const el = document.createElement('div');
    el.className = 'float';
    el.textContent = text;
    const css = '#' + hex.toString(16).padStart(6, '0');
    el.style.cssText = `position:absolute;left:${s.x}px;top:${s.y}px;transform:translate(-50%,-50%);font:800 26px system-ui,sans-serif;color:${css};` +
      `text-shadow:0 0 4px #000,0 0 8px #000,0 0 2px #fff;transition:transform 0.9s ease-out,opacity 0.9s ease-in;`;
    if (label) el.dataset.scorer = label;
    this.table.overlay.append(el);
    requestAnimationFrame(() => {
      el.style.transform = 'translate(-50%,-150%)';
    });
  }

  private clearOverlay(): void {
    this.table.overlay.replaceChildren();
  }

  dispose(): void {
    this.disposed = true;
    for (const tw of this.tweens.slice()) this.finish(tw);
    for (const t of this.textures) t.dispose();
  }
}

function boardBounds(state: GameState): Bounds {
  let minX = 0, minY = 0, maxX = 0, maxY = 0;
  for (const t of state.tiles) {
    minX = Math.min(minX, t.x); maxX = Math.max(maxX, t.x);
    minY = Math.min(minY, t.y); maxY = Math.max(maxY, t.y);
  }
  // leave room for the next tile around the edge of the board
  return { minX: minX - 1, minY: minY - 1, maxX: maxX + 1, maxY: maxY + 1 };
}

/** Centre of a realm's tiles (a planet realm is its planet tile). */
function realmCentre(realm: RealmSummary): { x: number; y: number } {
  let x = 0, y = 0;
  for (const [tx, ty] of realm.tiles) {
    x += tx;
    y += ty;
  }
  const n = Math.max(1, realm.tiles.length);
  return { x: x / n, y: y / n };
}

const easeOutCubic = (t: number) => 1 - Math.pow(1 - t, 3);
const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);
function easeOutBounce(t: number): number {
  const n = 7.5625, d = 2.75;
  if (t < 1 / d) return n * t * t;
  if (t < 2 / d) return n * (t -= 1.5 / d) * t + 0.75;
  if (t < 2.5 / d) return n * (t -= 2.25 / d) * t + 0.9375;
  return n * (t -= 2.625 / d) * t + 0.984375;
}

/** Slot numbers 0..49 on small plates (multiples of 5 in gold). 10 columns × 5 rows. */
function numberAtlas(): THREE.CanvasTexture {
  const c = 64;
  const t = paintTexture(c * 10, c * 5, (ctx) => {
    for (let i = 0; i < TRACK_SLOTS; i++) {
      const x = (i % 10) * c;
      const y = Math.floor(i / 10) * c;
      const five = i % 5 === 0;
      ctx.fillStyle = five ? '#3a2f12' : '#161b2c';
      ctx.fillRect(x + 2, y + 2, c - 4, c - 4);
      ctx.strokeStyle = five ? '#ffcf4a' : '#6d7fa8';
      ctx.lineWidth = 3;
      ctx.strokeRect(x + 3.5, y + 3.5, c - 7, c - 7);
      ctx.fillStyle = five ? '#ffe08a' : '#c9d4ee';
      ctx.font = `bold ${five ? 30 : 24}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(i), x + c / 2, y + c / 2 + 1);
    }
  });
  return t;
}

