// What a pointer is over: the board cell under it (a ray onto the tile tops) and the meeple
// spot nearest to it on screen, within 34 px (R10.1, R10.2).
import * as THREE from 'three';
import { TILE_HEIGHT } from './board-meshes';

type ToScreen = (p: THREE.Vector3) => { x: number; y: number } | null;

const SPOT_PICK_PX = 34;

export class TablePicking {
  private readonly raycaster = new THREE.Raycaster();
  private readonly ground = new THREE.Plane(new THREE.Vector3(0, 1, 0), -TILE_HEIGHT);

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly camera: THREE.Camera,
    private readonly toScreen: ToScreen,
  ) {}

  /** The whole cell whose tile top the pointer is over, or null when the ray misses the board's plane. */
  cellAt(clientX: number, clientY: number): { x: number; y: number } | null {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const hit = new THREE.Vector3();
    if (!this.raycaster.ray.intersectPlane(this.ground, hit)) return null;
    return { x: Math.round(hit.x), y: Math.round(hit.z) };
  }

  /** Index of the spot (at these world positions) nearest the pointer on screen, -1 when none is within reach. */
  nearestSpot(clientX: number, clientY: number, positions: readonly (THREE.Vector3 | undefined)[], count: number): number {
    const rect = this.canvas.getBoundingClientRect();
    const px = clientX - rect.left;
    const py = clientY - rect.top;
    let best = -1;
    let bestD = SPOT_PICK_PX;
    for (let i = 0; i < count; i++) {
      const p = positions[i];
      const s = p && this.toScreen(p);
      if (!s) continue;
      const d = Math.hypot(s.x - px, s.y - py);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }
}
