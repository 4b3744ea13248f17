// Reading a user's file without trusting its size: refuse it before reading when the file
// system already says it is too large, and never read more than `max` + 1 bytes (pipes and
// devices report no size). Errors are one short line.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export class ReadError extends Error {}

/** The bytes of `path`, at most `max` of them; throws ReadError (one line) otherwise. */
export function readBounded(path: string, max: number, shown = path): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReadError(`cannot read ${shown}${code ? ` (${code})` : ''}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new ReadError(`cannot read ${shown} (EISDIR)`);
    if (st.size > max) throw new ReadError(`${shown} is too large: ${st.size} bytes, at most ${max} accepted`);
    const buf = new Uint8Array(Math.min(max + 1, st.size > 0 ? st.size + 1 : 64 * 1024));
    let out = buf;
    let n = 0;
    for (;;) {
      if (n === out.length) {
        if (out.length > max) break;
        const bigger = new Uint8Array(Math.min(max + 1, out.length * 2));
        bigger.set(out);
        out = bigger;
      }
      let got: number;
      try {
        got = readSync(fd, out, n, out.length - n, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new ReadError(`cannot read ${shown}${code ? ` (${code})` : ''}`);
      }
      if (got === 0) break;
      n += got;
    }
    if (n > max) throw new ReadError(`${shown} is too large: more than the ${max} bytes accepted`);
    return out.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
