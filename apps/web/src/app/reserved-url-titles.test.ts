import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOG_RESERVED_URL_TITLES, isValidUrlTitle } from '@swapu/shared/admin-blog';
import { DOCS_SLUGS } from '@swapu/shared/docs';

/**
 * A blog post's bare /{urlTitle} is reached only when no page of the app has that first path
 * segment (the router matches case-insensitively): every top-level route must be reserved.
 */
describe('reserved urlTitles', () => {
  const router = fs.readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');
  const firstSegments = [...new Set([...router.matchAll(/path: '([^']*)'/g)].map((m) => m[1]!.split('/')[0]!))].filter(
    (s) => s && s !== '*' && !s.startsWith(':'),
  );

  it("finds the router's pages", () => expect(firstSegments.length).toBeGreaterThan(30));

  it.each(DOCS_SLUGS.filter((s) => s !== 'index'))('the documentation path /%s is reserved', (slug) => {
    expect(BLOG_RESERVED_URL_TITLES.has(slug)).toBe(true);
    expect(isValidUrlTitle(slug)).toBe(false);
  });

  it.each(firstSegments)('/%s is reserved', (segment) => {
    expect(BLOG_RESERVED_URL_TITLES.has(segment.toLowerCase())).toBe(true);
    expect(isValidUrlTitle(segment.toLowerCase())).toBe(false);
  });
});
