// Time for the network layer only (never for the engine or the randomness): timeouts of
// silent seats, resend delays, keep-alives. Injected so that the tests and `npm run chaos`
// run whole games on a simulated clock, fast and repeatable from a seed.
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};
