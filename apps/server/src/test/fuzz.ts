import fc from 'fast-check';
import type { TestApp } from './app';
import { bodySchemaFor, firebaseShaped, fromJsonSchema, hostile, jsonSchemaOf, violation } from './fuzz-values';
import { type FuzzWorld, realParam, renewTokens, withRealIds } from './fuzz-world';

/**
 * Property-based fuzzing of the API (docs/decisions/0012): every JSON endpoint gets requests built
 * from its own zod schema (through zod's JSON Schema), with fields swapped for hostile values —
 * huge and strange strings, NUL bytes, lone surrogates, nulls, wrong types, negative and huge
 * numbers, SQL and HTML fragments, path traversal — as a guest, a member and an admin. The
 * properties: no 5xx ever, and every error in the catalogue's shape with a catalogue code (the
 * Firebase-compatible identity paths answer in Firebase's shape). The values sent are built in
 * fuzz-values.ts, the member, admin and ids they act on in fuzz-world.ts.
 */

export { createFuzzWorld, type FuzzWorld } from './fuzz-world';

/**
 * The app as the fuzzing runs it: test hooks on, and the viewer cache at its production setting
 * (VIEWER_CACHE_MS, 1 s; createTestApp turns it off). A request then starts as one does in
 * production, from a verified token's remembered claims and the account's state read at most a
 * second ago, instead of checking the signature and reading the account again for each of a
 * route's thousand requests; what is fuzzed is the route's own handling of what it is sent. The
 * cache's rules (a ban, a role or token-version change taking effect) are proven in
 * viewer-cache.test.ts and post-views.test.ts ("the remembered account"). About 45% less time per fuzzing
 * file on PostgreSQL (identity: 73 s → 40 s).
 */
export const FUZZ_CONFIG = { testHooks: true, viewerCacheMs: 1000 } as const;

export const RUNS_PER_ENDPOINT = 1000;
/** Multipart uploads get random bytes as the file: fewer runs, each decodes an image. */
export const RUNS_PER_UPLOAD = 100;
/** Fixed so a failure replays; the failing case's own seed and path are printed by fast-check. */
export const FUZZ_SEED = 20261124;

export interface FuzzStats {
  route: string;
  cases: number;
  ok: number;
  client: number;
  redirects: number;
  /** Wall time of the route's cases, to find the routes that cost a fuzzing file its minutes. */
  ms: number;
}

/** Routes that are not JSON endpoints, with the reason. */
export const NOT_FUZZED: Record<string, string> = {
  'GET /api/v1/ws': 'a WebSocket upgrade; its messages are validated by ClientEventSchema (chat.test.ts sends malformed ones)',
  'GET /*': 'the web app shell',
};
const isDocs = (url: string) => url.startsWith('/api/docs');

/** Percent-encodes a path part; a lone surrogate (not encodable as UTF-8) goes as the bytes a broken client would send. */
const encodePathPart = (v: string) =>
  v
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

/** Fuzzes every route `pick` selects, as a guest, the member and the admin; returns per-route counts. */
export async function fuzzRoutes(t: TestApp, w: FuzzWorld, pick: (key: string) => boolean): Promise<FuzzStats[]> {
  const stats: FuzzStats[] = [];
  const routes = t.app.routeTable.filter((r) => {
    const key = `${r.method} ${r.url.replace(/::/g, ':')}`;
    return pick(key) && !(key in NOT_FUZZED) && !isDocs(r.url) && !r.url.startsWith('/media/');
  });
  for (const r of routes) {
    const key = `${r.method} ${r.url.replace(/::/g, ':')}`;
    // A route may have ended the member's sessions (sign out everywhere, a ban): fresh tokens.
    await renewTokens(t, w);
    const upload = r.schema?.consumes?.includes('multipart/form-data') ?? false;
    // Path parameters follow a slash (`accounts:signUp` is a literal colon).
    const params = [...r.url.matchAll(/\/:(\w+)/g)].map((m) => m[1]!);
    const bodySchema = jsonSchemaOf(bodySchemaFor(key, r.schema?.body));
    const querySchema = jsonSchemaOf(r.schema?.querystring);
    const hasBody = !['GET', 'DELETE'].includes(r.method) || r.schema?.body !== undefined;
    const body: fc.Arbitrary<unknown> = upload
      ? fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b))
      : hasBody
        ? fc.oneof(
            { weight: 4, arbitrary: fromJsonSchema(bodySchema) },
            { weight: 2, arbitrary: fromJsonSchema(bodySchema).map((b) => withRealIds(b, w)) },
            { weight: 1, arbitrary: hostile },
            { weight: 1, arbitrary: fc.constant('{"not json') },
          )
        : fc.constant(undefined);
    const query = querySchema
      ? fc.oneof(
          { weight: 4, arbitrary: fromJsonSchema(querySchema) },
          { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('q', 'token', 'limit', 'cursor', 'page', 'x'), hostile, { maxKeys: 3 }) },
        )
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('token', 'q', 'x'), hostile, { maxKeys: 2 }) },
        );
    const param = (name: string) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(realParam(r.url, name, w)) },
        { weight: 2, arbitrary: hostile.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x'))) },
      );
    const actor = fc.constantFrom('anonymous', 'member', r.url.includes('/admin/') ? 'admin' : 'member');
    const counts: FuzzStats = { route: key, cases: 0, ok: 0, client: 0, redirects: 0, ms: 0 };
    const routeStarted = performance.now();
    // The counterexample of a failure can hold a 100,000-character string: report a readable part.
    const shorten = (err: unknown) => {
      const cause = (err as { cause?: Error }).cause?.message ?? '';
      return new Error(
        `${key}: ${cause.slice(0, 600)}\n${String((err as Error).message)
          .replace(/(.)\1{40,}/g, '$1$1$1…')
          .slice(0, 1500)}`,
      );
    };
    await fc
      .assert(
        fc.asyncProperty(
          fc.record({
            actor,
            params: fc.tuple(...params.map(param)),
            query,
            body,
            ip: fc.integer({ min: 1, max: firebaseShaped(r.url) ? 3 : 40 }),
          }),
          async (c) => {
            let path = r.url.replace(/::/g, ':');
            params.forEach((name, i) => {
              path = path.replace(`/:${name}`, '/' + encodePathPart(String((c.params as unknown[])[i]) || 'x'));
            });
            const qs = new URLSearchParams();
            for (const [k, v] of Object.entries((c.query ?? {}) as Record<string, unknown>)) {
              if (v !== undefined) qs.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
            }
            const url = qs.size ? `${path}?${qs.toString()}` : path;
            const headers: Record<string, string> =
              c.actor === 'member' ? { ...w.member.headers } : c.actor === 'admin' ? { ...w.admin.headers } : {};
            let payload: string | Buffer | undefined;
            if (upload) {
              const boundary = '----swapufuzz';
              const b = c.body as Buffer;
              payload = Buffer.concat([
                Buffer.from(
                  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
                ),
                b,
                Buffer.from(`\r\n--${boundary}--\r\n`),
              ]);
              headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
            } else if (c.body !== undefined) {
              payload = typeof c.body === 'string' && c.body.startsWith('{"not') ? c.body : JSON.stringify(c.body);
              headers['content-type'] = 'application/json';
            }
            const res = await t.app.inject({ method: r.method as 'GET', url, payload, headers, remoteAddress: `10.88.0.${c.ip}` });
            counts.cases++;
            if (res.statusCode < 300) counts.ok++;
            else if (res.statusCode < 400) counts.redirects++;
            else counts.client++;
            const broken = violation(path, res);
            if (broken)
              throw new Error(`${r.method} ${url.slice(0, 200)} as ${c.actor} with ${String(payload ?? '').slice(0, 300)}: ${broken}`);
          },
        ),
        { numRuns: upload ? RUNS_PER_UPLOAD : RUNS_PER_ENDPOINT, seed: FUZZ_SEED, endOnFailure: true },
      )
      .catch((err: unknown) => {
        throw shorten(err);
      });
    counts.ms = Math.round(performance.now() - routeStarted);
    stats.push(counts);
  }
  return stats;
}

/** The summary table a fuzz file prints. */
export function summary(stats: FuzzStats[]): string {
  const lines = stats.map(
    (s) =>
      `${s.route.padEnd(64)} ${String(s.cases).padStart(5)} ${String(s.ok).padStart(5)} ${String(s.client).padStart(5)} ${String(s.redirects).padStart(4)} ${(s.ms / 1000).toFixed(1).padStart(6)}`,
  );
  const total = stats.reduce((a, s) => a + s.cases, 0);
  return [
    `${'endpoint'.padEnd(64)} cases   2xx   4xx  3xx      s`,
    ...lines,
    `${stats.length} endpoints, ${total} cases, 0 server errors`,
  ].join('\n');
}

/** Routes split in four files so the test runner's forks fuzz them in parallel. */
export const FUZZ_GROUPS: Record<'identity' | 'market' | 'people' | 'rest', (key: string) => boolean> = {
  identity: (k) => / \/(identity\/|identitytoolkit\.|securetoken\.|api\/v1\/auth\/|api\/v1\/email-subscription)/.test(k),
  market: (k) => / \/api\/v1\/(posts|offers|search|me\/saved-searches|me\/suggested|me\/favorites|me\/posts)/.test(k),
  people: (k) => / \/api\/v1\/(me|users|rooms|support|admin|notifications)/.test(k) && !FUZZ_GROUPS.market(k),
  rest: (k) => !FUZZ_GROUPS.identity(k) && !FUZZ_GROUPS.market(k) && !FUZZ_GROUPS.people(k),
};
