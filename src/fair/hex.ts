// Lowercase hex text <-> bytes for the log (P4.2: the replay is JSON, so bytes travel as hex).
// Strict on input: exactly the expected length, lowercase only, so one value has one spelling.

const HEX_DIGITS = '0123456789abcdef';

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX_DIGITS[bytes[i] >> 4] + HEX_DIGITS[bytes[i] & 15];
  return out;
}

export function isHex(text: unknown, byteLength: number): text is string {
  return typeof text === 'string' && text.length === byteLength * 2 && /^[0-9a-f]*$/.test(text);
}

/** Parses lowercase hex of a known byte length; throws a one-line Error otherwise. */
export function fromHex(text: string, byteLength: number, what: string): Uint8Array {
  if (!isHex(text, byteLength)) throw new Error(`${what} must be ${byteLength * 2} lowercase hex digits`);
  const out = new Uint8Array(byteLength);
  for (let i = 0; i < byteLength; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
