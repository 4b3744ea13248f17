// Ed25519 in Chromium, for tests/e2e/run.mjs and `bench -- signing`: a tiny page built with Vite
// judges every vector of tests/support/ed25519-vectors.ts with the page's WebCrypto (BoringSSL,
// behind src/net/fast-ed25519.ts) and with `@noble/curves`. WebCrypto must be there, confirm
// every honest signature, and never confirm what noble refuses; the verdict a peer reaches
// (a fast confirmation, else noble's) must be noble's on every vector. It also times both on
// honest signatures: noble one after another on the main thread, WebCrypto all at once.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tinyPageResult } from './harness.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const PAGE = `
import { nobleEd25519 } from '${repo}/src/fair/signing';
import { webCryptoEd25519 } from '${repo}/src/net/fast-ed25519';
import { ed25519Vectors } from '${repo}/tests/support/ed25519-vectors';
const TIMED = 200;
(async () => {
  const fast = await webCryptoEd25519();
  if (!fast) return { error: 'no WebCrypto Ed25519 in this browser' };
  const verdicts = [];
  for (const v of ed25519Vectors()) {
    const noble = nobleEd25519.verify(v.signature, v.message, v.publicKey);
    verdicts.push({ what: v.what, noble, fast: await fast.verify(v.signature, v.message, v.publicKey) });
  }
  const honest = ed25519Vectors(TIMED / 8).filter((v) => v.what === 'honest');
  const timed = Array.from({ length: TIMED }, (_, i) => honest[i % honest.length]);
  // Warm both (keys imported, code compiled), then time.
  for (const v of honest) await fast.verify(v.signature, v.message, v.publicKey);
  let t0 = performance.now();
  for (const v of timed) if (!nobleEd25519.verify(v.signature, v.message, v.publicKey)) return { error: 'noble refused an honest signature' };
  const nobleMs = (performance.now() - t0) / TIMED;
  t0 = performance.now();
  const all = await Promise.all(timed.map((v) => fast.verify(v.signature, v.message, v.publicKey)));
  const fastMs = (performance.now() - t0) / TIMED;
  if (all.some((ok) => !ok)) return { error: 'WebCrypto refused an honest signature' };
  return { verdicts, nobleMs, fastMs, userAgent: navigator.userAgent };
})().then((r) => ((window as any).result = r), (e) => ((window as any).result = { error: String(e) }));
`;

/** Runs the page; resolves to its verdicts and timings, or throws with what went wrong. */
export function ed25519InChromium(browser) {
  return tinyPageResult(browser, PAGE, 'ed25519', 'the Ed25519 page');
}

/** Throws unless the fast path only ever confirms what noble accepts; resolves to one line of what it measured. */
export async function ed25519Check(browser) {
  const r = await ed25519InChromium(browser);
  const wrong = r.verdicts.filter((v) => (v.fast && !v.noble) || (v.fast || v.noble) !== v.noble);
  if (wrong.length) throw new Error(`WebCrypto confirmed what noble refuses: ${wrong.map((v) => v.what).join(', ')}`);
  const unconfirmed = r.verdicts.filter((v) => v.what === 'honest' && !v.fast);
  if (unconfirmed.length) throw new Error(`WebCrypto did not confirm ${unconfirmed.length} honest signatures`);
  const mixed = r.verdicts.filter((v) => v.what === 'R with a small-order component');
  if (!mixed.length || mixed.some((v) => !v.noble || v.fast))
    throw new Error('the mixed-order R vectors did not part the two checks as expected (noble takes them, WebCrypto not)');
  const kinds = new Set(r.verdicts.map((v) => v.what)).size;
  return (
    `${r.verdicts.length} vectors of ${kinds} kinds: WebCrypto confirms only what noble accepts; ` +
    `per honest check noble ${r.nobleMs.toFixed(2)} ms, WebCrypto ${r.fastMs.toFixed(3)} ms`
  );
}
