import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@swapu/shared/errors';
import { ENGLISH_WORDS, englishWords, withoutNames } from './english-check';
import { NAMESPACES } from './namespaces';

/**
 * No English shows in pt-PT, as far as the catalogues go (e2e/pt-PT-*.spec.ts check the pages
 * themselves). catalogues.test.ts already checks that every pt-PT string is there and not empty;
 * this adds that none is the English one left as it was, and none holds English words.
 */

const dir = path.dirname(new URL(import.meta.url).pathname);
const load = (locale: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, locale, `${ns}.json`), 'utf8')) as unknown;

/** Every leaf key path ("a.b.0.c") with its string value. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  return out;
}

/**
 * The words a person reads: without {{placeholders}} and the <tags> of <Trans> markup, and without
 * the titles of published works (<cite>…</cite>), which are quoted as they were published.
 */
const prose = (s: string) =>
  s
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<cite>.*?<\/cite>/g, ' ')
    .replace(/<\/?\w+>/g, ' ');

/**
 * Strings that are rightly the same in both languages. Proper nouns, and words Portuguese has
 * too; everything else must be translated. Keep this short: add a string only when a person
 * from Portugal would write exactly that.
 */
const SAME_IN_BOTH = new Set([
  // The product, its features and the team's name in the offer history
  'SwapU',
  'Swap Swipe',
  'Swap Assist',
  'Swap Assist: {{title}}',
  // The language menu names each language in itself
  'English',
  'Português',
  // An Australian state (campaign audiences)
  'Queensland',
  // Portuguese words spelt as in English
  'Menu',
  'Total',
  'Material',
  'Material {{n}}',
  'Email', // pt-PT writes "email" (and "e-mail"); the catalogues use "email"
  'Design', // an email design; "design" is Portuguese too, and the campaigns screens use it
  // The in-app currency: pt-PT keeps "token(s)" (see the tokens catalogue)
  'Tokens',
  '{{count}} token',
  '{{count}} tokens',
  // The Australian Business Number on a tax invoice
  'ABN {{abn}}',
  // HTTP request lines in the search playground: code, not prose
  'GET /api/v1/search',
  'GET /api/v1/search/suggest',
]);

/**
 * Nothing to translate: only placeholders, numbers, units, signs, proper nouns and code ("{{kg}} kg",
 * "{{used}} / {{max}}", "—", "Vitest (Node)").
 */
const UNITS = new Set(['kg', 'cm', 'km', 'm', 'min', 'h', 's', 'ms', 'co2e']);
const nothingToTranslate = (s: string) =>
  (withoutNames(prose(s)).match(/\p{L}[\p{L}\p{N}]*/gu) ?? []).every((w) => UNITS.has(w.toLowerCase()));

describe('pt-PT shows no English (catalogues)', () => {
  it.each(NAMESPACES)('%s: every pt-PT string differs from its en-US one, but for proper nouns and shared words', (ns) => {
    const en = leaves(load('en-US', ns));
    const pt = leaves(load('pt-PT', ns));
    const same = [...en]
      .filter(([key, text]) => pt.get(key) === text && !SAME_IN_BOTH.has(text) && !nothingToTranslate(text))
      .map(([key, text]) => `${ns}:${key} = ${JSON.stringify(text)}`);
    expect(same, 'left in English in pt-PT').toEqual([]);
  });

  it.each(NAMESPACES)('%s: no pt-PT string holds a common English word', (ns) => {
    const found = [...leaves(load('pt-PT', ns))]
      .map(([key, text]) => [key, text, englishWords(prose(text))] as const)
      .filter(([, , words]) => words.length > 0)
      .map(([key, text, words]) => `${ns}:${key} (${words.join(', ')}): ${text.slice(0, 120)}`);
    expect(found).toEqual([]);
  });

  it('translates every server error message, with no English word left', () => {
    for (const [code, { en, pt }] of Object.entries(ERROR_CATALOGUE)) {
      expect(pt.trim(), code).not.toBe('');
      expect(pt, code).not.toBe(en);
      expect(englishWords(pt), `${code}: ${pt}`).toEqual([]);
    }
  });

  it('the allow-list holds only strings the catalogues use, and the English detector finds English', () => {
    const allEn = new Set(NAMESPACES.flatMap((ns) => [...leaves(load('en-US', ns)).values()]));
    for (const s of SAME_IN_BOTH) expect(allEn.has(s), s).toBe(true);
    // The detector cannot pass vacuously: it flags English sentences and most en-US strings.
    expect(englishWords('Your items are saved with the new photos')).toEqual([
      'your',
      'items',
      'are',
      'saved',
      'with',
      'the',
      'new',
      'photos',
    ]);
    expect(englishWords('Os seus artigos estão guardados com as novas fotografias')).toEqual([]);
    expect(englishWords('24 Feb 2026, 3:05 pm')).toEqual(['feb', 'pm']);
    expect(englishWords('SwapU, Swap Swipe and 1Password at https://swapu.au/the-blog')).toEqual(['and', 'at']);
    const en = NAMESPACES.flatMap((ns) => [...leaves(load('en-US', ns)).values()]);
    const flagged = en.filter((s) => englishWords(prose(s)).length > 0).length;
    expect(flagged / en.length).toBeGreaterThan(0.6);
    expect(ENGLISH_WORDS.has('a') || ENGLISH_WORDS.has('no') || ENGLISH_WORDS.has('do') || ENGLISH_WORDS.has('for')).toBe(false);
  });
});
