// Materials that read one cell of a texture atlas per instance: the map UV becomes
// uv * atlasScale + atlasOffset (a per-instance attribute), so many designs share one draw call.
import * as THREE from 'three';

/** Patches a built-in material (Basic / Standard) in place; returns it. */
export function useAtlasPerInstance<M extends THREE.MeshBasicMaterial | THREE.MeshStandardMaterial | THREE.MeshLambertMaterial>(
  material: M, scale: THREE.Vector2,
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

/** Camera-facing labels (seat letters): each instance's translation and uniform scale from instanceMatrix. */
export function billboardMaterial(map: THREE.Texture, scale: THREE.Vector2): THREE.ShaderMaterial {
  return new THREE.ShaderMaterial({
    uniforms: { map: { value: map }, atlasScale: { value: scale } },
    vertexShader: /* glsl */ `
      attribute vec2 atlasOffset;
      uniform vec2 atlasScale;
      varying vec2 vUv;
      void main() {
        vec4 centre = modelViewMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0);
        float s = length(instanceMatrix[0].xyz);
        centre.xy += position.xy * s;
        centre.z += 0.9 * s; // in front of the figure it labels
        gl_Position = projectionMatrix * centre;
        vUv = uv * atlasScale + atlasOffset;
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D map;
      varying vec2 vUv;
      void main() {
        vec4 c = texture2D(map, vUv);
        if (c.a < 0.4) discard;
        gl_FragColor = c;
        #include <colorspace_fragment>
      }`,
    transparent: false,
  });
}
