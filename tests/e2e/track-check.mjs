// The score track on screen (issue 20): after framing, every one of its 50 slots is on the
// table's canvas and no part of the HUD (top bar, Menu, panels) covers it. What covers a slot
// is found the way a tap would: the element at that point, through shadow roots.

import { tableDrawn } from './online-steps.mjs';

/** The slots (0–49) hidden under something else, with what covers each; [] when all are visible. */
export async function trackCovered(page) {
  await tableDrawn(page); // what is on screen is what the table drew
  return page.evaluate(async () => {
    const table = window.__sw.tabletop();
    table.frameBoard(true);
    await new Promise((r) => requestAnimationFrame(() => r()));
    const rect = table.canvas.getBoundingClientRect();
    const deepHit = (x, y) => {
      let el = document.elementFromPoint(x, y);
      while (el?.shadowRoot) {
        const inner = el.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === el) break;
        el = inner;
      }
      return el;
    };
    const covered = [];
    for (let i = 0; i < 50; i++) {
      const p = table.trackSlotToScreen(i);
      if (!p) {
        covered.push(`slot ${i}: behind the camera`);
        continue;
      }
      const x = rect.left + p.x;
      const y = rect.top + p.y;
      if (x < rect.left || y < rect.top || x > rect.right || y > rect.bottom) {
        covered.push(`slot ${i}: off the table at ${Math.round(x)},${Math.round(y)}`);
        continue;
      }
      const el = deepHit(x, y);
      if (el !== table.canvas) {
        const what = el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : 'nothing';
        covered.push(`slot ${i}: under ${what} at ${Math.round(x)},${Math.round(y)}`);
      }
    }
    return covered;
  });
}
