// The part of a table made first, in a task of its own (table-controller.ts): the wrapper, the
// canvas and the WebGL renderer. The context is a third of creating a table (55 of 136 ms in a
// profile of a three-page start on SwiftShader); the meshes, atlas and input follow in the next
// task (tabletop.ts), so neither task is long enough to hold up a frame on a slow device.
import * as THREE from 'three';
import { renderQuality } from './gpu-tier';

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
  const canvas = document.createElement('canvas');
  // out of the page until the table draws its first frame (tabletop.ts): an empty canvas is read back all the same
  canvas.style.cssText = 'display:block;width:100%;height:100%;outline:none;visibility:hidden;';
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-label', 'Game table');
  const overlay = document.createElement('div');
  overlay.style.cssText = 'position:absolute;inset:0;pointer-events:none;font:600 15px system-ui,sans-serif;color:#fff;';
  wrapper.append(canvas, overlay);
  host.append(wrapper);

  // The drawing buffer is made at its size with the context: resizing it after is a second
  // allocation the page waits on the GPU process for (150 ms at a start, three pages on SwiftShader).
  const { antialias, pixelRatio: ratio } = renderQuality(window.devicePixelRatio); // no MSAA on a CPU (gpu-tier.ts)
  const cssW = Math.max(1, wrapper.clientWidth);
  const cssH = Math.max(1, wrapper.clientHeight);
  canvas.width = Math.floor(cssW * ratio);
  canvas.height = Math.floor(cssH * ratio);
  let renderer: THREE.WebGLRenderer;
  try {
    renderer = new THREE.WebGLRenderer({ canvas, antialias, powerPreference: 'high-performance' });
  } catch (e) {
    wrapper.remove();
    throw e;
  }
  renderer.setDrawingBufferSize(cssW, cssH, ratio); // the same size: only three's record of it
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  return { wrapper, canvas, overlay, renderer };
}

/** Gives a surface back unused (its table was removed before it was made). */
export function closeTableSurface(surface: TableSurface): void {
  surface.renderer.dispose();
  surface.renderer.forceContextLoss();
  surface.wrapper.remove();
}
