// The part of a table made first, in a task of its own (table-controller.ts): the wrapper, the
// canvas and the WebGL renderer. The context is a third of creating a table (55 of 136 ms in a
// profile of a three-page start on SwiftShader); the meshes, atlas and input follow in the next
// task (tabletop.ts), so neither task is long enough to hold up a frame on a slow device.
import * as THREE from 'three';
import { learnRenderer, renderQuality, softwareKnown } from './gpu-tier';

export interface TableSurface {
  readonly wrapper: HTMLDivElement;
  readonly canvas: HTMLCanvasElement;
  /** DOM captions over the canvas (table-captions.ts). */
  readonly overlay: HTMLDivElement;
  readonly renderer: THREE.WebGLRenderer;
}

/** Appends a table's wrapper to `host` and makes its renderer; throws where WebGL cannot start. */
export function openTableSurface(host: HTMLElement): TableSurface {
  const wrapper = document.createElement('div');
  wrapper.style.cssText = 'position:relative;width:100%;height:100%;overflow:hidden;touch-action:none;';
  const overlay = document.createElement('div');
  overlay.style.cssText = 'position:absolute;inset:0;pointer-events:none;font:600 15px system-ui,sans-serif;color:#fff;';
  host.append(wrapper);
  const cssW = Math.max(1, wrapper.clientWidth);
  const cssH = Math.max(1, wrapper.clientHeight);
  let made: { canvas: HTMLCanvasElement; renderer: THREE.WebGLRenderer };
  try {
    made = makeRenderer(cssW, cssH);
  } catch (e) {
    wrapper.remove();
    throw e;
  }
  const { canvas, renderer } = made;
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-label', 'Game table');
  wrapper.append(canvas, overlay);
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  return { wrapper, canvas, overlay, renderer };
}

/** Context attributes as three asks for them, without multisampling. */
const ATTRIBUTES: WebGLContextAttributes = {
  alpha: false,
  depth: true,
  stencil: false,
  antialias: false,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
};

/**
 * The canvas and renderer at their size. The drawing buffer is made at its size with the context:
 * resizing it after is a second allocation the page waits on the GPU process for (150 ms at a start,
 * three pages on SwiftShader). Whether WebGL runs on the CPU (no MSAA there, gpu-tier.ts) is asked of
 * this context, made without MSAA, the first time: on a CPU it is the one kept, with no throwaway
 * context to ask first (200 ms of a task at a join here); on a GPU the table gets a new one with MSAA.
 */
function makeRenderer(cssW: number, cssH: number): { canvas: HTMLCanvasElement; renderer: THREE.WebGLRenderer } {
  const canvas = (ratio: number) => {
    const c = document.createElement('canvas');
    // out of the page until the table draws its first frame (tabletop.ts): an empty canvas is read back all the same
    c.style.cssText = 'display:block;width:100%;height:100%;outline:none;visibility:hidden;';
    c.width = Math.floor(cssW * ratio);
    c.height = Math.floor(cssH * ratio);
    return c;
  };
  const renderer = (c: HTMLCanvasElement, ratio: number, antialias: boolean, context?: WebGL2RenderingContext) => {
    const r = new THREE.WebGLRenderer({ canvas: c, context, antialias, powerPreference: 'high-performance' });
    r.setDrawingBufferSize(cssW, cssH, ratio); // the same size: only three's record of it
    return r;
  };
  if (softwareKnown() === null) {
    const cpuRatio = renderQuality(window.devicePixelRatio, cssW * cssH, true).pixelRatio;
    const probe = canvas(cpuRatio);
    const gl = probe.getContext('webgl2', ATTRIBUTES);
    if (gl && learnRenderer(gl)) return { canvas: probe, renderer: renderer(probe, cpuRatio, false, gl) };
    gl?.getExtension('WEBGL_lose_context')?.loseContext(); // a GPU: a context with MSAA instead
  }
  const { antialias, pixelRatio } = renderQuality(window.devicePixelRatio, cssW * cssH); // no MSAA on a CPU (gpu-tier.ts)
  const c = canvas(pixelRatio);
  return { canvas: c, renderer: renderer(c, pixelRatio, antialias) };
}

/** Gives a surface back unused (its table was removed before it was made). */
export function closeTableSurface(surface: TableSurface): void {
  surface.renderer.dispose();
  surface.renderer.forceContextLoss();
  surface.wrapper.remove();
}
