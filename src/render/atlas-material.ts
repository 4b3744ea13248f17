// Materials that read one cell of a texture atlas per instance: the map UV becomes
// uv * atlasScale + atlasOffset (a per-instance attribute), so many designs share one draw call.
import * as THREE from 'three';

/** Patches a built-in material (Basic / Standard) in place; returns it. */
export function useAtlasPerInstance<M extends THREE.MeshBasicMaterial | THREE.MeshStandardMaterial | THREE.MeshLambertMaterial>(
  material: M,
  scale: THREE.Vector2,
): M {
  material.onBeforeCompile = (shader) => {
    shader.uniforms.atlasScale = { value: scale };
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nattribute vec2 atlasOffset;\nuniform vec2 atlasScale;')
      .replace('#include <uv_vertex>', '#include <uv_vertex>\n#ifdef USE_MAP\n vMapUv = vMapUv * atlasScale + atlasOffset;\n#endif');
  };
  material.customProgramCacheKey = () => `atlas-per-instance-${material.type}`;
  return material;
}

/** Camera-facing quads (seat letters, meeple spots): each instance's translation and uniform
    scale come from instanceMatrix, never smaller on screen than `minPixels` (so a letter stays
    readable when the camera is far away), pushed `lift` × size toward the camera. Every option is
    a uniform, so letters and spots are one program (shared-programs.ts). */
export function billboardMaterial(
  map: THREE.Texture,
  scale: THREE.Vector2,
  opts: { minPixels?: number; lift?: number; depthTest?: boolean } = {},
): THREE.ShaderMaterial {
  return new THREE.ShaderMaterial({
    uniforms: {
      map: { value: map },
      atlasScale: { value: scale },
      minPixels: { value: opts.minPixels ?? 0 },
      lift: { value: opts.lift ?? 0.9 },
      viewportHeight: { value: 720 },
    },
    vertexShader: /* glsl */ `
      attribute vec2 atlasOffset;
      uniform vec2 atlasScale;
      uniform float minPixels;
      uniform float lift;
      uniform float viewportHeight;
      varying vec2 vUv;
      varying vec3 vTint;
      void main() {
        vec4 centre = modelViewMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0);
        float s = length(instanceMatrix[0].xyz);
        // world size that covers minPixels at this depth
        float minSize = minPixels / viewportHeight * 2.0 * max(-centre.z, 0.01) / projectionMatrix[1][1];
        s = max(s, minSize);
        centre.z += lift * s;
        centre.xy += position.xy * s;
        gl_Position = projectionMatrix * centre;
        vUv = uv * atlasScale + atlasOffset;
        #ifdef USE_INSTANCING_COLOR
          vTint = instanceColor;
        #else
          vTint = vec3(1.0);
        #endif
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D map;
      varying vec2 vUv;
      varying vec3 vTint;
      void main() {
        vec4 c = texture2D(map, vUv);
        if (c.a < 0.35) discard;
        gl_FragColor = vec4(c.rgb * vTint, c.a);
        #include <colorspace_fragment>
      }`,
    depthTest: opts.depthTest ?? true,
  });
}
