// Types of ed25519.mjs for bench/signing.ts.
import type { Browser } from 'playwright-core';

export interface Ed25519PageResult {
  verdicts: { what: string; noble: boolean; fast: boolean }[];
  nobleMs: number;
  fastMs: number;
  userAgent: string;
}
export function ed25519InChromium(browser: Browser): Promise<Ed25519PageResult>;
export function ed25519Check(browser: Browser): Promise<string>;
