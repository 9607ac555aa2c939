import fs from 'node:fs';
import path from 'node:path';
import { DOCS_PAGES, type DocsSlug } from '@swapu/shared/docs';
import type { DocsDatabase, DocsTesting } from '@swapu/shared/docs-api';
import { SERVER_ROOT } from '../../paths';
import { describeSchema, renderSchemaDiagram } from './database';
import { describeTests } from './testing';

/** The repository: the documentation area's sources are its docs/site, its tests are counted. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');
export const DOCS_SITE_DIR = path.join(REPO_ROOT, 'docs', 'site');
/** What `npm run build` generates for the area (apps/server/src/cli/build-docs.ts). */
export const GENERATED_DIR = path.join(SERVER_ROOT, 'dist', 'docs');

export type DocsLanguage = 'en-US' | 'pt-PT';

/** A page's markdown in this language (English when the translation is missing), or null. */
export function readPage(slug: DocsSlug, language: DocsLanguage): { markdown: string; language: DocsLanguage } | null {
  for (const lang of language === 'en-US' ? (['en-US'] as const) : ([language, 'en-US'] as const)) {
    const file = path.join(DOCS_SITE_DIR, lang, `${slug}.md`);
    if (fs.existsSync(file)) return { markdown: fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n'), language: lang };
  }
  return null;
}

/** The page's title: its first `# ` heading (the slug when it has none). */
export const titleOf = (markdown: string, slug: string) => /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? slug;

export function menu(language: DocsLanguage) {
  return DOCS_PAGES.map((p) => {
    const page = readPage(p.slug, language);
    return { slug: p.slug, group: p.group, title: page ? titleOf(page.markdown, p.slug) : p.slug };
  });
}

/**
 * A generated part: the file `npm run build` wrote, or (a checkout that was not built, the tests)
 * made now from the same sources, once per process.
 */
const memo = new Map<string, Promise<string>>();
function generated(file: string, make: () => Promise<string> | string): Promise<string> {
  let p = memo.get(file);
  if (!p) {
    const built = path.join(GENERATED_DIR, file);
    // Under the test runner always from the sources, so a stale build cannot hide a drift.
    const useBuilt = process.env.VITEST !== 'true' && fs.existsSync(built);
    p = useBuilt ? fs.promises.readFile(built, 'utf8') : Promise.resolve().then(make);
    p.catch(() => memo.delete(file));
    memo.set(file, p);
  }
  return p;
}

export const GENERATED = {
  'database.json': () => JSON.stringify({ generatedAt: new Date().toISOString(), tables: describeSchema() } satisfies DocsDatabase),
  'database-diagram.svg': () => renderSchemaDiagram(),
  'testing.json': () => JSON.stringify(describeTests(REPO_ROOT) satisfies DocsTesting),
} as const;

export const databaseDoc = async (): Promise<DocsDatabase> => JSON.parse(await generated('database.json', GENERATED['database.json']));
export const diagramSvg = () => generated('database-diagram.svg', GENERATED['database-diagram.svg']);
export const testingDoc = async (): Promise<DocsTesting> => JSON.parse(await generated('testing.json', GENERATED['testing.json']));

/** A user guide's image, or null. */
export function imagePath(name: string): string | null {
  const file = path.join(DOCS_SITE_DIR, 'img', name);
  return path.dirname(file) === path.join(DOCS_SITE_DIR, 'img') && fs.existsSync(file) ? file : null;
}
