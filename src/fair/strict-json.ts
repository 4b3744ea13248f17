// One strict JSON grammar for everything the program reads from outside: replay and save
// files, scenario files and network messages (issue 12). It is RFC 8259 JSON with these
// further rules, each of which makes a document malformed:
//   - the input is at most `maxBytes` bytes of UTF-8 (bytes are decoded with a fatal
//     decoder, so invalid UTF-8 is malformed; a byte order mark is malformed too);
//   - an object key appears at most once, and is never "__proto__", "constructor" or
//     "prototype";
//   - a number is an integer written as -?(0|[1-9][0-9]*) without fraction or exponent,
//     not -0, and a safe integer (|n| ≤ 2^53 − 1);
//   - a string holds no lone surrogate (neither raw nor as a \u escape) and at most
//     `maxStringChars` UTF-16 units after unescaping;
//   - arrays and objects nest at most `maxDepth` deep and hold at most `maxItems`
//     elements / members each;
//   - nothing but JSON whitespace (space, tab, CR, LF) follows the value.
// Objects come back with a null prototype, so no key can reach Object.prototype.
// Errors are one StrictJsonError line of at most 160 characters naming the byte offset and
// the path, quoting at most a short prefix of the bad value.

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export interface StrictJsonOptions {
  /** Largest accepted input, in bytes of UTF-8. */
  maxBytes: number;
  /** Deepest nesting of arrays and objects (the top-level value is depth 1). */
  maxDepth: number;
  /** Longest string (key or value), in UTF-16 units after unescaping; default maxBytes. */
  maxStringChars?: number;
  /** Most elements of one array or members of one object; default maxBytes. */
  maxItems?: number;
}

/** Keys that could reach or shadow an object's prototype machinery: malformed everywhere. */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export const MAX_ERROR_CHARS = 160;

export class StrictJsonError extends Error {
  constructor(
    message: string,
    readonly offset: number | null,
    readonly path: string,
  ) {
    super(clip(message, MAX_ERROR_CHARS));
    this.name = 'StrictJsonError';
  }
}

/** Cuts a one-line message to at most `max` characters (an ellipsis marks the cut). */
export function clip(message: string, max: number): string {
  const line = message.replace(/[\r\n]+/g, ' ');
  if (line.length <= max) return line;
  let cut = max - 1;
  if (cut > 0 && isHighSurrogate(line.charCodeAt(cut - 1))) cut--;
  return line.slice(0, cut) + '…';
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * A value for an error message: a string as JSON text of at most `max` characters of it
 * (longer ones end in "…" and give their length), a number/boolean/null as itself, a list
 * or object by its size only. Never longer than about max + 30 characters.
 */
export function quote(value: unknown, max = 40): string {
  if (typeof value === 'string') {
    if (value.length <= max) return JSON.stringify(value);
    let cut = max;
    if (cut > 0 && isHighSurrogate(value.charCodeAt(cut - 1))) cut--;
    const shown = JSON.stringify(value.slice(0, cut));
    return `${shown.slice(0, -1)}…" (${value.length} chars)`;
  }
  if (typeof value === 'number') {
    const s = String(value);
    return s.length <= max ? s : s.slice(0, max) + '…';
  }
  if (value === null || typeof value === 'boolean') return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

/** The start of a longer text, as JSON text ending in "…" (for values whose length is unknown or irrelevant). */
function prefixOf(text: string, max: number): string {
  let cut = Math.min(max, text.length);
  if (cut > 0 && cut < text.length && isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
  const shown = JSON.stringify(text.slice(0, cut));
  return cut < text.length ? `${shown.slice(0, -1)}…"` : shown;
}

/** UTF-8 length of a string (lone surrogates count as the 3 bytes of U+FFFD). */
export function utf8Length(text: string, upTo = text.length): number {
  let n = 0;
  for (let i = 0; i < upTo; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (isHighSurrogate(c) && i + 1 < upTo && isLowSurrogate(text.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8 strictly; throws StrictJsonError for invalid bytes or too many of them. */
export function decodeUtf8(bytes: Uint8Array, maxBytes: number): string {
  if (bytes.length > maxBytes) throw new StrictJsonError(`too large: ${bytes.length} bytes, at most ${maxBytes} accepted`, null, '$');
  try {
    return FATAL_UTF8.decode(bytes);
  } catch {
    throw new StrictJsonError(`invalid UTF-8 at byte ${firstBadUtf8(bytes)}`, firstBadUtf8(bytes), '$');
  }
}

/** Index of the first byte that starts an invalid UTF-8 sequence (for the error message). */
function firstBadUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    let need: number;
    let min: number;
    if (c < 0x80) {
      i++;
      continue;
    }
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return b.length;
}

type PathPart = string | number;

class Parser {
  private i = 0;
  private depth = 0;
  private readonly path: PathPart[] = [];
  private readonly maxString: number;
  private readonly maxItems: number;

  constructor(
    private readonly s: string,
    private readonly o: StrictJsonOptions,
  ) {
    this.maxString = o.maxStringChars ?? o.maxBytes;
    this.maxItems = o.maxItems ?? o.maxBytes;
  }

  fail(what: string, at = this.i): never {
    const offset = utf8Length(this.s, Math.min(at, this.s.length));
    const path = pathText(this.path);
    throw new StrictJsonError(`${what} at byte ${offset} (${path})`, offset, path);
  }

  parseDocument(): JsonValue {
    this.ws();
    if (this.i >= this.s.length) this.fail('empty document: expected a JSON value');
    const v = this.value();
    this.ws();
    if (this.i < this.s.length) this.fail(`trailing characters after the JSON value: ${prefixOf(this.s.slice(this.i, this.i + 21), 20)}`);
    return v;
  }

  private ws(): void {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else return;
    }
  }

  private value(): JsonValue {
    const c = this.s[this.i];
    switch (c) {
      case '{':
        return this.object();
      case '[':
        return this.array();
      case '"':
        return this.string();
      case 't':
        return this.literal('true', true);
      case 'f':
        return this.literal('false', false);
      case 'n':
        return this.literal('null', null);
      default:
        if (c === '-' || (c >= '0' && c <= '9')) return this.number();
        if (c === undefined) this.fail('unexpected end of input: expected a value');
        this.fail(`unexpected character ${describeChar(this.s, this.i)}: expected a value`);
    }
  }

  private literal<T extends JsonValue>(word: string, v: T): T {
    if (this.s.startsWith(word, this.i)) {
      this.i += word.length;
      return v;
    }
    this.fail(`unexpected ${prefixOf(this.s.slice(this.i, this.i + 11), 10)}: expected a value`);
  }

  private enter(): void {
    if (++this.depth > this.o.maxDepth) this.fail(`nested deeper than ${this.o.maxDepth} levels`);
  }

  private object(): JsonObject {
    this.enter();
    this.i++; // {
    const out: JsonObject = Object.create(null) as JsonObject;
    let n = 0;
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      this.depth--;
      return out;
    }
    for (;;) {
      if (this.s[this.i] !== '"')
        this.fail(
          this.i >= this.s.length
            ? 'unexpected end of input: expected a key'
            : `unexpected character ${describeChar(this.s, this.i)}: expected a key in quotes`,
        );
      const keyAt = this.i;
      const key = this.string();
      if (FORBIDDEN_KEYS.includes(key)) this.fail(`forbidden key ${quote(key)}`, keyAt);
      if (key in out) this.fail(`duplicate key ${quote(key)}`, keyAt);
      if (++n > this.maxItems) this.fail(`more than ${this.maxItems} members in one object`, keyAt);
      this.ws();
      if (this.s[this.i] !== ':') this.fail(`expected ":" after key ${quote(key)}`);
      this.i++;
      this.ws();
      this.path.push(key);
      out[key] = this.value();
      this.path.pop();
      this.ws();
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        this.ws();
        continue;
      }
      if (c === '}') {
        this.i++;
        this.depth--;
        return out;
      }
      this.fail(
        c === undefined
          ? 'unexpected end of input: expected "," or "}"'
          : `unexpected character ${describeChar(this.s, this.i)}: expected "," or "}"`,
      );
    }
  }

  private array(): JsonValue[] {
    this.enter();
    this.i++; // [
    const out: JsonValue[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      this.depth--;
      return out;
    }
    for (;;) {
      if (out.length >= this.maxItems) this.fail(`more than ${this.maxItems} elements in one list`);
      this.path.push(out.length);
      out.push(this.value());
      this.path.pop();
      this.ws();
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        this.ws();
        continue;
      }
      if (c === ']') {
        this.i++;
        this.depth--;
        return out;
      }
      this.fail(
        c === undefined
          ? 'unexpected end of input: expected "," or "]"'
          : `unexpected character ${describeChar(this.s, this.i)}: expected "," or "]"`,
      );
    }
  }

  private string(): string {
    const s = this.s;
    const start = this.i;
    this.i++; // opening quote
    let out = '';
    let chunk = this.i;
    let length = 0;
    for (;;) {
      if (this.i >= s.length) this.fail('unterminated string', start);
      const c = s.charCodeAt(this.i);
      if (c === 0x22) {
        out += s.slice(chunk, this.i);
        this.i++;
        return out;
      }
      if (++length > this.maxString)
        this.fail(`string longer than ${this.maxString} characters: ${prefixOf(s.slice(start + 1, start + 22), 20)}`, start);
      if (c < 0x20) this.fail(`control character U+${hex4(c)} inside a string (escape it)`);
      if (c === 0x5c) {
        out += s.slice(chunk, this.i);
        out += this.escape();
        chunk = this.i;
        continue;
      }
      if (isHighSurrogate(c)) {
        if (!isLowSurrogate(s.charCodeAt(this.i + 1))) this.fail('lone surrogate in a string');
        length++;
        this.i += 2;
        continue;
      }
      if (isLowSurrogate(c)) this.fail('lone surrogate in a string');
      this.i++;
    }
  }

  /** At a backslash: returns the escaped text and moves past it. */
  private escape(): string {
    const s = this.s;
    const at = this.i;
    const e = s[this.i + 1];
    this.i += 2;
    switch (e) {
      case '"':
        return '"';
      case '\\':
        return '\\';
      case '/':
        return '/';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u': {
        const hi = this.hex4At(this.i, at);
        this.i += 4;
        if (isLowSurrogate(hi)) this.fail('lone surrogate escape in a string', at);
        if (!isHighSurrogate(hi)) return String.fromCharCode(hi);
        if (s[this.i] !== '\\' || s[this.i + 1] !== 'u') this.fail('lone surrogate escape in a string', at);
        const lo = this.hex4At(this.i + 2, at);
        if (!isLowSurrogate(lo)) this.fail('lone surrogate escape in a string', at);
        this.i += 6;
        return String.fromCharCode(hi, lo);
      }
      default:
        this.fail(e === undefined ? 'unterminated string' : `invalid escape ${quote('\\' + e)} in a string`, at);
    }
  }

  private hex4At(p: number, at: number): number {
    const h = this.s.slice(p, p + 4);
    if (!/^[0-9A-Fa-f]{4}$/.test(h)) this.fail('invalid \\u escape in a string (needs 4 hex digits)', at);
    return parseInt(h, 16);
  }

  private number(): number {
    const s = this.s;
    const start = this.i;
    if (s[this.i] === '-') this.i++;
    const digits = this.i;
    if (s[this.i] === '0') this.i++;
    else if (s[this.i] >= '1' && s[this.i] <= '9') while (s[this.i] >= '0' && s[this.i] <= '9') this.i++;
    else this.fail(`invalid number ${prefixOf(s.slice(start, start + 21), 20)}`, start);
    const next = s[this.i];
    if (next >= '0' && next <= '9') this.fail(`invalid number (leading zero) ${prefixOf(s.slice(start, start + 21), 20)}`, start);
    if (next === '.' || next === 'e' || next === 'E') {
      let end = this.i;
      while (end < s.length && /[0-9eE.+-]/.test(s[end]) && end - start < 24) end++;
      this.fail(`not an integer: ${prefixOf(s.slice(start, end), 20)} (only integers without fraction or exponent are accepted)`, start);
    }
    const text = s.slice(start, this.i);
    if (text === '-0') this.fail('not an integer: -0 (write 0)', start);
    if (this.i - digits > 16) this.fail(`integer out of range: ${quote(text, 20)} (at most 2^53 − 1 in size)`, start);
    const v = Number(text);
    if (!Number.isSafeInteger(v)) this.fail(`integer out of range: ${quote(text, 20)} (at most 2^53 − 1 in size)`, start);
    return v;
  }
}

function hex4(c: number): string {
  return c.toString(16).toUpperCase().padStart(4, '0');
}

function describeChar(s: string, i: number): string {
  const c = s.codePointAt(i)!;
  if (c >= 0x21 && c <= 0x7e) return JSON.stringify(s[i]);
  return `U+${hex4(c)}${c === 0xfeff ? ' (byte order mark)' : ''}`;
}

function pathText(path: PathPart[]): string {
  let out = '$';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : /^[A-Za-z_][A-Za-z0-9_]{0,23}$/.test(p) ? `.${p}` : `[${quote(p, 16)}]`;
  return out.length <= 60 ? out : '…' + out.slice(-59);
}

/**
 * Parses `input` (text, or bytes decoded as strict UTF-8) by the grammar above. Throws
 * StrictJsonError with a one-line message for anything else; never throws anything else
 * (unless the options themselves are invalid).
 */
export function parseStrictJson(input: string | Uint8Array, options: StrictJsonOptions): JsonValue {
  if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 0)
    throw new Error('parseStrictJson: maxBytes must be a non-negative integer');
  if (!Number.isSafeInteger(options.maxDepth) || options.maxDepth < 1 || options.maxDepth > 1000)
    throw new Error('parseStrictJson: maxDepth must be an integer from 1 to 1000');
  let text: string;
  if (typeof input === 'string') {
    // UTF-8 needs at least one byte per UTF-16 unit, so a longer string is too large for sure.
    if (input.length > options.maxBytes) throw new StrictJsonError(`too large: more than ${options.maxBytes} bytes`, null, '$');
    const bytes = utf8Length(input);
    if (bytes > options.maxBytes) throw new StrictJsonError(`too large: ${bytes} bytes, at most ${options.maxBytes} accepted`, null, '$');
    text = input;
  } else if (input instanceof Uint8Array) {
    text = decodeUtf8(input, options.maxBytes);
  } else {
    throw new StrictJsonError('not text', null, '$');
  }
  return new Parser(text, options).parseDocument();
}

/** A JSON object (not a list, not null). */
export function isJsonObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
