import { afterEach, describe, expect, it } from 'vitest';
import { catalogueKeys, setLanguage, t } from '../../src/ui/i18n';
import { en } from '../../src/ui/messages-en';
import { cs } from '../../src/ui/messages-cs';
import { ro } from '../../src/ui/messages-ro';

function placeholders(m: unknown): string[] {
  const texts = typeof m === 'string' ? [m] : Object.values(m as Record<string, string>);
  return [...new Set(texts.flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
}

describe('i18n', () => {
  afterEach(() => setLanguage('en'));

  it('has every English key in Czech and Romanian, with the same placeholders', () => {
    const keys = catalogueKeys('en').sort();
    expect(catalogueKeys('cs').sort()).toEqual(keys);
    expect(catalogueKeys('ro').sort()).toEqual(keys);
    for (const k of keys) {
      const want = placeholders(en[k as keyof typeof en]);
      expect(placeholders(cs[k as keyof typeof cs]), `cs ${k}`).toEqual(want);
      expect(placeholders(ro[k as keyof typeof ro]), `ro ${k}`).toEqual(want);
    }
  });

  it('uses the rulebook words of docs/glossary.md', () => {
    setLanguage('cs');
    expect(t('realm_R')).toBe('obchodní cesta');
    expect(t('realm_A')).toBe('pole asteroidů');
    expect(t('reserve')).toBe('Zásoba');
    setLanguage('ro');
    expect(t('realm_A')).toBe('câmp de asteroizi');
    expect(t('finalPoints')).toBe('Evaluare finală');
    expect(t('lightsaber')).toBe('sabie laser');
  });

  it('picks plural forms per language and fills placeholders', () => {
    expect(t('points', { n: 1 })).toBe('1 point');
    expect(t('points', { n: 7 })).toBe('7 points');
    setLanguage('cs');
    expect([1, 3, 5].map((n) => t('points', { n }))).toEqual(['1 bod', '3 body', '5 bodů']);
    setLanguage('ro');
    expect([1, 3, 25].map((n) => t('points', { n }))).toEqual(['1 punct', '3 puncte', '25 de puncte']);
  });

  it("counts tiles with each language's plural rules and agrees the completed realm (ro, cs)", () => {
    setLanguage('cs');
    expect([1, 2, 5].map((n) => t('tileCount', { n }))).toEqual(['1 kartička', '2 kartičky', '5 kartiček']);
    expect(t('winnerExplained', { who: 'černý', realm: 'planeta' })).toBe('Boj – planeta: vyhrává černý.');
    setLanguage('ro');
    expect(t('done_A')).toBe('Câmp de asteroizi complet');
    expect(t('done_R')).toBe('Rută comercială completă');
    expect([1, 2, 20].map((n) => t('tileCount', { n }))).toEqual(['1 cartonaș', '2 cartonașe', '20 de cartonașe']);
    expect(t('symbolBonus')).toContain('facțiune');
    expect(t('teamVariant')).toContain('contra Imperiului');
  });

  it('has every rules-page text in every language', async () => {
    const { RULES_TEXT } = await import('../../src/ui/rules-text');
    const keys = Object.keys(RULES_TEXT.en).sort();
    expect(keys.length).toBeGreaterThan(8);
    for (const lang of ['cs', 'ro'] as const) {
      expect(Object.keys(RULES_TEXT[lang]).sort()).toEqual(keys);
      for (const k of keys) expect(RULES_TEXT[lang][k as keyof typeof RULES_TEXT.en].length, `${lang} ${k}`).toBeGreaterThan(40);
    }
  });
});
