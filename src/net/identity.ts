// A seat's identity is an Ed25519 key pair drawn on its own device (@noble/curves), never
// the transport id: a peer proves it is itself by signing the other side's fresh challenge,
// which hands nobody anything reusable, and signs what it authors so that a relayed entry
// cannot be forged (P3.4, P5.1). The key is kept with the seat's chain secret.
import { ed25519 } from '@noble/curves/ed25519.js';
import { fromHex, isHex, toHex } from '../fair/hex';
import { ed25519Backend, signingMessage, verifyEd25519 } from '../fair/signing';
import type { FastVerifier } from './fast-ed25519';

export interface Identity {
  /** 32-byte secret key, hex; stays on this device. */
  secretKey: string;
  /** 32-byte public key, hex: who this is to the others. */
  publicKey: string;
}

export function freshIdentity(): Identity {
  const sk = ed25519.utils.randomSecretKey();
  return { secretKey: toHex(sk), publicKey: toHex(ed25519Backend().publicKey(sk)) };
}

export function identityFromSecret(secretKey: string): Identity {
  return { secretKey, publicKey: toHex(ed25519Backend().publicKey(fromHex(secretKey, 32, 'secret key'))) };
}

export { fingerprint } from './fingerprint';

/** Domain-separated message (src/fair/signing.ts): a tag per use, so a signature for one purpose is worthless for another. */
const domain = signingMessage;

/** Ed25519 work done in this process so far (signatures made, signatures checked): read by the cost tests and the fuzzer. */
const work = { signs: 0, checks: 0, fast: 0 };

export function signaturesMade(): number {
  return work.signs;
}

export function signatureChecks(): number {
  return work.checks;
}

export function sign(identity: Identity, tag: string, body: string): string {
  work.signs++;
  return toHex(ed25519Backend().sign(domain(tag, body), fromHex(identity.secretKey, 32, 'secret key')));
}

/**
 * Signatures already checked in this process (a pure function of its inputs, so the
 * answer never changes): a relayed or resent item, or several sessions in one process
 * (simulations), cost one check. Bounded; the oldest answers are forgotten first.
 */
const checked = new Map<string, boolean>();
const MAX_CHECKED = 8192;

export function verifySignature(publicKey: string, tag: string, body: string, signature: string): boolean {
  return checkSignature(publicKey, tag, body, signature, null) === true;
}

/**
 * verifySignature within a budget: `mayCheck` is asked only when the answer is not known
 * already (a real Ed25519 check is due); if it says no, the answer is 'over-budget'.
 */
export function checkSignature(
  publicKey: string,
  tag: string,
  body: string,
  signature: string,
  mayCheck: (() => boolean) | null,
): boolean | 'over-budget' {
  if (!isHex(publicKey, 32) || !isHex(signature, 64)) return false;
  const k = checkedKey(publicKey, tag, body, signature);
  const known = checked.get(k);
  if (known !== undefined) return known;
  if (mayCheck && !mayCheck()) return 'over-budget';
  work.checks++;
  const ok = verifyEd25519(publicKey, tag, body, signature);
  remember(k, ok);
  return ok;
}

const checkedKey = (publicKey: string, tag: string, body: string, signature: string) => `${publicKey}|${signature}|${tag}|${body}`;

/** Keeps a verdict in the bounded cache, the oldest forgotten first. */
function remember(k: string, ok: boolean): void {
  if (checked.size >= MAX_CHECKED) checked.delete(checked.keys().next().value!);
  checked.set(k, ok);
}

/** One signature a frame asks to check: the same four texts as checkSignature's. */
export interface SignatureCheck {
  publicKey: string;
  tag: string;
  body: string;
  signature: string;
}

/** Signatures a FastVerifier confirmed so far in this process (read by the tests and the bench). */
export function fastSignatureChecks(): number {
  return work.fast;
}

/**
 * Checks `checks` with `fast` (WebCrypto, asynchronous) ahead of the synchronous check: each
 * it confirms is known valid from then on, so checkSignature costs nothing for it (and no
 * budget); one it does not confirm is left to noble's check, whose verdict stands (fast-ed25519.ts).
 * Never rejects.
 */
export async function preverify(fast: FastVerifier, checks: readonly SignatureCheck[]): Promise<void> {
  await Promise.all(
    checks.map(async (c) => {
      if (!isHex(c.publicKey, 32) || !isHex(c.signature, 64)) return;
      const k = checkedKey(c.publicKey, c.tag, c.body, c.signature);
      if (checked.has(k)) return;
      const ok = await fast
        .verify(fromHex(c.signature, 64, 'signature'), signingMessage(c.tag, c.body), fromHex(c.publicKey, 32, 'public key'))
        .catch(() => false);
      if (!ok) return;
      work.fast++;
      remember(k, true);
    }),
  );
}

/** Forgets every signature checked in this process (a test's view of a fresh process: nothing known yet). */
export function forgetCheckedSignatures(): void {
  checked.clear();
}

export function freshNonce(): string {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  return toHex(b);
}
