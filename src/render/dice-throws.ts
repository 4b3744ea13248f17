// The dice of a battle throw (R6.3, R6.8, R10.3): every participant's dice tumble onto the
// table above the realm, one row each, tinted in the owner's colour (the yellow die stays
// yellow), and land with the engine's values on top; the best die of each grows a little.
// The tumble is seeded by the realm and the throw, so it looks the same on every device.
import * as THREE from 'three';
import type { GameEvent } from '../engine';
import { SeededRandom } from '../fair/mulberry32';
import { useAtlasPerInstance } from './atlas-material';
import { DIE_ROW_OFFSET, dieGeometry, dieLabel, dieRestQuaternion, diceAtlas } from './dice';
import { realmCentre } from './table-captions';
import { easeOutBounce, easeOutCubic } from './tweens';

type Factory = (g: THREE.BufferGeometry, m: THREE.Material, capacity: number) => THREE.InstancedMesh;
type ToScreen = (p: THREE.Vector3) => { x: number; y: number } | null;
type Throw = Extract<GameEvent, { type: 'throw' }>;
type Tween = (ms: number, step: (k: number) => void) => Promise<void>;

const MAX_DICE = 24;
const DIE_SIZE = 0.3;
/** The smallest a die may look while it is thrown (CSS px across). */
const DIE_MIN_PX = 34;
/** ≤ 1.5 s per throw: 0.85 s tumbling and landing, then a moment to read the result. */
const THROW_MS = 1350;

interface ThrownDie {
  label: number;
  yellow: boolean;
  hex: number;
  best: boolean;
  rest: THREE.Vector3;
  q: THREE.Quaternion;
  axis: THREE.Vector3;
  spin: number;
  delay: number;
}

export class DiceThrows {
  private readonly dice: THREE.InstancedMesh;
  private readonly atlas: THREE.Texture;

  constructor(make: Factory) {
    this.atlas = diceAtlas();
    const geometry = dieGeometry(DIE_SIZE);
    geometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(MAX_DICE * 2), 2));
    const material = useAtlasPerInstance(new THREE.MeshStandardMaterial({ map: this.atlas, roughness: 0.45 }), new THREE.Vector2(1, 0.5));
    this.dice = make(geometry, material, MAX_DICE);
    this.dice.userData.warmAtFirstDraw = true; // a battle's dice, never in a first frame (gpu-ready.ts)
    this.dice.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(MAX_DICE * 3), 3);
  }

  /**
   * Throws the dice of `e` facing a camera at `yaw`, in the scorers' colours `hex`; `tween`
   * runs the animation. Resolves when the dice are gone again.
   */
  async play(e: Throw, yaw: number, hex: readonly number[], toScreen: ToScreen, tween: Tween): Promise<void> {
    const c = realmCentre(e.realm);
    const rnd = new SeededRandom(`${e.realm.node.join(',')}:${e.throw}`);
    const dice: ThrownDie[] = [];
    const rows = e.rolls.length;
    const right = new THREE.Vector3(Math.cos(yaw), 0, -Math.sin(yaw));
    const back = new THREE.Vector3(-Math.sin(yaw), 0, -Math.cos(yaw));
    // big enough to read: a die at least DIE_MIN_PX across on screen, however far the camera is
    const centre = new THREE.Vector3(c.x, 0.7, c.y);
    const a0 = toScreen(centre);
    const a1 = toScreen(centre.clone().addScaledVector(right, DIE_SIZE));
    const px = a0 && a1 ? Math.hypot(a1.x - a0.x, a1.y - a0.y) : DIE_MIN_PX;
    const grow = Math.min(4, Math.max(1, DIE_MIN_PX / Math.max(1, px)));
    e.rolls.forEach((roll, r) => {
      const owner = hex[roll.id] ?? 0xffffff;
      const bestIndex = roll.values.indexOf(Math.max(...roll.values));
      roll.values.forEach((v, k) => {
        const yellow = roll.yellow && k === roll.values.length - 1; // R6.8: the yellow value comes last
        const across = (k - (roll.values.length - 1) / 2) * DIE_SIZE * 1.35 * grow;
        const along = (r - (rows - 1) / 2) * DIE_SIZE * 1.6 * grow;
        const rest = new THREE.Vector3(c.x, 0.7, c.y).addScaledVector(right, across).addScaledVector(back, along);
        dice.push({
          label: dieLabel(v, yellow),
          yellow,
          hex: owner,
          best: k === bestIndex,
          rest,
          q: dieRestQuaternion(dieLabel(v, yellow), yaw + rnd.range(-0.15, 0.15)),
          axis: new THREE.Vector3(rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1)).normalize(),
          spin: rnd.range(6, 11),
          delay: rnd.range(0, 0.12),
        });
      });
    });
    await tween(THROW_MS, (k) => this.write(dice, grow, Math.min(1, k / 0.63)));
    this.dice.count = 0;
  }

  dispose(): void {
    this.atlas.dispose();
  }

  /** The dice at moment `k` of their fall (0 thrown, 1 landed). */
  private write(dice: readonly ThrownDie[], grow: number, k: number): void {
    const colour = new THREE.Color();
    const white = new THREE.Color(0xffffff);
    const offsets = this.dice.geometry.getAttribute('atlasOffset') as THREE.InstancedBufferAttribute;
    const m = new THREE.Matrix4();
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
  }
}
