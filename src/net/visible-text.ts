// What text shown to people (names, chat) may hold: no control characters, no bidi
// controls (an override in a name reverses what is shown after it, a key fingerprint), and
// in names nothing invisible (two names that look alike must be alike). The wire refuses
// the rest; this player's own name and chat are cleaned with the same sets. Kept apart
// from wire.ts so the page's first bundle can clean a name without the wire format.

export const MAX_NAME_CHARS = 32;
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
export const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/;
/** Everything a name may not hold (control, bidi control, zero width). */
export const NOT_IN_NAMES = /[\u0000-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g;
/** Everything a chat line may not hold (right-to-left letters are fine; the controls that reorder text are not). */
export const NOT_IN_CHAT = /[\u0000-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
