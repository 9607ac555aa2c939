import fc from 'fast-check';
import { z } from 'zod';
import { MeUpdateSchema } from '@swapu/shared/account';
import { ErrorBodySchema } from '@swapu/shared/api';
import { ERROR_CATALOGUE } from '@swapu/shared/errors';
import { PostFieldsSchema } from '@swapu/shared/listing';
import { eq } from 'drizzle-orm';
import { goals, offers, rooms, savedSearches, users } from '../db/schema/index';
import { bookTokens } from '../modules/payments/tokens.service';
import { newId } from '../lib/ids';
import { signAccessToken } from '../lib/tokens';
import type { TestApp } from './app';
import { addImage, createBlogPost, createPost, createUser } from './factories';

/**
 * Property-based fuzzing of the API (docs/decisions/0012): every JSON endpoint gets requests built
 * from its own zod schema (through zod's JSON Schema), with fields swapped for hostile values —
 * huge and strange strings, NUL bytes, lone surrogates, nulls, wrong types, negative and huge
 * numbers, SQL and HTML fragments, path traversal — as a guest, a member and an admin. The
 * properties: no 5xx ever, and every error in the catalogue's shape with a catalogue code (the
 * Firebase-compatible identity paths answer in Firebase's shape).
 */

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

const SQL = ["' or 1=1 --", "'; drop table users; --", '1; select pg_sleep(10)', '" OR ""="', "\\'; delete from posts; --"];
const HTML = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', 'javascript:alert(1)'];
const PATHS = ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%00', '/', '\\\\server\\share', 'C:\\Windows'];
const ODD = [
  '',
  ' ',
  '\n\r\t',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  '\u202Eevil',
  '😀'.repeat(300),
  'ا'.repeat(80),
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
];

/** Values nobody should send, of every JSON type. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SQL, ...HTML, ...PATHS, ...ODD),
  fc.constant('x'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
  fc.constantFrom(null, true, false, 0, -1, -2_147_483_649, 2 ** 53, 1e308, -1e308, 0.1, -0.0),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), { maxLength: 30 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxKeys: 5 }),
);

type Json = Record<string, unknown>;

/** An arbitrary for values matching a JSON Schema (as zod writes it), mostly valid. */
export function fromJsonSchema(schema: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.anything({ maxDepth: 2 });
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  for (const k of ['anyOf', 'oneOf'] as const) {
    const options = schema[k] as Json[] | undefined;
    if (options?.length) return fc.oneof(...options.map((o) => fromJsonSchema(o, depth + 1)));
  }
  const allOf = schema.allOf as Json[] | undefined;
  if (allOf?.length) return fromJsonSchema(allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time')
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 80));
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? Math.max(schema.minimum, -1e9) : -1000,
        max: typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1e9) : 1_000_000,
      });
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e6,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromJsonSchema(schema.items as Json | undefined, depth + 1), {
        maxLength: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, 6),
      });
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
      // Each field: usually a fitting value, sometimes a hostile one; optional ones may be left out.
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys)
        record[k] = fc.oneof({ weight: 5, arbitrary: fromJsonSchema(props[k], depth + 1) }, { weight: 1, arbitrary: hostile });
      return fc.record(record, { requiredKeys: keys.filter((k) => required.has(k) || Math.random() < 0.5) });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** The JSON Schema of a zod schema as a request would send it (input side). */
export function jsonSchemaOf(schema: unknown): Json | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return undefined;
  }
}

/** Bodies validated in the handler (z.unknown() on the route): what they really take. */
const IDENTITY_BODY = z.object({
  email: z.email(),
  password: z.string().min(6).max(64),
  returnSecureToken: z.boolean(),
  acceptTerms: z.boolean().optional(),
  displayName: z.string().max(80).optional(),
  totpCode: z.string().max(20).optional(),
  refreshToken: z.string().max(80).optional(),
  refresh_token: z.string().max(80).optional(),
  grant_type: z.string().max(40).optional(),
  idToken: z.string().max(80).optional(),
  requestType: z.enum(['VERIFY_EMAIL', 'PASSWORD_RESET', 'EMAIL_SIGNIN']).optional(),
  sessionCookie: z.boolean().optional(),
  code: z.string().max(80).optional(),
  nonce: z.string().max(80).optional(),
});
export const HANDLER_BODIES: Record<string, unknown> = {
  'POST /api/v1/posts': PostFieldsSchema,
  'PATCH /api/v1/posts/:id': PostFieldsSchema,
  'PATCH /api/v1/me': MeUpdateSchema,
};
export const bodySchemaFor = (route: string, declared: unknown) =>
  HANDLER_BODIES[route] ?? (route.includes(' /identity') || route.includes(' /securetoken') ? IDENTITY_BODY : declared);

/** The identity contract answers in Firebase's shape: { error: { code: <status>, message: CODE } }. */
export const firebaseShaped = (url: string) =>
  url.startsWith('/identity/v1/') || url.startsWith('/identitytoolkit.') || url.startsWith('/securetoken.');

const FirebaseErrorSchema = z.object({ error: z.object({ code: z.number().int(), message: z.string().regex(/^[A-Z_]+/) }) });

/** Why a response breaks the properties, or null. */
export function violation(url: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return `${res.statusCode} without a JSON error body`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 120)}`;
  }
  if (firebaseShaped(url)) {
    return FirebaseErrorSchema.safeParse(body).success ? null : `identity error not in Firebase's shape: ${res.body.slice(0, 200)}`;
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return `error not in the catalogue's shape: ${res.body.slice(0, 200)}`;
  if (!(parsed.data.error.code in ERROR_CATALOGUE)) return `error code not in the catalogue: ${parsed.data.error.code}`;
  return null;
}

export interface FuzzWorld {
  member: { id: string; headers: Record<string, string> };
  admin: { id: string; headers: Record<string, string> };
  /** Real ids for path parameters, by route prefix and parameter name. */
  ids: Record<string, string>;
}

/** A member, an admin and one of each thing a path can name. */
export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const now = t.clock.now();
  const person = async (role: 'user' | 'admin') => {
    const u = await createUser(t.db, { role, termsAcceptedAt: now, privacyAcceptedAt: now });
    return { id: u.id, headers: { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, u.id, now, u.tokenVersion)}` } };
  };
  const member = await person('user');
  const admin = await person('admin');
  const post = await createPost(t.db, {
    ownerId: member.id,
    publishedAt: new Date(now.getTime() - 3 * 86_400_000),
    openToSelling: true,
    now,
  });
  const theirs = await createPost(t.db, { publishedAt: new Date(now.getTime() - 3 * 86_400_000), openToSelling: true, now });
  const image = await addImage(t.db, post.id);
  const blog = await createBlogPost(t.db);
  const offerId = newId();
  await t.db.insert(offers).values({
    id: offerId,
    postId: theirs.id,
    offererId: member.id,
    ownerId: theirs.ownerId,
    proposedBy: 'offerer',
    state: 'pending',
    cashKind: 'only',
    cashCents: 1000,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  const [a, b] = [member.id, theirs.ownerId].sort() as [string, string];
  const roomId = newId();
  await t.db.insert(rooms).values({ id: roomId, userA: a, userB: b, createdAt: now });
  // A goal to name, and tokens to spend (a Boost, today's extra swipes), so those routes can succeed too.
  const goalId = newId();
  await t.db.insert(goals).values({
    id: goalId,
    userId: member.id,
    name: 'Trade up',
    goalItem: 'A road bike',
    goalValueCents: 100_000,
    startPostId: post.id,
    currentPostId: post.id,
    createdAt: now,
  });
  await t.db.transaction((tx) => bookTokens(tx, { userId: member.id, delta: 200, reason: 'purchase', sourceId: newId(), now }));
  const savedId = newId();
  await t.db.insert(savedSearches).values({ id: savedId, userId: member.id, name: 'Lamps', filters: { q: 'lamp' }, createdAt: now });
  return {
    member,
    admin,
    ids: {
      post: post.id,
      theirs: theirs.id,
      image: image.id,
      offer: offerId,
      room: roomId,
      user: theirs.ownerId,
      blog: blog.id,
      urlTitle: blog.urlTitle,
      saved: savedId,
      goal: goalId,
    },
  };
}

/** Signs fresh access tokens for the world's member and admin (at their current token version). */
async function renewTokens(t: TestApp, w: FuzzWorld) {
  const now = t.clock.now();
  for (const who of [w.member, w.admin]) {
    await t.db.update(users).set({ banned: false, deletedAt: null }).where(eq(users.id, who.id));
    // Written past the services, so the viewer cache is told here, as a service would.
    t.app.ctx.viewers.forget([who.id]);
    const [u] = await t.db.select().from(users).where(eq(users.id, who.id));
    who.headers = { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, who.id, now, u!.tokenVersion)}` };
  }
}

/** A real id for a path parameter of this route. */
export function realParam(url: string, name: string, w: FuzzWorld): string {
  if (name === 'imageId') return w.ids.image!;
  if (name === 'urlTitle') return w.ids.urlTitle!;
  if (name === 'provider') return 'google';
  if (name === 'counterId') return w.ids.theirs!;
  if (name === 'userId') return w.ids.user!;
  if (url.includes('/offers/')) return w.ids.offer!;
  if (url.includes('/rooms/')) return w.ids.room!;
  if (url.includes('/users/')) return w.ids.user!;
  if (url.includes('/blog/')) return w.ids.blog!;
  if (url.includes('/saved-searches/')) return w.ids.saved!;
  if (url.includes('/goals/')) return w.ids.goal!;
  return w.ids.post!;
}

export interface FuzzStats {
  route: string;
  cases: number;
  ok: number;
  client: number;
  redirects: number;
}

/** Routes that are not JSON endpoints, with the reason. */
export const NOT_FUZZED: Record<string, string> = {
  'GET /api/v1/ws': 'a WebSocket upgrade; its messages are validated by ClientEventSchema (chat.test.ts sends malformed ones)',
  'GET /*': 'the web app shell',
};
const isDocs = (url: string) => url.startsWith('/api/docs');

/**
 * A body the schema allows with its item ids made real: the member's own listing where the body
 * names the item one starts from, someone else's where it names the item acted on. Without them
 * a route that needs two real listings (a swipe, a goal, an offer) never gets past its 404s.
 */
const REAL_ID_FIELDS: Record<string, (w: FuzzWorld) => string> = {
  fromPostId: (w) => w.ids.post!,
  startPostId: (w) => w.ids.post!,
  postId: (w) => w.ids.theirs!,
};
function withRealIds(body: unknown, w: FuzzWorld): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [field, id] of Object.entries(REAL_ID_FIELDS)) if (typeof out[field] === 'string') out[field] = id(w);
  return out;
}

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
    const counts: FuzzStats = { route: key, cases: 0, ok: 0, client: 0, redirects: 0 };
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
    stats.push(counts);
  }
  return stats;
}

/** The summary table a fuzz file prints. */
export function summary(stats: FuzzStats[]): string {
  const lines = stats.map(
    (s) =>
      `${s.route.padEnd(64)} ${String(s.cases).padStart(5)} ${String(s.ok).padStart(5)} ${String(s.client).padStart(5)} ${String(s.redirects).padStart(4)}`,
  );
  const total = stats.reduce((a, s) => a + s.cases, 0);
  return [`${'endpoint'.padEnd(64)} cases   2xx   4xx  3xx`, ...lines, `${stats.length} endpoints, ${total} cases, 0 server errors`].join(
    '\n',
  );
}

/** Routes split in four files so the test runner's forks fuzz them in parallel. */
export const FUZZ_GROUPS: Record<'identity' | 'market' | 'people' | 'rest', (key: string) => boolean> = {
  identity: (k) => / \/(identity\/|identitytoolkit\.|securetoken\.|api\/v1\/auth\/|api\/v1\/email-subscription)/.test(k),
  market: (k) => / \/api\/v1\/(posts|offers|search|me\/saved-searches|me\/suggested|me\/favorites|me\/posts)/.test(k),
  people: (k) => / \/api\/v1\/(me|users|rooms|support|admin|notifications)/.test(k) && !FUZZ_GROUPS.market(k),
  rest: (k) => !FUZZ_GROUPS.identity(k) && !FUZZ_GROUPS.market(k) && !FUZZ_GROUPS.people(k),
};
