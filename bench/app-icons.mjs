// Renders the app's own icon (public/icon.svg) to the PNG sizes of the web app manifest
// (public/icon-192.png, icon-512.png, a maskable 512 with a safe margin) in headless
// Chromium: `node bench/app-icons.mjs`. The PNGs are committed; rerun after editing the SVG.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/harness.mjs';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = readFileSync(join(PUBLIC, 'icon.svg'), 'utf8');
const browser = await launchChromium();
try {
  for (const [file, size, inset] of [
    ['icon-192.png', 192, 0],
    ['icon-512.png', 512, 0],
    ['icon-maskable-512.png', 512, 0.1],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const pad = Math.round(size * inset);
    const box = `padding:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px`;
    const icon = svg.replace('<svg ', '<svg width="100%" height="100%" ');
    await page.setContent(`<body style="margin:0;background:#070b1a"><div style="${box}">${icon}</div></body>`);
    writeFileSync(join(PUBLIC, file), await page.screenshot({ omitBackground: false }));
    await page.close();
  }
} finally {
  await browser.close();
}
console.log('wrote icon-192.png, icon-512.png, icon-maskable-512.png');
