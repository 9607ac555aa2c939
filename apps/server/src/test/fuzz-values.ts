import fc from 'fast-check';
import { z } from 'zod';
import { MeUpdateSchema } from '@swapu/shared/account';
import { ErrorBodySchema } from '@swapu/shared/api';
import { ERROR_CATALOGUE } from '@swapu/shared/errors';
import { PostFieldsSchema } from '@swapu/shared/listing';

/**
 * What the API fuzzing (fuzz.ts, decision 0012) sends and what it expects back: hostile values,
 * values built from a route's JSON Schema, the bodies validated in handlers, and the properties an
 * answer must keep.
 */

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
