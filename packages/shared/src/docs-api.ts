import { z } from 'zod';
import { DOCS_GROUPS, DOCS_SLUGS } from './docs';

/** The documentation area's API (issue 21, decision 0032): requests and answers. */

export const DocsLanguageSchema = z.enum(['en-US', 'pt-PT']);
export const DocsPageQuerySchema = z.object({ lang: DocsLanguageSchema.default('en-US') });

export const DocsPageSchema = z.object({
  slug: z.enum(DOCS_SLUGS as [string, ...string[]]),
  group: z.enum(DOCS_GROUPS).nullable(),
  language: DocsLanguageSchema,
  title: z.string(),
  markdown: z.string(),
});
export type DocsPage = z.output<typeof DocsPageSchema>;

export const DocsMenuSchema = z.object({
  pages: z.array(z.object({ slug: z.string(), group: z.enum(DOCS_GROUPS).nullable(), title: z.string() })),
});
export type DocsMenu = z.output<typeof DocsMenuSchema>;

/** The test suites and how many tests each file holds, counted from the repository. */
export const DocsTestingSchema = z.object({
  generatedAt: z.string(),
  suites: z.array(
    z.object({
      id: z.string(),
      runner: z.string(),
      command: z.string(),
      files: z.array(z.object({ path: z.string(), tests: z.number().int() })),
      fileCount: z.number().int(),
      testCount: z.number().int(),
    }),
  ),
});
export type DocsTesting = z.output<typeof DocsTestingSchema>;

/** Every table of the Drizzle schema, by area (its schema file), with its keys. */
export const DocsDatabaseSchema = z.object({
  generatedAt: z.string(),
  tables: z.array(
    z.object({
      name: z.string(),
      area: z.string(),
      columns: z.array(z.object({ name: z.string(), type: z.string(), notNull: z.boolean(), primaryKey: z.boolean() })),
      references: z.array(z.object({ columns: z.array(z.string()), table: z.string() })),
    }),
  ),
});
export type DocsDatabase = z.output<typeof DocsDatabaseSchema>;

/** The metrics the server exports at /api/metrics. */
export const DocsMetricsSchema = z.object({
  path: z.string(),
  metrics: z.array(z.object({ name: z.string(), type: z.string(), help: z.string() })),
});
export type DocsMetrics = z.output<typeof DocsMetricsSchema>;

/** The parts of the OpenAPI document the API page reads. */
export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>>;
}
