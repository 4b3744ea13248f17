// The fast signature path (issue 19): WebCrypto's Ed25519 (here Node's, OpenSSL; in Chromium
// BoringSSL, tests/e2e/ed25519.mjs) may only confirm. On every vector its "valid" is noble's
// "valid", and the verdict a peer reaches (fast confirmation, else noble) is noble's exactly,
// including the one input where the two checks part: an R with a small-order component.
import { describe, expect, it } from 'vitest';
import { nativeEd25519 } from '../../src/cli/native-ed25519';
import { nobleEd25519, signingMessage } from '../../src/fair/signing';
import { scalarBelowOrder, strictKey, webCryptoEd25519, type FastVerifier } from '../../src/net/fast-ed25519';
import { checkSignature, fastSignatureChecks, forgetCheckedSignatures, preverify, signatureChecks } from '../../src/net/identity';
import { toHex } from '../../src/fair/hex';
import { ed25519Vectors } from '../support/ed25519-vectors';

const vectors = ed25519Vectors();

describe('fast Ed25519 checks confirm only what noble accepts', () => {
  it('WebCrypto: every "valid" is noble\'s, every honest signature confirmed, the mixed-order R left to noble', async () => {
    const fast = await webCryptoEd25519();
    expect(fast?.name).toBe('WebCrypto');
    const kinds = new Set<string>();
    for (const v of vectors) {
      const noble = nobleEd25519.verify(v.signature, v.message, v.publicKey);
      const quick = await fast!.verify(v.signature, v.message, v.publicKey);
      if (quick) expect(noble, v.what).toBe(true);
      expect(quick || noble, v.what).toBe(noble); // the verdict a peer reaches
      if (v.what === 'honest') expect(quick).toBe(true);
      if (v.what === 'R with a small-order component') {
        expect(noble).toBe(true); // the strict cofactored check takes it…
        expect(quick).toBe(false); // …the cofactorless one does not: so a fast "no" is never the verdict
      }
      if (v.what !== 'honest' && v.what !== 'R with a small-order component') expect(noble, v.what).toBe(false);
      kinds.add(v.what);
    }
    expect([...kinds].sort()).toEqual(
      [
        'honest',
        'flipped bit',
        'other message',
        'other key',
        'S + L',
        'R with a small-order component',
        'small-order key',
        'key encoded non-canonically',
        'key that is no point',
      ].sort(),
    );
  });

  it("the Node backend gives noble's verdict on every vector, the mixed-order R too", () => {
    for (const v of vectors) {
      expect(nativeEd25519.verify(v.signature, v.message, v.publicKey), v.what).toBe(
        nobleEd25519.verify(v.signature, v.message, v.publicKey),
      );
    }
  });

  it('the strict pre-checks: S below the order, a key of no small order in its canonical encoding', () => {
    for (const v of vectors) {
      if (v.what === 'S + L') expect(scalarBelowOrder(v.signature)).toBe(false);
      if (v.what === 'honest') expect(scalarBelowOrder(v.signature) && strictKey(v.publicKey)).toBe(true);
      if (/key (encoded|that is)|small-order key/.test(v.what)) expect(strictKey(v.publicKey), v.what).toBe(false);
    }
  });

  it('preverify makes the synchronous check free for what it confirms, and leaves the rest to noble', async () => {
    const fast = (await webCryptoEd25519())!;
    forgetCheckedSignatures();
    // Signed over the domain-separated message, as the session signs.
    const signed = Array.from({ length: 8 }, (_, i) => i).map((i) => {
      const sk = new Uint8Array(32).fill(i + 1);
      const pk = nobleEd25519.publicKey(sk);
      return {
        publicKey: toHex(pk),
        tag: 'item',
        body: `item ${i}`,
        signature: toHex(nobleEd25519.sign(signingMessage('item', `item ${i}`), sk)),
      };
    });
    const forged = { ...signed[0], body: 'another item' };
    const before = { fast: fastSignatureChecks(), slow: signatureChecks() };
    await preverify(fast, [...signed, forged]);
    expect(fastSignatureChecks() - before.fast).toBe(signed.length);
    for (const c of signed) expect(checkSignature(c.publicKey, c.tag, c.body, c.signature, () => false)).toBe(true); // no budget asked
    expect(signatureChecks()).toBe(before.slow);
    // Not confirmed: noble's check decides (and costs a check from the budget).
    expect(checkSignature(forged.publicKey, forged.tag, forged.body, forged.signature, () => false)).toBe('over-budget');
    expect(checkSignature(forged.publicKey, forged.tag, forged.body, forged.signature, null)).toBe(false);
    expect(signatureChecks()).toBe(before.slow + 1);
  });

  it('a platform without Ed25519, or one that answers the probe wrong, gives no fast path', async () => {
    expect(await webCryptoEd25519(null)).toBeNull();
    const refusing = { importKey: () => Promise.reject(new Error('Unrecognized name')) } as unknown as SubtleCrypto;
    expect(await webCryptoEd25519(refusing)).toBeNull();
    const yesToAll = { importKey: async () => ({}), verify: async () => true } as unknown as SubtleCrypto;
    expect(await webCryptoEd25519(yesToAll)).toBeNull();
    const broken: FastVerifier | null = await webCryptoEd25519({
      importKey: async () => ({}),
      verify: async () => false,
    } as unknown as SubtleCrypto);
    expect(broken).toBeNull();
  });
});
