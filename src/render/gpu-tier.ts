// Whether WebGL runs on the CPU: SwiftShader (Chromium's fallback where the GPU is blocklisted
// or absent, and headless Chromium), Mesa's llvmpipe/softpipe, Windows' Basic Render Driver.
// There every frame is rasterised in software, and multisampling is a large part of it (one
// hotseat page at 1280×720 here, `bench -- start`: the start's longest task 214–264 ms with 4×
// MSAA, 173–201 ms without; docs/render.md "Cost"), so the table draws without it, and within a
// budget of pixels a frame: at most one pixel per CSS pixel, and no more than half of 1280×720 in
// all (a larger window gets fewer pixels per CSS pixel, never under half). Headless Chromium
// composites in software and reads every WebGL frame back, so the page's main thread waits for
// each frame's rasterising: at a three-page start the frames held it 120–250 ms each at full size.

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

/** Pixels a frame of a software WebGL may have at most: half of 1280×720 (the rasterising cost grows with them). */
export const SOFTWARE_PIXELS = 460_800;

/** The fewest drawing-buffer pixels per CSS pixel a software WebGL gets, along each axis, however large the window. */
const SOFTWARE_MIN_RATIO = 0.5;

/**
 * What a renderer on this device is made with, for a canvas of `cssPixels` CSS pixels (width ×
 * height): multisampling only on a GPU; the pixel ratio up to 2 on a GPU, and on a CPU up to 1
 * and within SOFTWARE_PIXELS (in steps of 1/64, so a window resized by a few pixels keeps it).
 */
export function renderQuality(
  devicePixelRatio: number,
  cssPixels: number,
  software = softwareWebGl(),
): { antialias: boolean; pixelRatio: number } {
  const device = devicePixelRatio > 0 ? devicePixelRatio : 1;
  if (!software) return { antialias: true, pixelRatio: Math.min(device, 2) };
  const budget = Math.floor(Math.sqrt(SOFTWARE_PIXELS / Math.max(1, cssPixels)) * 64) / 64;
  return { antialias: false, pixelRatio: Math.min(device, 1, Math.max(SOFTWARE_MIN_RATIO, budget)) };
}
