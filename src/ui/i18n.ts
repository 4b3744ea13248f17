// Every UI string goes through t(): English, Czech and Romanian, with the rulebooks'
// own words (docs/glossary.md). The chosen language is kept in localStorage.
import { en, type Message, type MessageKey, type Messages } from './messages-en';
import { cs } from './messages-cs';
import { ro } from './messages-ro';

export type Language = 'en' | 'cs' | 'ro';
export const LANGUAGES: readonly { code: Language; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'cs', name: 'Čeština' },
  { code: 'ro', name: 'Română' },
];
const CATALOGUES: Record<Language, Messages> = { en, cs, ro };
const LANGUAGE_KEY = 'carcassonne-sw.language';

let current: Language = 'en';
const listeners = new Set<() => void>();
const pluralRules = new Map<Language, Intl.PluralRules>();

export type Params = Record<string, string | number>;

function isLanguage(v: unknown): v is Language {
  return v === 'en' || v === 'cs' || v === 'ro';
}

export function language(): Language {
  return current;
}

export function setLanguage(lang: Language): void {
  if (!isLanguage(lang) || lang === current) return;
  current = lang;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lang);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const l of [...listeners]) l();
}

/** Picks the stored language, else the browser's, else English. */
export function initLanguage(): void {
  let lang: unknown = null;
  try {
    lang = globalThis.localStorage?.getItem(LANGUAGE_KEY);
  } catch {
    lang = null;
  }
  if (!isLanguage(lang) && typeof navigator !== 'undefined') lang = navigator.language?.slice(0, 2);
  setLanguage(isLanguage(lang) ? lang : 'en');
}

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function pick(message: Message, params: Params | undefined): string {
  if (typeof message === 'string') return message;
  let rules = pluralRules.get(current);
  if (!rules) pluralRules.set(current, (rules = new Intl.PluralRules(current)));
  const n = Number(params?.n ?? 0);
  return message[rules.select(n)] ?? message.other;
}

/** The message for `key` in the current language, with {name} placeholders filled. */
export function t(key: MessageKey, params?: Params): string {
  const message = CATALOGUES[current][key] ?? en[key];
  const text = pick(message, params);
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}

/** For tests: every catalogue's keys. */
export function catalogueKeys(lang: Language): string[] {
  return Object.keys(CATALOGUES[lang]);
}
