// The score track drawn (R1.7): 50 numbered slots around the board (every fifth in gold),
// a marker per scorer (seat or team) with its letter, markers sharing a slot in a small
// ring, and one gold pip per completed lap of 50. Scores may be fractional while a marker
// moves; score-track.ts holds the pure geometry.
import * as THREE from 'three';
import type { GameState } from '../engine';
import { billboardMaterial, useAtlasPerInstance } from './atlas-material';
import { paintTexture } from './canvas-texture';
import type { labelAtlas } from './figures';
import { SEAT_HEX, scorerColour } from './palette';
import { litMaterial, plainTint } from './shared-programs';
import { TRACK_SLOTS, markerSlot, slotPosition, trackRect, type Bounds } from './score-track';

type Factory = (g: THREE.BufferGeometry, m: THREE.Material, capacity: number) => THREE.InstancedMesh;

const MARKER_Y = 0.05;
const MAX_MARKERS = 8;
const MAX_LAP_PIPS = 6;

export class ScoreTrackMeshes {
  private readonly slots: THREE.InstancedMesh;
  private readonly markers: THREE.InstancedMesh;
  private readonly markerLabels: THREE.InstancedMesh;
  private readonly lapPips: THREE.InstancedMesh;
  private readonly numbers: THREE.CanvasTexture;

  /** Scores as the markers show them (fractional while moving). */
  shown: number[] = [];
  /** Label-atlas keys and colours of the scorers (seats, or the two teams). */
  labelKeys: string[] = [];
  hex: number[] = [];
  private rect: Bounds = { minX: -3.5, minY: -2.5, maxX: 3.5, maxY: 2.5 };

  constructor(
    make: Factory,
    private readonly labels: ReturnType<typeof labelAtlas>,
  ) {
    this.numbers = numberAtlas();
    const slotGeometry = new THREE.PlaneGeometry(0.36, 0.36).rotateX(-Math.PI / 2);
    slotGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(TRACK_SLOTS * 2), 2));
    const slotMaterial = new THREE.MeshBasicMaterial({ map: this.numbers, toneMapped: false });
    useAtlasPerInstance(slotMaterial, new THREE.Vector2(0.1, 0.2));
    this.slots = make(slotGeometry, slotMaterial, TRACK_SLOTS);

    const markerMaterial = litMaterial({ roughness: 0.4, metalness: 0.2 }); // every lit mesh's program (shared-programs.ts)
    this.markers = make(new THREE.CylinderGeometry(0.14, 0.15, 0.07, 24), markerMaterial, MAX_MARKERS);
    this.markers.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(MAX_MARKERS * 3), 3);
    const labelGeometry = new THREE.PlaneGeometry(1, 1);
    labelGeometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(MAX_MARKERS * 2), 2));
    this.markerLabels = make(labelGeometry, billboardMaterial(labels.texture, labels.scale, { minPixels: 16 }), MAX_MARKERS);
    this.markerLabels.instanceColor = plainTint(MAX_MARKERS);
    const pipMaterial = litMaterial({ color: 0xffd54a, emissive: 0x664400, roughness: 0.3, metalness: 0.6 });
    this.lapPips = make(new THREE.SphereGeometry(0.045, 12, 8), pipMaterial, MAX_MARKERS * MAX_LAP_PIPS);
    this.lapPips.instanceColor = plainTint(MAX_MARKERS * MAX_LAP_PIPS);
    this.lapPips.userData.warmAtFirstDraw = true; // no lap at the start (gpu-ready.ts)
  }

  get bounds(): Bounds {
    return this.rect;
  }

  /** Who scores: a seat each, or the two teams (R1.7), with their colours. */
  configureScorers(state: GameState): void {
    const teams = state.setup.options.teams;
    this.labelKeys = state.scores.map((_, i) => (teams ? (i === 0 ? 'team:Rebel' : 'team:Empire') : state.setup.seats[i]));
    this.hex = state.scores.map((_, i) => SEAT_HEX[scorerColour(state.setup, i)]);
  }

  /** The track goes round the board of `state`, leaving room for the next tile. */
  fitBoard(state: GameState): void {
    this.rect = trackRect(boardBounds(state));
  }

  /** Rewrites the slots round the track, then the markers. */
  writeTrack(): void {
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

  /** Rewrites the markers at the shown scores, with their letters and lap pips. */
  writeMarkers(): void {
    const m = new THREE.Matrix4();
    const colour = new THREE.Color();
    const offsets = this.markerLabels.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    // markers sharing a slot stand in a small ring round it, each with its letter above
    const slotKey = (score: number, i: number) => (Number.isInteger(score) ? markerSlot(score).slot : -1 - i);
    const rounded = this.shown.map((v) => Math.round(v * 1000) / 1000);
    const sharing = new Map<number, number>();
    rounded.forEach((v, i) => sharing.set(slotKey(v, i), (sharing.get(slotKey(v, i)) ?? 0) + 1));
    const seen = new Map<number, number>();
    let pips = 0;
    this.shown.forEach((_, i) => {
      if (i >= MAX_MARKERS) return;
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
      this.markers.setColorAt(i, colour.setHex(this.hex[i] ?? 0x888888));
      m.compose(new THREE.Vector3(p.x, p.y + 0.2, p.z), new THREE.Quaternion(), new THREE.Vector3(0.17, 0.17, 0.17));
      this.markerLabels.setMatrixAt(i, m);
      const [ou, ov] = this.labels.offset(this.labelKeys[i] ?? 'red');
      offsets.setXY(i, ou, ov);
      // one gold pip per completed lap of 50 (R1.7)
      const laps = Math.min(MAX_LAP_PIPS, markerSlot(Math.max(0, Math.floor(rounded[i]))).laps);
      for (let l = 0; l < laps; l++) {
        const a = (l / MAX_LAP_PIPS) * Math.PI * 2;
        m.makeTranslation(p.x + Math.cos(a) * 0.1, p.y + 0.05, p.z + Math.sin(a) * 0.1);
        this.lapPips.setMatrixAt(pips++, m);
      }
    });
    const n = Math.min(MAX_MARKERS, this.shown.length);
    this.markers.count = n;
    this.markerLabels.count = n;
    this.lapPips.count = pips;
    for (const mesh of [this.markers, this.markerLabels, this.lapPips]) mesh.instanceMatrix.needsUpdate = true;
    if (this.markers.instanceColor) this.markers.instanceColor.needsUpdate = true;
    offsets.needsUpdate = true;
  }

  dispose(): void {
    this.numbers.dispose();
  }

  /** Between two slots while moving, hopping a little at mid-way. */
  private markerPosition(score: number): THREE.Vector3 {
    const lo = Math.floor(score);
    const f = score - lo;
    const a = slotPosition(this.rect, markerSlot(lo).slot);
    const b = slotPosition(this.rect, markerSlot(lo + 1).slot);
    return new THREE.Vector3(a.x + (b.x - a.x) * f, MARKER_Y + Math.sin(f * Math.PI) * 0.25, a.y + (b.y - a.y) * f);
  }
}

function boardBounds(state: GameState): Bounds {
  let minX = 0,
    minY = 0,
    maxX = 0,
    maxY = 0;
  for (const t of state.tiles) {
    minX = Math.min(minX, t.x);
    maxX = Math.max(maxX, t.x);
    minY = Math.min(minY, t.y);
    maxY = Math.max(maxY, t.y);
  }
  // leave room for the next tile around the edge of the board
  return { minX: minX - 1, minY: minY - 1, maxX: maxX + 1, maxY: maxY + 1 };
}

/** Slot numbers 0..49 on small plates (multiples of 5 in gold). 10 columns × 5 rows. */
function numberAtlas(): THREE.CanvasTexture {
  const c = 64;
  return paintTexture(c * 10, c * 5, (ctx) => {
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
}
