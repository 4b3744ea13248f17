// Whether WebGL runs on the CPU: SwiftShader (Chromium's fallback where the GPU is blocklisted
// or absent, and headless Chromium), Mesa's llvmpipe/softpipe, Windows' Basic Render Driver.
// There every frame is rasterised in software, and multisampling is a large part of it (one
// hotseat page at 1280×720 here, `bench -- start`: the start's longest task 214–264 ms with 4×
// MSAA, 173–201 ms without; docs/render.md "Cost"), so the table draws without it and at most
// one pixel per CSS pixel.

let known: boolean | null = null;

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

/** True for the renderer string of a WebGL that rasterises on the CPU. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE.test(renderer);
}

/** What a context says of its renderer, remembered: the first table's own context answers (table-surface.ts). */
export function learnRenderer(gl: WebGLRenderingContext | WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  known = isSoftwareRenderer(String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)));
  return known;
}

/** Whether WebGL is known to run in software yet (null: no context has been asked). */
export function softwareKnown(): boolean | null {
  return known;
}

/** True when WebGL is rendered in software; asked of a throwaway 1-pixel context if no table has said, then remembered. */
export function softwareWebGl(): boolean {
  if (known !== null) return known;
  known = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const gl = canvas.getContext('webgl2');
    if (gl) {
      learnRenderer(gl);
      gl.getExtension('WEBGL_lose_context')?.loseContext(); // a page may hold only so many contexts
    }
  } catch {
    // no WebGL at all: the table says so itself (table-controller.ts)
  }
  return known;
}

/** What a renderer on this device is made with: multisampling only on a GPU, and the pixel ratio (`software` if known). */
export function renderQuality(devicePixelRatio: number, software = softwareWebGl()): { antialias: boolean; pixelRatio: number } {
  return { antialias: !software, pixelRatio: Math.min(devicePixelRatio || 1, software ? 1 : 2) };
}
