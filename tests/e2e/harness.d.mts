// Types of harness.mjs for the TypeScript benches that share it.
import type { Browser } from 'playwright-core';

export function serveStatic(root: string): Promise<{ url: string; requests: () => number; close: () => Promise<void> }>;
export function tinyPage(source: string, label?: string): Promise<{ url: string; close: () => Promise<void> }>;
export function tinyPageResult(browser: Browser, source: string, label: string, what: string): Promise<any>;
export const CHROMIUM_ARGS: string[];
export function launchChromium(): Promise<Browser>;
