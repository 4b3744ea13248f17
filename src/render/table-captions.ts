// What marks a realm while events play (R7, R10.3): its tiles flash (red for a battle, the
// scorer's colour when it scores) and "+N" floats up above it in the scorer's colour, as
// HTML over the canvas (data-scorer names who scored, for tests).
import * as THREE from 'three';
import type { RealmSummary } from '../engine';
import { frameTexture } from './figures';

type Factory = (g: THREE.BufferGeometry, m: THREE.Material, capacity: number) => THREE.InstancedMesh;
type ToScreen = (p: THREE.Vector3) => { x: number; y: number } | null;

const MAX_FLASHES = 128;

export class TableCaptions {
  private readonly flashes: THREE.InstancedMesh;
  private readonly frame: THREE.Texture;

  /** `overlay` holds the "+N" labels (absolutely positioned over the canvas). */
  constructor(
    make: Factory,
    private readonly overlay: HTMLElement,
    private readonly toScreen: ToScreen,
    private readonly requestRender: () => void,
  ) {
    this.frame = frameTexture();
    const material = new THREE.MeshBasicMaterial({
      map: this.frame,
      transparent: true,
      depthWrite: false,
      blending: THREE.AdditiveBlending,
      toneMapped: false,
    });
    this.flashes = make(new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2), material, MAX_FLASHES);
    this.flashes.userData.warmAtFirstDraw = true; // a scored realm's flash, never in a first frame (gpu-ready.ts)
    this.flashes.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(MAX_FLASHES * 3), 3);
    this.flashes.renderOrder = 5;
  }

  /** Flashes the tiles of each realm in its colour (on top of what already flashes). */
  flash(realms: readonly RealmSummary[], hex: readonly number[]): void {
    const m = new THREE.Matrix4();
    const colour = new THREE.Color();
    let n = this.flashes.count;
    realms.forEach((realm, r) => {
      for (const [x, y] of realm.tiles) {
        if (n >= MAX_FLASHES) return;
        m.makeTranslation(x, 0.075, y);
        this.flashes.setMatrixAt(n, m);
        this.flashes.setColorAt(n++, colour.setHex(hex[r] ?? 0xffffff));
      }
    });
    this.flashes.count = n;
    this.flashes.instanceMatrix.needsUpdate = true;
    if (this.flashes.instanceColor) this.flashes.instanceColor.needsUpdate = true;
    this.requestRender();
  }

  clearFlash(): void {
    this.flashes.count = 0;
    this.requestRender();
  }

  /** A label such as "+5" at a world point, floating upwards; `scorer` names who scored. */
  floatLabel(text: string, at: THREE.Vector3, hex: number, scorer: string | undefined): void {
    const s = this.toScreen(at);
    if (!s) return;
    const el = document.createElement('div');
    el.className = 'float';
    el.textContent = text;
    const css = '#' + hex.toString(16).padStart(6, '0');
    el.style.cssText =
      `position:absolute;left:${s.x}px;top:${s.y}px;transform:translate(-50%,-50%);font:800 26px system-ui,sans-serif;` +
      `color:${css};text-shadow:0 0 4px #000,0 0 8px #000,0 0 2px #fff;transition:transform 0.9s ease-out,opacity 0.9s ease-in;`;
    if (scorer) el.dataset.scorer = scorer;
    this.overlay.append(el);
    requestAnimationFrame(() => {
      el.style.transform = 'translate(-50%,-150%)';
    });
  }

  clearOverlay(): void {
    this.overlay.replaceChildren();
  }

  dispose(): void {
    this.frame.dispose();
  }
}

/** Centre of a realm's tiles (a planet realm is its planet tile). */
export function realmCentre(realm: RealmSummary): { x: number; y: number } {
  let x = 0,
    y = 0;
  for (const [tx, ty] of realm.tiles) {
    x += tx;
    y += ty;
  }
  const n = Math.max(1, realm.tiles.length);
  return { x: x / n, y: y / n };
}
