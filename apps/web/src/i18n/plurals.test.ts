import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@swapu/shared/constants';
import { createI18n, type Resources } from './core';
import { NAMESPACES } from './namespaces';

/**
 * Counts read right in both languages (issue 37): "1 review", not "1 reviews". Every text that
 * shows a count is a plural key (`_one`/`_other`), chosen by Intl.PluralRules; pt-PT's third form
 * ("many", for a million and more) takes the `_other` text.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const resources: Resources = Object.fromEntries(
  LOCALES.map((lng) => [
    lng,
    Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8'))])),
  ]),
);
const t = (lng: string) => createI18n({ lng, fallbackLng: 'en-US', defaultNS: 'common', resources }).t;

/** Every leaf key ("ns:a.b") with its text. */
function leaves(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, key.endsWith(':') ? `${key}${k}` : `${key}.${k}`);
  };
  for (const ns of NAMESPACES) walk(resources[lng]![ns], `${ns}:`);
  return out;
}

/**
 * Texts with {{count}} that are not plural keys, each because no noun follows the number ("x of
 * y", a counter, a capped total): nothing else may show a count in one fixed form.
 */
const COUNT_WITHOUT_PLURAL = new Set([
  'adminUsers:ban.count', // "12 / 500"
  'chains:card.unlockedCount', // "2 of 3 unlocked"
  'listing:photos.count', // "Photos: 1 of 10"
  'search:countCapped', // "1,000+ results": only shown from the cap up
]);

describe('plural forms', () => {
  it.each(LOCALES)('%s: every text showing a count is a plural key with one and other forms', (lng) => {
    const all = leaves(lng);
    for (const [key, text] of all) {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      if (base !== key) {
        expect(all.has(`${base}_one`), `${lng} ${base}_one`).toBe(true);
        expect(all.has(`${base}_other`), `${lng} ${base}_other`).toBe(true);
      } else if (/\{\{\s*count\b/.test(text)) {
        expect(COUNT_WITHOUT_PLURAL.has(key), `${lng} ${key} shows {{count}} in one form: make it ${key}_one/_other`).toBe(true);
      }
    }
  });

  it("takes pt-PT's 'many' form (a million and more) from the other form", () => {
    expect(new Intl.PluralRules('pt-PT').select(1_000_000)).toBe('many');
    expect(t('pt-PT')('posts:detail.swapsCompleted', { count: 1_000_000 })).toBe('1000000 trocas concluídas');
    expect(t('pt-PT')('posts:detail.rating', { rating: '4,5', count: 1_000_000 })).toBe('4,5 (1000000 avaliações)');
  });

  it.each([
    // [key, values, en-US for 0, 1, many, pt-PT for 0, 1, many]
    [
      'posts:detail.rating',
      { rating: '5' },
      ['5 (0 reviews)', '5 (1 review)', '5 (7 reviews)'],
      ['5 (0 avaliações)', '5 (1 avaliação)', '5 (7 avaliações)'],
    ],
    [
      'chat:composer.left',
      {},
      ['0 characters left', '1 character left', '7 characters left'],
      ['Restam 0 caracteres', 'Resta 1 carácter', 'Restam 7 caracteres'],
    ],
    [
      'docs:database.tableTitle',
      { references: 'users' },
      ['0 columns · refers to users', '1 column · refers to users', '7 columns · refers to users'],
      ['0 colunas · refere-se a users', '1 coluna · refere-se a users', '7 colunas · refere-se a users'],
    ],
    [
      'swapSwipe:intro.free',
      {},
      [
        '0 free right swipes a day. Subscribers swipe without limits.',
        '1 free right swipe a day. Subscribers swipe without limits.',
        '7 free right swipes a day. Subscribers swipe without limits.',
      ],
      [
        '0 deslizes para a direita gratuitos por dia. Os subscritores deslizam sem limites.',
        '1 deslize para a direita gratuito por dia. Os subscritores deslizam sem limites.',
        '7 deslizes para a direita gratuitos por dia. Os subscritores deslizam sem limites.',
      ],
    ],
    [
      'swapSwipe:limit.extraTitle',
      {},
      ['0 more right swipes today', '1 more right swipe today', '7 more right swipes today'],
      ['Mais 0 deslizes para a direita hoje', 'Mais 1 deslize para a direita hoje', 'Mais 7 deslizes para a direita hoje'],
    ],
    [
      'swapSwipe:limit.extraDone',
      {},
      [
        '0 more right swipes for today. Happy swiping!',
        '1 more right swipe for today. Happy swiping!',
        '7 more right swipes for today. Happy swiping!',
      ],
      [
        'Mais 0 deslizes para a direita por hoje. Boas trocas!',
        'Mais 1 deslize para a direita por hoje. Boas trocas!',
        'Mais 7 deslizes para a direita por hoje. Boas trocas!',
      ],
    ],
    ['goals:celebrate.points', {}, ['+0 points', '+1 point', '+7 points'], ['+0 pontos', '+1 ponto', '+7 pontos']],
    [
      'tokens:extraSwipes.about',
      { swipes: 10 },
      [
        'Out of right swipes for today? Get 10 more for 0 tokens. Subscribers swipe without limits.',
        'Out of right swipes for today? Get 10 more for 1 token. Subscribers swipe without limits.',
        'Out of right swipes for today? Get 10 more for 7 tokens. Subscribers swipe without limits.',
      ],
      [
        'Ficou sem deslizes para a direita hoje? Obtenha mais 10 por 0 tokens. Os subscritores deslizam sem limites.',
        'Ficou sem deslizes para a direita hoje? Obtenha mais 10 por 1 token. Os subscritores deslizam sem limites.',
        'Ficou sem deslizes para a direita hoje? Obtenha mais 10 por 7 tokens. Os subscritores deslizam sem limites.',
      ],
    ],
  ] as const)('%s reads right for 0, 1 and many in en-US and pt-PT', (key, values, en, pt) => {
    for (const [lng, expected] of [
      ['en-US', en],
      ['pt-PT', pt],
    ] as const) {
      expect(
        [0, 1, 7].map((count) => t(lng)(key, { ...values, count })),
        lng,
      ).toEqual(expected);
    }
  });
});
