import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DOCS_PAGES, DOCS_SLUGS, GENERATED_MARKER } from '@swapu/shared/docs';
import type { DocsDatabase, DocsMenu, DocsMetrics, DocsPage, DocsTesting } from '@swapu/shared/docs-api';
import { users } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql-rows';
import { signAccessToken } from '../../lib/tokens';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { schemaDot } from './database';
import { DOCS_SITE_DIR, REPO_ROOT } from './sources';
import { countTests } from './testing';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789abcdef';
let t: TestApp;
let admin: TestMember;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z', config: { metricsToken: METRICS_TOKEN } });
  admin = await signUpMember(t.app);
  member = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
const ok = async <T>(url: string, headers: Headers = admin.headers) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
/** A fresh token: a role change ends nothing, but the test should not lean on the viewer cache. */
const freshHeaders = async (userId: string): Promise<Headers> => {
  const [u] = await t.db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, userId, t.clock.now(), u!.v)}` };
};

describe('the documentation area: its sources', () => {
  it('has every page of the side menu in en-US and pt-PT, each with a title, and no stray page', () => {
    for (const lang of ['en-US', 'pt-PT']) {
      const files = fs.readdirSync(path.join(DOCS_SITE_DIR, lang)).filter((f) => f.endsWith('.md'));
      expect(files.sort()).toEqual(DOCS_SLUGS.map((s) => `${s}.md`).sort());
      for (const slug of DOCS_SLUGS) {
        const md = fs.readFileSync(path.join(DOCS_SITE_DIR, lang, `${slug}.md`), 'utf8');
        expect(md, `${lang}/${slug}`).toMatch(/^# \S/);
        // The live part goes where the marker is: once in the generated pages, never elsewhere.
        const generated = ['testing', 'database-diagram', 'api', 'monitoring-areas'].includes(slug);
        expect(md.split(GENERATED_MARKER).length - 1, `${lang}/${slug}`).toBe(generated ? 1 : 0);
      }
    }
  });

  it('links only to pages that exist and images that are there', () => {
    for (const lang of ['en-US', 'pt-PT']) {
      for (const slug of DOCS_SLUGS) {
        const md = fs.readFileSync(path.join(DOCS_SITE_DIR, lang, `${slug}.md`), 'utf8');
        for (const [, target] of md.matchAll(/\]\((\/docs(?:\/[^)#\s]*)?)(?:#[^)]*)?\)/g)) {
          const page = target!.replace(/^\/docs\/?/, '') || 'index';
          expect(DOCS_SLUGS, `${lang}/${slug} links to ${target}`).toContain(page);
        }
        for (const [, img] of md.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
          expect(img, `${lang}/${slug}`).toMatch(/^img\/[a-z0-9-]+\.(jpg|png)$/);
          expect(fs.existsSync(path.join(DOCS_SITE_DIR, img!)), `${lang}/${slug}: ${img}`).toBe(true);
        }
      }
    }
  });
});

describe('the documentation area: API', () => {
  it('lists the pages in the spec’s groups, titled in the language asked for', async () => {
    const en = await ok<DocsMenu>('/api/v1/docs');
    const pt = await ok<DocsMenu>('/api/v1/docs?lang=pt-PT');
    expect(en.pages.map((p) => [p.slug, p.group])).toEqual(DOCS_PAGES.map((p) => [p.slug, p.group]));
    expect(pt.pages.map((p) => p.slug)).toEqual(DOCS_SLUGS);
    for (const p of en.pages) expect(p.title).not.toBe(p.slug);
    expect(pt.pages.find((p) => p.slug === 'index')!.title).not.toBe(en.pages.find((p) => p.slug === 'index')!.title);
  });

  it('serves a page as markdown, in pt-PT when asked; an unknown page is a 404', async () => {
    const page = await ok<DocsPage>('/api/v1/docs/pages/risk?lang=pt-PT');
    expect(page).toMatchObject({ slug: 'risk', group: 'business', language: 'pt-PT' });
    expect(page.markdown).toBe(fs.readFileSync(path.join(DOCS_SITE_DIR, 'pt-PT', 'risk.md'), 'utf8'));
    expect((await get('/api/v1/docs/pages/secrets')).statusCode).toBe(404);
    expect((await get('/api/v1/docs/pages/risk?lang=fr-FR')).statusCode).toBe(400);
    expect((await get('/api/v1/docs/img/..%2F..%2Fpackage.json')).statusCode).toBe(404);
  });

  it('is for admins and the docs role: granted and revoked by an admin, refused to other members', async () => {
    expect((await get('/api/v1/docs', member.headers)).statusCode).toBe(403);
    expect((await get('/api/v1/docs', {})).statusCode).toBe(401);
    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}/role`,
      headers: admin.headers,
      payload: { role: 'docs' },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toEqual({ id: member.id, role: 'docs' });
    const headers = await freshHeaders(member.id);
    await ok('/api/v1/docs/pages/index', headers);
    expect((await get('/api/v1/me', headers)).json()).toMatchObject({ role: 'docs' });
    // The docs role is not an admin.
    expect((await get('/api/v1/admin/users', headers)).statusCode).toBe(403);
    expect((await get('/api/metrics', headers)).statusCode).toBe(403);
    const revoke = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}/role`,
      headers: admin.headers,
      payload: { role: 'user' },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get('/api/v1/docs', await freshHeaders(member.id))).statusCode).toBe(403);
  });

  it('moves an admin to the docs role, never the acting admin themselves', async () => {
    const other = await signUpMember(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.id));
    // Two admins: one may move the other to docs; then the last one stays.
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${other.id}/role`,
      headers: admin.headers,
      payload: { role: 'docs' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await rowsOf<{ role: string }>(t.db, sql`select role from users where id = ${other.id}`)).toEqual([{ role: 'docs' }]);
    // Now alone, the admin cannot hand over their own role, and nobody else is left to demote them.
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${admin.id}/role`,
      headers: admin.headers,
      payload: { role: 'docs' },
    });
    expect(self.statusCode).toBe(400);
  });
});

describe('the documentation area: drawn from the project', () => {
  it('the database diagram and table list hold every table of the migrated database', async () => {
    const tables = await rowsOf<{ name: string }>(
      t.db,
      // Tables, partitioned ones included, but not their partitions nor Drizzle's own bookkeeping.
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname not like '\\_\\_%'`,
    );
    expect(tables.length).toBeGreaterThan(50);
    const doc = await ok<DocsDatabase>('/api/v1/docs/database');
    const res = await get('/api/v1/docs/database-diagram.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const svg = res.body;
    expect(svg).toMatch(/<svg[\s>]/);
    for (const { name } of tables) {
      expect(
        doc.tables.map((x) => x.name),
        name,
      ).toContain(name);
      // Graphviz titles each node with its name.
      expect(svg, name).toContain(`<title>${name}</title>`);
    }
    expect(doc.tables).toHaveLength(tables.length);
    // Foreign keys are drawn: offers point at posts and at users.
    const offers = doc.tables.find((x) => x.name === 'offers')!;
    expect(offers.references.map((r) => r.table)).toEqual(expect.arrayContaining(['posts', 'users']));
    expect(svg).toContain('<title>offers:post_id&#45;&gt;posts</title>');
  });

  it('draws names as text, never as markup', () => {
    const dot = schemaDot([
      { name: 'x', area: 'a', columns: [{ name: '<b>', type: 'text', notNull: true, primaryKey: false }], references: [] },
    ]);
    expect(dot).toContain('&lt;b&gt;');
    expect(dot).not.toContain('<b>');
  });

  it('the testing page counts every test file of every suite', async () => {
    const doc = await ok<DocsTesting>('/api/v1/docs/testing');
    const listed = doc.suites.flatMap((s) => s.files.map((f) => f.path));
    const onDisk = [
      ...fs.globSync('packages/shared/src/**/*.test.ts', { cwd: REPO_ROOT }),
      ...fs.globSync('apps/server/src/**/*.test.ts', { cwd: REPO_ROOT }),
      ...fs.globSync('apps/web/src/**/*.test.{ts,tsx}', { cwd: REPO_ROOT }),
      ...fs.globSync('e2e/*.spec.ts', { cwd: REPO_ROOT }),
    ];
    expect(listed.sort()).toEqual(onDisk.sort());
    expect(listed).toContain('apps/server/src/modules/docs/docs.test.ts');
    for (const s of doc.suites) {
      expect(s.testCount).toBe(s.files.reduce((n, f) => n + f.tests, 0));
      expect(s.testCount, s.id).toBeGreaterThan(s.fileCount);
    }
    expect(doc.suites.map((s) => s.id)).toEqual(['shared', 'server', 'web', 'e2e']);
  });

  it('counts it(), test() and one per each-table, not describe or hooks', () => {
    const src = [
      "describe('x', () => {",
      "  it('a', () => {});",
      "  it.each([1, 2])('b %s', () => {});",
      "  test('c', async () => {});",
      "  test.describe('d', () => {});",
      '  beforeEach(() => {});',
      "  // it('commented') is still counted only at the start of a line: this one is not",
      '});',
    ].join('\n');
    expect(countTests(src)).toBe(3);
  });

  it('exports its metrics to a scraper with the token and to admins; lists them for the monitoring page', async () => {
    await get('/api/health', {});
    const scraped = await get('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain/);
    expect(scraped.body).toMatch(/swapu_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(scraped.body).toMatch(/swapu_mail_outbox_pending \d+/);
    expect(scraped.body).toContain('process_cpu_seconds_total');
    expect((await get('/api/metrics', { authorization: 'Bearer wrong-token-wrong-token-wrong' })).statusCode).toBe(401);
    expect((await get('/api/metrics', member.headers)).statusCode).toBe(403);
    expect((await get('/api/metrics')).statusCode).toBe(200);
    const listed = await ok<DocsMetrics>('/api/v1/docs/metrics');
    expect(listed.path).toBe('/api/metrics');
    const names = listed.metrics.map((m) => m.name);
    for (const name of [
      'swapu_http_requests_total',
      'swapu_http_request_duration_seconds',
      'swapu_mail_outbox_pending',
      'swapu_realtime_connections',
      'nodejs_heap_size_used_bytes',
    ])
      expect(names).toContain(name);
    // Every metric named there is in what the scraper gets.
    for (const m of listed.metrics) expect(scraped.body, m.name).toContain(`# HELP ${m.name} `);
  });
});
