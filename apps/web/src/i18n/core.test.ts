import { describe, expect, it, vi } from 'vitest';
import { createI18n } from './core';

const resources = {
  'en-US': {
    common: {
      hello: 'Hello {{name}}',
      nested: { deep: { key: 'Deep' } },
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      big: '{{count, number}} views',
      onlyEnglish: 'English only',
      empty: 'Not empty in English',
      list: [{ q: 'Q {{n}}', a: 'A' }],
    },
    errors: { generic: 'An error occurred', known: 'Known error' },
  },
  'pt-PT': {
    common: {
      hello: 'Olá {{name}}',
      items_one: '{{count}} artigo',
      items_other: '{{count}} artigos',
      big: '{{count, number}} visualizações',
      empty: '',
    },
    errors: { generic: 'Ocorreu um erro' },
  },
};

const make = (lng = 'en-US') => createI18n({ lng, fallbackLng: 'en-US', defaultNS: 'common', resources });

describe('the translator', () => {
  it('fills values, follows nested keys and names namespaces with a colon', () => {
    const i18n = make();
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(i18n.t('nested.deep.key')).toBe('Deep');
    expect(i18n.t('errors:known')).toBe('Known error');
    expect(i18n.t('known', { ns: 'errors' })).toBe('Known error');
    expect(i18n.getFixedT(null, 'errors')('generic')).toBe('An error occurred');
  });

  it('chooses the plural form with the language’s rules and formats numbers in it', () => {
    const en = make();
    expect(en.t('items', { count: 1 })).toBe('1 item');
    expect(en.t('items', { count: 0 })).toBe('0 items');
    expect(en.t('big', { count: 12345 })).toBe('12,345 views');
    const pt = make('pt-PT');
    expect(pt.t('items', { count: 1 })).toBe('1 artigo');
    expect(pt.t('items', { count: 3 })).toBe('3 artigos');
    expect(pt.t('big', { count: 12345 })).toMatch(/^12\s?345 visualizações$/);
  });

  it('falls back to English for a missing or empty Portuguese string, then to the default, then to the key', () => {
    const pt = make('pt-PT');
    expect(pt.t('onlyEnglish')).toBe('English only');
    expect(pt.t('empty')).toBe('Not empty in English');
    expect(pt.t('nowhere', 'Default text')).toBe('Default text');
    expect(pt.t('nowhere', { defaultValue: 'Hi {{x}}', x: 1 })).toBe('Hi 1');
    expect(pt.t('errors:nowhere')).toBe('nowhere');
  });

  it('tries a list of keys in order, and answers in another language when asked', () => {
    const en = make();
    expect(en.t(['errors:missing', 'errors:generic'])).toBe('An error occurred');
    expect(en.t('errors:generic', { lng: 'pt-PT' })).toBe('Ocorreu um erro');
    expect(en.getFixedT('pt-PT')('hello', { name: 'Rui' })).toBe('Olá Rui');
  });

  it('answers objects only when asked, with their strings filled in', () => {
    const en = make();
    expect(en.t('list', { returnObjects: true, n: 1 })).toEqual([{ q: 'Q 1', a: 'A' }]);
    expect(en.t('nested')).toBe('nested');
  });

  it('leaves a placeholder whose value is not given', () => {
    expect(make().t('hello')).toBe('Hello {{name}}');
  });

  it('says whether a key exists in any catalogue', () => {
    const pt = make('pt-PT');
    expect(pt.exists('errors:known')).toBe(true);
    expect(pt.exists('errors:unknown')).toBe(false);
  });

  it('loads a namespace once in the language and the fallback, and changes language after loading what is in use', async () => {
    const load = vi.fn(async (lng: string, ns: string) => ({ title: `${ns} in ${lng}` }));
    const i18n = createI18n({ lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', load });
    expect(i18n.hasLoadedNamespace('faq')).toBe(false);
    await Promise.all([i18n.loadNamespaces('faq'), i18n.loadNamespaces(['faq'])]);
    expect(load.mock.calls).toEqual([['en-US', 'faq']]);
    expect(i18n.t('faq:title')).toBe('faq in en-US');

    const changed = vi.fn();
    const notified = vi.fn();
    i18n.on('languageChanged', changed);
    i18n.subscribe(notified);
    const before = i18n.getVersion();
    await i18n.changeLanguage('pt-PT');
    expect(load.mock.calls).toEqual(
      expect.arrayContaining([
        ['pt-PT', 'faq'],
        ['pt-PT', 'common'],
      ]),
    );
    expect(i18n.language).toBe('pt-PT');
    expect(i18n.t('faq:title')).toBe('faq in pt-PT');
    expect(changed).toHaveBeenCalledWith('pt-PT');
    expect(notified).toHaveBeenCalled();
    expect(i18n.getVersion()).toBeGreaterThan(before);
  });

  it('treats a catalogue that fails to load as empty rather than waiting for ever', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = createI18n({ lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', load: () => Promise.reject(new Error('offline')) });
    await i18n.loadNamespaces('faq');
    expect(i18n.hasLoadedNamespace('faq')).toBe(true);
    expect(i18n.t('faq:title', 'Questions')).toBe('Questions');
    warn.mockRestore();
  });
});
