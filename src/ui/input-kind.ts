// Whether the player is touching or clicking, so hints say "Tap…" or "Click…": the kind of the last
// pointer that pressed anywhere on the page, else whether the main pointer is coarse (a phone).
let lastPointer: string | null = null;
let listening = false;

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', (e) => (lastPointer = e.pointerType || null), { capture: true, passive: true });
}

/** True when hints should say "tap" rather than "click". */
export function touchInput(): boolean {
  listen();
  if (lastPointer) return lastPointer === 'touch' || lastPointer === 'pen';
  return globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;
}
