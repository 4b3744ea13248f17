// The software-WebGL tier (src/render/gpu-tier.ts): the renderer strings browsers report for a
// CPU rasteriser get a table without multisampling, within a budget of pixels a frame; GPUs keep
// multisampling and up to two pixels per CSS pixel.
import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer, renderQuality, SOFTWARE_PIXELS } from '../../src/render/gpu-tier';

/** The drawing buffer's pixels for a canvas of w × h CSS pixels at this ratio (three floors each side). */
const bufferPixels = (w: number, h: number, ratio: number) => Math.floor(w * ratio) * Math.floor(h * ratio);

describe('software WebGL', () => {
  it('is told from the renderer string', () => {
    for (const cpu of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ])
      expect(isSoftwareRenderer(cpu), cpu).toBe(true);
    for (const gpu of [
      'ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Apple GPU',
      'Mali-G52',
      'Adreno (TM) 610',
      'Mesa Intel(R) HD Graphics 520 (SKL GT2)',
      'WebKit WebGL',
    ])
      expect(isSoftwareRenderer(gpu), gpu).toBe(false);
  });

  it('keeps a GPU table multisampled, up to two pixels per CSS pixel, at any size', () => {
    expect(renderQuality(1, 1280 * 720, false)).toEqual({ antialias: true, pixelRatio: 1 });
    expect(renderQuality(3, 390 * 844, false)).toEqual({ antialias: true, pixelRatio: 2 });
    expect(renderQuality(1.5, 3840 * 2160, false)).toEqual({ antialias: true, pixelRatio: 1.5 });
    expect(renderQuality(0, 800 * 600, false).pixelRatio).toBe(1); // a browser that reports no ratio
  });

  it('gives a software table at most one pixel per CSS pixel, within the budget of pixels a frame', () => {
    // a phone fits the budget whole: one pixel per CSS pixel, however dense its screen
    expect(renderQuality(3, 390 * 844, true)).toEqual({ antialias: false, pixelRatio: 1 });
    expect(renderQuality(1, 640 * 480, true).pixelRatio).toBe(1);
    // the bench's 1280×720 page: about half its pixels, never more than the budget
    const desk = renderQuality(1, 1280 * 720, true).pixelRatio;
    expect(desk).toBeLessThan(1);
    expect(desk).toBeGreaterThan(0.68);
    expect(bufferPixels(1280, 720, desk)).toBeLessThanOrEqual(SOFTWARE_PIXELS);
    for (const [w, h] of [
      [1366, 768],
      [1600, 900],
      [1024, 700],
    ]) {
      const r = renderQuality(2, w * h, true).pixelRatio;
      expect(bufferPixels(w, h, r), `${w}×${h}`).toBeLessThanOrEqual(SOFTWARE_PIXELS);
      expect(bufferPixels(w, h, r + 1 / 64), `${w}×${h} one step up`).toBeGreaterThan(SOFTWARE_PIXELS);
    }
  });

  it('never draws a software table under half a pixel per CSS pixel, and keeps the ratio for a few pixels of resize', () => {
    expect(renderQuality(1, 3840 * 2160, true).pixelRatio).toBe(0.5);
    expect(renderQuality(1, 1920 * 1080, true).pixelRatio).toBe(0.5); // 0.47 by the budget
    expect(renderQuality(1, 1280 * 720, true).pixelRatio).toBe(renderQuality(1, 1282 * 719, true).pixelRatio);
  });
});
