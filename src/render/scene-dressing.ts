// What the table stands in, drawn once: the lights, the round table surface and a distant
// starfield (seeded, so every device shows the same sky).
import * as THREE from 'three';
import { SeededRandom } from '../fair/mulberry32';
import { useAtlasPerInstance } from './atlas-material';
import { paintTexture } from './canvas-texture';

const STARS = 1500;
const SKY_RADIUS = 150;

/** Adds the lights, the table surface and the starfield to `scene`; `own` takes what the table disposes. */
export function dressScene(scene: THREE.Scene, own: (d: { dispose(): void }) => void): void {
  scene.background = new THREE.Color(0x03050c);
  scene.add(new THREE.HemisphereLight(0xc8d8ff, 0x1a1a28, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 2.2);
  sun.position.set(4, 10, 7);
  scene.add(sun);
  for (const mesh of [tableSurface(own), starfield()]) {
    own(mesh.geometry);
    own(mesh.material as THREE.Material);
    scene.add(mesh);
  }
}

/**
 * The round table: one instance of the program the tiles and the track's slots are drawn with
 * (an atlas-mapped flat mesh, its whole texture as the one cell; shared-programs.ts).
 */
function tableSurface(own: (d: { dispose(): void }) => void): THREE.InstancedMesh {
  const texture = paintTexture(512, 512, (ctx) => {
    const g = ctx.createRadialGradient(256, 256, 20, 256, 256, 256);
    g.addColorStop(0, '#3a3431');
    g.addColorStop(0.55, '#2a2522');
    g.addColorStop(1, '#0c0a09');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 512, 512);
  });
  own(texture);
  const material = useAtlasPerInstance(new THREE.MeshBasicMaterial({ map: texture, toneMapped: false }), new THREE.Vector2(1, 1));
  const geometry = new THREE.CircleGeometry(60, 64).rotateX(-Math.PI / 2);
  geometry.setAttribute('atlasOffset', new THREE.InstancedBufferAttribute(new Float32Array(2), 2));
  const mesh = new THREE.InstancedMesh(geometry, material, 1);
  mesh.setMatrixAt(0, new THREE.Matrix4().makeTranslation(0, -0.002, 0));
  mesh.frustumCulled = false; // its bounds are the instance's, not the circle's
  return mesh;
}

function starfield(): THREE.Points {
  const pos = new Float32Array(STARS * 3);
  const rnd = new SeededRandom(12345);
  for (let i = 0; i < STARS; i++) {
    const theta = rnd.next() * Math.PI * 2;
    const phi = Math.acos(rnd.next() * 1.6 - 0.6);
    const r = SKY_RADIUS;
    pos.set([r * Math.sin(phi) * Math.cos(theta), r * Math.cos(phi), r * Math.sin(phi) * Math.sin(theta)], i * 3);
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(pos, 3));
  return new THREE.Points(g, new THREE.PointsMaterial({ color: 0xaabbdd, size: 1.2, sizeAttenuation: false }));
}
