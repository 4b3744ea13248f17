// What lets the table's meshes share a few shader programs. On a software WebGL (SwiftShader)
// every distinct program is a pipeline compiled in the GPU process, the one every page of the
// browser shares, at its first draw: 70–180 ms each here (docs/render.md "Cost"). So every lit
// mesh takes a map and a colour per instance — white where it has none, which changes no pixel —
// and is one program (MeshStandardMaterial, map, instancing, instance colours); the camera-facing
// labels and spots are another, the atlas-mapped flat meshes (tiles, track slots, the table) a third.
import * as THREE from 'three';

let plain: THREE.DataTexture | null = null;

/**
 * A 1-pixel white texture: a map that leaves the colour as it is. One for the page, never
 * disposed (each renderer uploads its own copy and drops it with its context).
 */
export function plainMap(): THREE.DataTexture {
  if (!plain) {
    plain = new THREE.DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1, THREE.RGBAFormat, THREE.UnsignedByteType);
    plain.colorSpace = THREE.SRGBColorSpace;
    plain.needsUpdate = true;
  }
  return plain;
}

/** White for `capacity` instances: a colour per instance that leaves the material's as it is. */
export function plainTint(capacity: number): THREE.InstancedBufferAttribute {
  return new THREE.InstancedBufferAttribute(new Float32Array(capacity * 3).fill(1), 3);
}

/** The table's lit material: MeshStandardMaterial with a map always (plainMap where the piece has no design of its own). */
export function litMaterial(params: THREE.MeshStandardMaterialParameters): THREE.MeshStandardMaterial {
  return new THREE.MeshStandardMaterial({ map: plainMap(), ...params });
}
