// The software-WebGL tier (src/render/gpu-tier.ts): the renderer strings browsers report for a
// CPU rasteriser get a table without multisampling at one pixel per CSS pixel; GPUs keep both.
import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from '../../src/render/gpu-tier';

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
});
