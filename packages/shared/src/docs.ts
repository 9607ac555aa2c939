/**
 * The documentation area (issue 21, decision 0032): the spec's side menu, its 14 pages in the
 * groups Business, Development and Operation. The sources are markdown in the repository's
 * docs/site/{language}/{slug}.md; `index` is the area's home (/docs). No zod here: the browser
 * imports these as values.
 */
export const DOCS_GROUPS = ['business', 'development', 'operation'] as const;
export type DocsGroup = (typeof DOCS_GROUPS)[number];

export const DOCS_PAGES = [
  { slug: 'index', group: null },
  { slug: 'value-proposition', group: 'business' },
  { slug: 'risk', group: 'business' },
  { slug: 'value-driver', group: 'business' },
  { slug: 'information-collection', group: 'business' },
  { slug: 'user-stories', group: 'business' },
  { slug: 'ticketing', group: 'development' },
  { slug: 'release', group: 'development' },
  { slug: 'testing', group: 'development' },
  { slug: 'database-diagram', group: 'development' },
  { slug: 'api', group: 'development' },
  { slug: 'monitoring-areas', group: 'operation' },
  { slug: 'user-guides', group: 'operation' },
  { slug: 'trouble-shooting', group: 'operation' },
] as const satisfies readonly { slug: string; group: DocsGroup | null }[];
export type DocsSlug = (typeof DOCS_PAGES)[number]['slug'];
export const DOCS_SLUGS: readonly DocsSlug[] = DOCS_PAGES.map((p) => p.slug);
export const isDocsSlug = (s: string): s is DocsSlug => (DOCS_SLUGS as readonly string[]).includes(s);

/** Pages with a live part, inserted where the markdown has the line GENERATED_MARKER. */
export const GENERATED_MARKER = '<!-- generated -->';

/** The spec's bare paths (/value-proposition, …) go to /docs/{slug}; its "/" is the area's home. */
export const docsPath = (slug: DocsSlug) => (slug === 'index' ? '/docs' : `/docs/${slug}`);

/** An image of the user guides: docs/site/img/{name}. */
export const DOCS_IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(?:jpg|png)$/;
