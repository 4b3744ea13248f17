// Before a table's first frame: every program compiled and linked, every texture uploaded and
// every pipeline of the first frame built, one per task, with the page never waiting on the GPU
// process (tabletop.ts calls it once).
import * as THREE from 'three';
import { softwareWebGl } from './gpu-tier';

/** What is asked of three's compiled program (WebGLProgram is not in three's public types). */
interface GpuProgram {
  isReady(): boolean;
  getUniforms(): unknown;
  getAttributes(): unknown;
}

const nextTask = () => new Promise((r) => setTimeout(r, 0));

/**
 * Compiles every material of `scene` and uploads every texture before the first render, one
 * program or texture per task, without the main thread waiting on the GPU process. Where the
 * browser has KHR_parallel_shader_compile, each program says when it is linked; where it has
 * not (Chromium on SwiftShader, WebGL on the CPU, has not), the links still run in the GPU
 * process, but the first query of a program (three's getUniforms) blocks until its link is
 * done: a WebGL2 fence after the compile says, without blocking, when the GPU process has got
 * through every command before it. The same fence after the uploads covers the mipmaps built
 * there. (A profile of the start: 3.7 s in three's getUniforms once, then 0.44 s for one
 * program.) `atlasReady` is waited for up to 2 s first; then warmPipelines, with the canvas
 * out of the page (`conceal`), `all` of them (warmPipelines); stops early once `gone()`.
 */
export async function prepareGpu(
  renderer: THREE.WebGLRenderer,
  scene: THREE.Scene,
  camera: THREE.Camera,
  atlasReady: Promise<unknown>,
  gone: () => boolean,
  conceal: (hidden: boolean) => void,
  all: () => boolean = () => false,
): Promise<void> {
  await nextTask(); // not in the task that built the table
  if (gone()) return;
  mark('table: compile');
  const materials = [...renderer.compile(scene, camera)];
  const textures = new Set<THREE.Texture>();
  for (const m of materials) {
    for (const v of Object.values(m as unknown as Record<string, unknown>)) if (v instanceof THREE.Texture) textures.add(v);
    const uniforms = (m as THREE.ShaderMaterial).uniforms ?? {};
    for (const u of Object.values(uniforms)) if (u.value instanceof THREE.Texture) textures.add(u.value);
  }
  await gpuCaughtUp(renderer, gone);
  for (const m of materials) {
    const program = (renderer.properties.get(m) as { currentProgram?: GpuProgram }).currentProgram;
    for (let waited = 0; program && !program.isReady() && waited < 20_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    if (gone()) return;
    program?.getUniforms();
    program?.getAttributes();
    await nextTask();
  }
  // The atlas is painted on the way to the game (tile-atlas.ts): wait a little for it, so the first
  // frame samples the final textures (a software WebGL compiles its pipelines again for new ones).
  mark('table: programs linked');
  await Promise.race([atlasReady.catch(() => {}), new Promise((r) => setTimeout(r, 2_000))]);
  mark('table: atlas in');
  for (const t of textures) {
    // the atlas's designs may come later still; an empty texture has nothing to upload
    if (gone()) return;
    if (t.image) renderer.initTexture(t);
    await nextTask();
  }
  await gpuCaughtUp(renderer, gone);
  mark('table: textures uploaded');
  // with a GPU the compositor takes the frame without the page waiting (no GPU here to measure it)
  if (softwareWebGl()) await warmPipelines(renderer, scene, camera, gone, conceal, all);
  mark('table: ready to draw');
}

/** A User Timing mark of the table's preparation (DevTools' Performance panel shows them; benches read them). */
function mark(name: string): void {
  globalThis.performance?.mark?.(name);
}

/**
 * Draws each material of the first frame once, alone, into one pixel, with the canvas out of the
 * page, waiting on a fence after each. The GPU process builds a pipeline at its first draw, not at
 * the link (ANGLE on Vulkan; on SwiftShader a compile of 50–600 ms each, three pages at once),
 * and a page that composites in software (headless Chromium, a blocklisted GPU) reads every WebGL
 * frame back, waiting for the GPU process to finish it: the first frame waited for all of them,
 * 0.4–0.65 s with three pages. Out of the page, no frame is read back; one draw per flush lets the
 * other pages' frames through between the compiles (one flush of them all kept those waiting
 * 0.3–0.4 s). Meshes with no instance yet (meeples, spots) are left to their first draw, as
 * before: warming them too added 0.8 s to a three-page start — unless `all()`, for a table made
 * ahead that nobody waits for yet, so has no board yet (spare-table.ts): then those a first frame
 * draws (tiles, planets, the track, legal cells, spots: not those with `userData.warmAtFirstDraw`)
 * are drawn with one instance, after the others, as long as `all()` still holds (someone waiting
 * for the table stops them). Every pipeline is a compile in the one GPU process all pages share.
 * Only on a software WebGL (gpu-tier.ts).
 */
export async function warmPipelines(
  renderer: THREE.WebGLRenderer,
  scene: THREE.Scene,
  camera: THREE.Camera,
  gone: () => boolean,
  conceal: (hidden: boolean) => void,
  all: () => boolean = () => false,
): Promise<void> {
  const drawn: THREE.Object3D[] = [];
  scene.traverse((o) => {
    if ((o as THREE.Mesh).isMesh || (o as THREE.Points).isPoints || (o as THREE.Line).isLine || (o as THREE.Sprite).isSprite) drawn.push(o);
  });
  const firstOf = new Map<THREE.Material, THREE.Object3D>();
  const empty = (o: THREE.Object3D) => (o as THREE.InstancedMesh).isInstancedMesh && (o as THREE.InstancedMesh).count === 0;
  // what the first frame draws first, then the meshes with no instance yet
  const early = (o: THREE.Object3D) => !o.userData.warmAtFirstDraw; // meeples, equipment, pips, flashes, dice: not in a first frame
  for (const o of [...drawn.filter((d) => !empty(d)), ...(all() ? drawn.filter((d) => empty(d) && early(d)) : [])]) {
    if (!o.visible) continue;
    const m = (o as THREE.Mesh).material;
    for (const one of Array.isArray(m) ? m : [m]) if (one && !firstOf.has(one)) firstOf.set(one, o);
  }
  const visible = drawn.map((o) => o.visible);
  conceal(true);
  renderer.setScissorTest(true);
  renderer.setScissor(0, 0, 1, 1); // a pipeline does not depend on the pixels drawn
  try {
    for (const o of new Set(firstOf.values())) {
      if (gone()) return;
      if (empty(o) && !all()) continue; // someone waits for the table now: these wait for their first draw
      for (const d of drawn) d.visible = d === o;
      const lent = empty(o) ? (o as THREE.InstancedMesh) : null; // one instance, for this draw only
      if (lent) lent.count = 1;
      try {
        renderer.render(scene, camera);
      } finally {
        if (lent) lent.count = 0;
      }
      await gpuCaughtUp(renderer, gone);
      mark(`table: pipeline ${o.type} ${((o as THREE.Mesh).material as THREE.Material).type}`); // the probe shows what each costs
    }
  } finally {
    drawn.forEach((o, i) => {
      o.visible = visible[i];
    });
    renderer.setScissorTest(false);
    conceal(false);
  }
}

/** Settles once the GPU process has run every command issued so far (at most 20 s), polled from later tasks. */
export async function gpuCaughtUp(renderer: THREE.WebGLRenderer, gone: () => boolean): Promise<void> {
  const gl = renderer.getContext();
  if (gone() || typeof WebGL2RenderingContext === 'undefined' || !(gl instanceof WebGL2RenderingContext) || gl.isContextLost()) return;
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!sync) return;
  gl.flush();
  for (let waited = 0; waited < 20_000 && !gone(); waited += 10) {
    // WebGL updates a sync's status between tasks only, and reading it never blocks.
    if (gl.isContextLost() || gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!gl.isContextLost()) gl.deleteSync(sync);
}
