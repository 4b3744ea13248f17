// The dice show the engine's values (R6.3, R6.8, R6.9): the face carrying a value ends on top.
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { FACE_LABEL, dieLabel, dieRestQuaternion } from '../../src/render/dice';

const NORMALS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const;

describe('dice', () => {
  it('maps normal values 1–6 and yellow values 3–8 onto the six faces (R1.5)', () => {
    expect([1, 2, 3, 4, 5, 6].map((v) => dieLabel(v, false))).toEqual([0, 1, 2, 3, 4, 5]);
    expect([3, 4, 5, 6, 7, 8].map((v) => dieLabel(v, true))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('labels opposite faces like a real die (1 opposite 6)', () => {
    for (let f = 0; f < 6; f += 2) expect(FACE_LABEL[f] + FACE_LABEL[f + 1]).toBe(5);
  });

  it('rests with the face of the thrown value pointing up, whatever the yaw (R6.9)', () => {
    for (let label = 0; label < 6; label++) {
      for (const yaw of [0, 0.7, -2.1]) {
        const q = dieRestQuaternion(label, yaw);
        const face = FACE_LABEL.indexOf(label as (typeof FACE_LABEL)[number]);
        const up = new THREE.Vector3(...NORMALS[face]).applyQuaternion(q);
        expect(up.y).toBeCloseTo(1, 6);
      }
    }
  });

  it('turns the top numeral upright for the viewer (its top points away from the camera)', () => {
    const TEXT_UP = [
      [0, 1, 0],
      [0, 1, 0],
      [0, 0, -1],
      [0, 0, 1],
      [0, 1, 0],
      [0, 1, 0],
    ] as const;
    for (let label = 0; label < 6; label++) {
      for (const yaw of [0, Math.PI / 2, 2.5]) {
        const face = FACE_LABEL.indexOf(label as (typeof FACE_LABEL)[number]);
        const t = new THREE.Vector3(...TEXT_UP[face]).applyQuaternion(dieRestQuaternion(label, yaw));
        expect(t.x).toBeCloseTo(-Math.sin(yaw), 6);
        expect(t.z).toBeCloseTo(-Math.cos(yaw), 6);
      }
    }
  });
});
