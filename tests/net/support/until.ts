// Waiting in real-time tests (WebRTC, TURN): polls `cond` until it holds, or fails naming what
// it waited for once `ms` of wall-clock time have passed.
export async function until(cond: () => boolean, what: string, ms: number, pollMs = 25): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
