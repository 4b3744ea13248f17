// Before a table's first frame (src/render/gpu-ready.ts): each material the first frame draws is
// drawn once alone, into one pixel, with the canvas out of the page, so the GPU process builds its
// pipelines before the page waits on a frame; a recording renderer stands in for WebGL here.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { warmPipelines } from '../../src/render/gpu-ready';

/** What a render saw: the objects it would draw, the scissor, and whether the canvas was out of the page. */
interface Draw {
  drawn: string[];
  scissor: boolean;
  concealed: boolean;
}

function recorder(concealed: () => boolean) {
  const draws: Draw[] = [];
  let scissor = false;
  const renderer = {
    setScissorTest(on: boolean) {
      scissor = on;
    },
    setScissor() {},
    getContext: () => ({}),
    render(scene: THREE.Scene) {
      const drawn: string[] = [];
      scene.traverseVisible((o) => {
        const instanced = o as THREE.InstancedMesh;
        if ((o as THREE.Mesh).isMesh && !(instanced.isInstancedMesh && instanced.count === 0)) drawn.push(o.name);
      });
      draws.push({ drawn, scissor, concealed: concealed() });
    },
  };
  return { renderer: renderer as unknown as THREE.WebGLRenderer, draws, scissorOn: () => scissor };
}

function table() {
  const scene = new THREE.Scene();
  const shared = new THREE.MeshBasicMaterial();
  const add = (name: string, o: THREE.Object3D) => {
    o.name = name;
    scene.add(o);
    return o;
  };
  add('surface', new THREE.Mesh(new THREE.PlaneGeometry(), new THREE.MeshBasicMaterial()));
  const tiles = add('tiles', new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshStandardMaterial(), 8)) as THREE.InstancedMesh;
  tiles.count = 1;
  const meeples = add(
    'meeples',
    new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshStandardMaterial(), 8),
  ) as THREE.InstancedMesh;
  meeples.count = 0; // none on the board yet
  add('slots', new THREE.Mesh(new THREE.PlaneGeometry(), shared));
  add('slots-too', new THREE.Mesh(new THREE.PlaneGeometry(), shared)); // the same material: drawn once
  const hidden = add('hidden', new THREE.Mesh(new THREE.PlaneGeometry(), new THREE.MeshBasicMaterial()));
  hidden.visible = false;
  return { scene, camera: new THREE.PerspectiveCamera() };
}

describe('warming the first frame’s pipelines', () => {
  it('draws each material of the first frame once, alone, into one pixel, with the canvas out of the page', async () => {
    const { scene, camera } = table();
    let concealed = false;
    const steps: boolean[] = [];
    const { renderer, draws, scissorOn } = recorder(() => concealed);
    await warmPipelines(
      renderer,
      scene,
      camera,
      () => false,
      (hidden) => {
        concealed = hidden;
        steps.push(hidden);
      },
    );
    expect(draws.map((d) => d.drawn)).toEqual([['surface'], ['tiles'], ['slots']]);
    expect(draws.every((d) => d.concealed && d.scissor)).toBe(true);
    expect(steps).toEqual([true, false]); // back in the page after
    expect(scissorOn()).toBe(false);
    // every object as it was: the hidden one hidden, the rest shown, no instance added
    expect(scene.children.filter((o) => o.visible).map((o) => o.name)).toEqual(['surface', 'tiles', 'meeples', 'slots', 'slots-too']);
    expect((scene.getObjectByName('meeples') as THREE.InstancedMesh).count).toBe(0);
  });

  it('with `all` (a table made ahead), also draws each mesh with no instance yet, lending it one instance for that draw only', async () => {
    const { scene, camera } = table();
    const dice = new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshStandardMaterial(), 8);
    dice.count = 0;
    dice.userData.warmAtFirstDraw = true; // never in a first frame: left to its first draw
    scene.add(Object.assign(dice, { name: 'dice' }));
    const counts: number[] = [];
    const { renderer, draws } = recorder(() => true);
    const original = renderer.render.bind(renderer);
    renderer.render = ((s: THREE.Scene, c: THREE.Camera) => {
      counts.push((s.getObjectByName('meeples') as THREE.InstancedMesh).count);
      original(s, c);
    }) as typeof renderer.render;
    await warmPipelines(
      renderer,
      scene,
      camera,
      () => false,
      () => {},
      () => true,
    );
    // the first frame's materials first, then the meshes with no instance
    expect(draws.map((d) => d.drawn)).toEqual([['surface'], ['tiles'], ['slots'], ['meeples']]);
    expect(counts).toEqual([0, 0, 0, 1]); // one instance while the meeples are drawn, none otherwise
    expect((scene.getObjectByName('meeples') as THREE.InstancedMesh).count).toBe(0);
    expect((scene.getObjectByName('tiles') as THREE.InstancedMesh).count).toBe(1);
  });

  it('stops drawing the meshes with no instance once someone waits for the table (`all()` turns false)', async () => {
    const { scene, camera } = table();
    scene.add(
      Object.assign(new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshStandardMaterial(), 8), { name: 'spots', count: 0 }),
    );
    let waiting = false;
    const { renderer, draws } = recorder(() => true);
    const original = renderer.render.bind(renderer);
    renderer.render = ((s: THREE.Scene, c: THREE.Camera) => {
      original(s, c);
      if (draws.at(-1)?.drawn[0] === 'meeples') waiting = true; // the table is taken during the first empty mesh's draw
    }) as typeof renderer.render;
    await warmPipelines(
      renderer,
      scene,
      camera,
      () => false,
      () => {},
      () => !waiting,
    );
    // the first frame's materials first, then the empty meshes, until someone waits
    expect(draws.map((d) => d.drawn)).toEqual([['surface'], ['tiles'], ['slots'], ['meeples']]);
  });

  it('stops at once when the table goes, and still puts the canvas back and every object as it was', async () => {
    const { scene, camera } = table();
    let concealed = false;
    const { renderer, draws } = recorder(() => concealed);
    let gone = false;
    const original = renderer.render.bind(renderer);
    renderer.render = ((s: THREE.Scene, c: THREE.Camera) => {
      original(s, c);
      gone = true; // disposed during the first draw
    }) as typeof renderer.render;
    await warmPipelines(
      renderer,
      scene,
      camera,
      () => gone,
      (hidden) => {
        concealed = hidden;
      },
    );
    expect(draws).toHaveLength(1);
    expect(concealed).toBe(false);
    expect(scene.children.filter((o) => o.visible)).toHaveLength(5);
  });
});
