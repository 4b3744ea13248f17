// The table's camera: a perspective camera on MapControls (pan, rotate, zoom to the cursor,
// tilt limited to 66°), framing of the placed tiles inside the part of the canvas the HUD
// leaves free (insets), a short glide between framings, and when to re-frame by itself
// (camera-follow.ts). Split out of the Tabletop, which draws; this only points the camera.
import * as THREE from 'three';
import { MapControls } from 'three/examples/jsm/controls/MapControls.js';
import { CameraFollow } from './camera-follow';
import type { Bounds } from './score-track';

export type Insets = { top: number; right: number; bottom: number; left: number };

export class CameraRig {
  readonly camera = new THREE.PerspectiveCamera(42, 1, 0.5, 400);
  readonly controls: MapControls;
  readonly follow = new CameraFollow();
  private glide: {
    fromPosition: THREE.Vector3;
    toPosition: THREE.Vector3;
    fromTarget: THREE.Vector3;
    toTarget: THREE.Vector3;
    start: number;
  } | null = null;
  private controlsActive = false;
  private insets: Insets = { top: 0, right: 0, bottom: 0, left: 0 };
  private readonly raycaster = new THREE.Raycaster();

  /** `size`: the canvas in CSS px; `onChange`: the camera moved (by the player or a glide). */
  constructor(
    canvas: HTMLCanvasElement,
    private readonly size: () => { w: number; h: number },
    private readonly reducedMotion: () => boolean,
    onChange: () => void,
  ) {
    this.camera.position.set(0, 7, 6);
    this.controls = new MapControls(this.camera, canvas);
    this.controls.enableDamping = false;
    this.controls.zoomToCursor = true;
    this.controls.minDistance = 2.2;
    // far enough for the whole board and its score track on a portrait phone late in the game (about 24 cells across)
    this.controls.maxDistance = 80;
    this.controls.maxPolarAngle = 1.15; // never below a comfortable tilt
    // until the player moves the camera, it keeps framing the growing board
    this.controls.addEventListener('start', () => (this.controlsActive = true));
    this.controls.addEventListener('end', () => (this.controlsActive = false));
    this.controls.addEventListener('change', () => {
      if (this.controlsActive) {
        // a real drag or zoom (a plain click also "starts" the controls): the player takes over
        this.follow.userTookOver();
        this.glide = null;
      }
      onChange();
    });
  }

  /** The camera's azimuth about its target (figures turn to face it; arrows follow it). */
  get yaw(): number {
    const d = new THREE.Vector3().subVectors(this.camera.position, this.controls.target);
    return Math.atan2(d.x, d.z);
  }

  /** New insets; true when the camera should re-frame for them. */
  setInsets(insets: Partial<Insets>): boolean {
    this.insets = { ...this.insets, ...insets };
    return this.follow.following;
  }

  /** A new canvas shape; true when the camera should re-frame for it. */
  resize(w: number, h: number): boolean {
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    return this.follow.following;
  }

  /**
   * Points the camera at `tiles` and the cells beside them, and at the score track round them
   * (`track`: its slots' rectangle, score-track.ts), gliding there unless `instant`.
   */
  frame(tiles: readonly { x: number; y: number }[], instant = false, track?: Bounds): void {
    // the tiles and a margin for the legal cells around them, and the score track: it runs
    // 1.3 cells beyond the tiles' margin (at least 8 × 5 cells), so framing it costs the
    // tiles little; left out, its top row and its slot 0 (where every marker starts) sat
    // under the top bar and the Menu button (issue 20)
    const { minX, maxX, minY, maxY } = withTrack(tileBounds(tiles), track);
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    const startPosition = this.camera.position.clone();
    const startTarget = this.controls.target.clone();
    // the nearest distance (on a fixed 40° tilt) at which all four corners fit the free part
    // of the canvas (inside the insets the HUD covers), then a pan that centres them there
    const dir = new THREE.Vector3(0, Math.cos(0.7), Math.sin(0.7));
    const target = new THREE.Vector3(cx, 0, cy);
    const corners = [
      [minX, minY],
      [maxX, minY],
      [minX, maxY],
      [maxX, maxY],
    ].map(([x, y]) => new THREE.Vector3(x, 0, y));
    const { w, h } = this.size();
    const ins = this.insets;
    const free = {
      x0: -1 + (2 * ins.left) / w,
      x1: 1 - (2 * ins.right) / w,
      y0: -1 + (2 * ins.bottom) / h,
      y1: 1 - (2 * ins.top) / h,
    };
    if (free.x1 - free.x0 < 0.4 || free.y1 - free.y0 < 0.4) Object.assign(free, { x0: -1, x1: 1, y0: -1, y1: 1 }); // insets too large: ignore them
    const place = (d: number) => {
      this.camera.position.copy(target).addScaledVector(dir, d);
      this.camera.lookAt(target);
      this.camera.updateMatrixWorld();
    };
    const box = () => {
      let x0 = Infinity,
        x1 = -Infinity,
        y0 = Infinity,
        y1 = -Infinity;
      for (const c of corners) {
        const v = c.clone().project(this.camera);
        x0 = Math.min(x0, v.x);
        x1 = Math.max(x1, v.x);
        y0 = Math.min(y0, v.y);
        y1 = Math.max(y1, v.y);
      }
      return { x0, x1, y0, y1 };
    };
    const fits = (d: number) => {
      place(d);
      const b = box();
      return b.x1 - b.x0 < (free.x1 - free.x0) * 0.97 && b.y1 - b.y0 < (free.y1 - free.y0) * 0.94;
    };
    let lo = 1,
      hi = this.controls.maxDistance;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) hi = mid;
      else lo = mid;
    }
    for (let pass = 0; pass < 3; pass++) {
      place(hi);
      const b = box();
      const from = this.groundAt((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2);
      const to = this.groundAt((free.x0 + free.x1) / 2, (free.y0 + free.y1) / 2);
      if (!from || !to) break;
      target.sub(to.sub(from));
    }
    const toPosition = target.clone().addScaledVector(dir, hi);
    if (!this.follow.framedOnce || instant || this.reducedMotion()) {
      this.glide = null;
      this.camera.position.copy(toPosition);
      this.controls.target.copy(target);
      this.controls.update();
    } else {
      // glide from where the camera was, so a growing board never makes the view jump
      this.camera.position.copy(startPosition);
      this.controls.target.copy(startTarget);
      this.controls.update();
      this.glide = { fromPosition: startPosition, toPosition, fromTarget: startTarget, toTarget: target, start: -1 };
    }
    this.follow.framed(tiles.length);
  }

  /** Advances a glide; true while it goes on. */
  step(now: number): boolean {
    const g = this.glide;
    if (!g) return false;
    if (g.start < 0) g.start = now;
    const k = Math.min(1, (now - g.start) / 450);
    const f = k * k * (3 - 2 * k);
    this.camera.position.lerpVectors(g.fromPosition, g.toPosition, f);
    this.controls.target.lerpVectors(g.fromTarget, g.toTarget, f);
    this.controls.update();
    if (k >= 1) this.glide = null;
    return this.glide !== null;
  }

  /** Ends a camera glide at once (screen positions asked for by tests are then final). */
  finishGlide(): void {
    const g = this.glide;
    if (!g) return;
    this.glide = null;
    this.camera.position.copy(g.toPosition);
    this.controls.target.copy(g.toTarget);
    this.controls.update();
  }

  /** Where a point in normalised device coordinates meets the table plane. */
  private groundAt(ndcX: number, ndcY: number): THREE.Vector3 | null {
    this.raycaster.setFromCamera(new THREE.Vector2(ndcX, ndcY), this.camera);
    const hit = new THREE.Vector3();
    return this.raycaster.ray.intersectPlane(new THREE.Plane(new THREE.Vector3(0, 1, 0), 0), hit) ? hit : null;
  }

  dispose(): void {
    this.controls.dispose();
  }
}

/** How far beyond a slot's centre a marker and its letter reach (cells). */
const MARKER_REACH = 0.3;

/** The bounds framed: the tiles' (with their margin) and, if given, the track's with its markers. */
export function withTrack(b: Bounds, track?: Bounds): Bounds {
  if (!track) return b;
  return {
    minX: Math.min(b.minX, track.minX - MARKER_REACH),
    maxX: Math.max(b.maxX, track.maxX + MARKER_REACH),
    minY: Math.min(b.minY, track.minY - MARKER_REACH),
    maxY: Math.max(b.maxY, track.maxY + MARKER_REACH),
  };
}

/** The placed tiles' extent on the table, with room for the legal cells next to them. */
export function tileBounds(tiles: readonly { x: number; y: number }[]): Bounds {
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const t of tiles) {
    minX = Math.min(minX, t.x);
    maxX = Math.max(maxX, t.x);
    minY = Math.min(minY, t.y);
    maxY = Math.max(maxY, t.y);
  }
  const margin = 1.1;
  return { minX: minX - margin, maxX: maxX + margin, minY: minY - margin, maxY: maxY + margin };
}
