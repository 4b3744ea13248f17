// The short fingerprint of a seat's public key that players compare in the lobby (the
// first 8 hex digits of SHA-256(public key), in two groups). It lives in src/fair beside
// the signing text, because the offline verifier prints it too; apart from identity.ts so
// that the page can show it without loading the signature code.
export { fingerprint } from '../fair/fingerprint';
