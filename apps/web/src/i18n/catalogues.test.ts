import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@swapu/shared/constants';
import { CATEGORIES } from '@swapu/shared/constants';
import { NAMESPACES } from './namespaces';

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
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('i18n catalogues', () => {
  it('has one file per text area in every locale and nothing else', () => {
    for (const locale of LOCALES) {
      const files = fs
        .readdirSync(path.join(dir, locale))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files, locale).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES)('%s: en-US and pt-PT have the same keys, pt-PT is fully translated, placeholders match', (ns) => {
    const en = leaves(load('en-US', ns));
    const pt = leaves(load('pt-PT', ns));
    expect([...pt.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(text.trim(), `en-US ${ns}:${key}`).not.toBe('');
      expect(pt.get(key)?.trim(), `pt-PT ${ns}:${key}`).not.toBe('');
      expect(placeholders(pt.get(key)!), `pt-PT ${ns}:${key}`).toEqual(placeholders(text));
    }
  });

  it('names every category in both languages', () => {
    for (const locale of LOCALES) {
      const names = (load(locale, 'categories') as { names: Record<string, string> }).names;
      expect(Object.keys(names).sort()).toEqual([...CATEGORIES].sort());
    }
  });
});
