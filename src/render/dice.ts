// The dice of a battle throw (R6.3, R6.8): a cube per die, its faces from one atlas (row 0
// the normal die 1–6 with pips, row 1 the yellow die 3–8 with numerals). The value shown is
// the engine's; the animation only decides how the cube tumbles onto it.
import * as THREE from 'three';
import { paintTexture } from './canvas-texture';

/** Box faces in three's order +X, −X, +Y, −Y, +Z, −Z → which face label (0..5) each shows.
    Opposite faces add up like a real die: label pairs (0,5), (1,4), (2,3). */
export const FACE_LABEL = [1, 4, 0, 5, 2, 3] as const;
const FACE_NORMALS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const;

/** Label index of a value: normal die 1..6 → 0..5, yellow die 3..8 → 0..5. */
export function dieLabel(value: number, yellow: boolean): number {
  return Math.max(0, Math.min(5, value - (yellow ? 3 : 1)));
}

/** Which way is "up" in the picture on each face, in the cube's own frame (BoxGeometry's UVs). */
const FACE_TEXT_UP = [
  [0, 1, 0],
  [0, 1, 0],
  [0, 0, -1],
  [0, 0, 1],
  [0, 1, 0],
  [0, 1, 0],
] as const;

/** The cube's rest orientation: the face showing `label` on top, its numeral upright for a
    camera looking from azimuth `yaw` (0 = from the south, the default view). */
export function dieRestQuaternion(label: number, yaw: number): THREE.Quaternion {
  const face = FACE_LABEL.indexOf(label as (typeof FACE_LABEL)[number]);
  const up = new THREE.Vector3(0, 1, 0);
  const q = new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(...FACE_NORMALS[face]), up);
  const textUp = new THREE.Vector3(...FACE_TEXT_UP[face]).applyQuaternion(q);
  const current = Math.atan2(textUp.x, textUp.z);
  const wanted = Math.atan2(-Math.sin(yaw), -Math.cos(yaw)); // away from the camera: screen-up
  return new THREE.Quaternion().setFromAxisAngle(up, wanted - current).multiply(q);
}

/** A box whose face k samples column FACE_LABEL[k] of the atlas (the row comes per instance). */
export function dieGeometry(size: number): THREE.BufferGeometry {
  const g = new THREE.BoxGeometry(size, size, size);
  const uv = g.getAttribute('uv') as THREE.BufferAttribute;
  for (let face = 0; face < 6; face++) {
    for (let k = 0; k < 4; k++) {
      const i = face * 4 + k;
      uv.setX(i, (FACE_LABEL[face] + uv.getX(i)) / 6);
    }
  }
  uv.needsUpdate = true;
  return g;
}

/** Atlas offsets per die kind for the per-instance UV (canvas row 0 is the top: v from 0.5). */
export const DIE_ROW_OFFSET = { normal: [0, 0.5] as [number, number], yellow: [0, 0] as [number, number] };

const PIPS: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [
    [0.28, 0.28],
    [0.72, 0.72],
  ],
  3: [
    [0.26, 0.26],
    [0.5, 0.5],
    [0.74, 0.74],
  ],
  4: [
    [0.28, 0.28],
    [0.72, 0.28],
    [0.28, 0.72],
    [0.72, 0.72],
  ],
  5: [
    [0.26, 0.26],
    [0.74, 0.26],
    [0.5, 0.5],
    [0.26, 0.74],
    [0.74, 0.74],
  ],
  6: [
    [0.28, 0.24],
    [0.72, 0.24],
    [0.28, 0.5],
    [0.72, 0.5],
    [0.28, 0.76],
    [0.72, 0.76],
  ],
};

export function diceAtlas(): THREE.CanvasTexture {
  const c = 128;
  const t = paintTexture(c * 6, c * 2, (ctx) => {
    for (let row = 0; row < 2; row++) {
      for (let col = 0; col < 6; col++) {
        const x = col * c;
        const y = row * c;
        ctx.fillStyle = row === 0 ? '#f4f1e8' : '#ffd21f';
        ctx.fillRect(x, y, c, c);
        ctx.strokeStyle = row === 0 ? '#b8b2a2' : '#b08a00';
        ctx.lineWidth = 6;
        ctx.strokeRect(x + 3, y + 3, c - 6, c - 6);
        if (row === 0) {
          ctx.fillStyle = '#15151a';
          for (const [px, py] of PIPS[col + 1]) {
            ctx.beginPath();
            ctx.arc(x + px * c, y + py * c, c * 0.09, 0, Math.PI * 2);
            ctx.fill();
          }
        } else {
          ctx.fillStyle = '#2a1d00';
          ctx.font = `bold ${c * 0.62}px system-ui, sans-serif`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(String(col + 3), x + c / 2, y + c * 0.54);
          if (col + 3 === 6) ctx.fillRect(x + c * 0.34, y + c * 0.84, c * 0.32, c * 0.05); // underlined so it never reads as a 9
        }
      }
    }
  });
  return t;
}
