import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from './db/schema/index';
import { disableGuardForTest, GUARDS, type GuardName, recordGuardsForTest } from './lib/guards';
import { createTestApp, type TestApp } from './test/app';
import { ACTORS, type Case, CASES, createWorld, EXEMPT } from './test/authorization-matrix';

/**
 * Every route × every actor (guest, another member, the owner or party, an admin, a banned member,
 * a member with pending terms) answers with the status the matrix expects; a route without a case
 * fails. Then each guard is switched off in turn and the matrix must notice (turn red), which
 * proves the matrix actually tests the guards rather than merely listing routes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z', config: { testHooks: true } });
});
afterAll(async () => {
  disableGuardForTest(null);
  recordGuardsForTest(false);
  await t.close();
});

/** Fastify registers `accounts::signUp` for the literal path `accounts:signUp`. */
const key = (method: string, url: string) => `${method} ${url.replace(/::/g, ':')}`;

/** Runs one case as every actor; returns the lines that differ from the matrix. */
async function run(c: Case, stopAtFirst = false, noteGuards?: (seen: Set<GuardName>) => void): Promise<string[]> {
  const w = await createWorld(t);
  const [method] = c.route.split(' ') as [string];
  const wrong: string[] = [];
  const seen = new Set<GuardName>();
  for (const actor of ACTORS) {
    const as = w.actors[actor];
    // Every request on its own: no limit counts towards the next.
    await t.db.delete(rateLimits);
    const req = await c.request(w, as);
    const consulted = noteGuards ? recordGuardsForTest(true) : null;
    const res = await t.app.inject({
      method: method as 'GET',
      url: req.url,
      payload: req.payload as string | object | undefined,
      headers: { ...as.headers, ...req.headers },
      remoteAddress: `10.77.${ACTORS.indexOf(actor)}.${1 + Math.floor(Math.random() * 250)}`,
    });
    if (consulted) {
      for (const g of consulted) seen.add(g);
      recordGuardsForTest(false);
    }
    if (res.statusCode !== c.expect[actor]) {
      wrong.push(
        `${c.route}${c.name ? ` (${c.name})` : ''} as ${actor}: ${res.statusCode}, expected ${c.expect[actor]} — ${res.body.slice(0, 160)}`,
      );
      if (stopAtFirst) return wrong;
    }
  }
  noteGuards?.(seen);
  return wrong;
}

describe('the authorization matrix', () => {
  it('has a case for every route the app serves, and no case for a route it does not', () => {
    const served = new Set(t.app.routeTable.map((r) => key(r.method, r.url)));
    const covered = new Set([...CASES.map((c) => c.route), ...Object.keys(EXEMPT)]);
    const missing = [...served].filter((r) => !covered.has(r));
    // An exemption may name a route this test app does not serve (the web shell needs a build).
    const stale = CASES.map((c) => c.route).filter((r) => !served.has(r));
    console.log(
      `routes served: ${served.size}; cases: ${CASES.length}; exempt: ${Object.keys(EXEMPT).filter((r) => served.has(r)).length}`,
    );
    expect(missing, 'routes without a case in src/test/authorization-matrix.ts').toEqual([]);
    expect(stale, 'cases for routes the app does not serve').toEqual([]);
  });

  /** The guards each case's requests consulted in the green run (the world's setup left out). */
  const consultedBy = new Map<Case, Set<GuardName>>();

  it('answers every route as the matrix says, for every actor', async () => {
    const wrong: string[] = [];
    for (const c of CASES) wrong.push(...(await run(c, false, (seen) => consultedBy.set(c, seen))));
    expect(wrong).toEqual([]);
  }, 600_000);

  it('asks who you are before what you sent: with invalid input, a guest gets 401 wherever an account is needed, a member 403 on every admin route', async () => {
    // Invalid as the body alone (a JSON array where every body is an object), or as the path and
    // the query (a NUL byte, refused before validation as data_invalid): either way the guard
    // answers first, as the route declares it (config.auth), before anything was read.
    const w = await createWorld(t);
    const served = new Map(t.app.routeTable.map((r) => [key(r.method, r.url), r]));
    const needsAccount = new Set(CASES.filter((c) => c.expect.anonymous === 401).map((c) => c.route));
    const roleGated = new Set(
      CASES.filter((c) => c.expect.other === 403 && c.expect.owner === 403 && c.expect.admin !== 403).map((c) => c.route),
    );
    const invalid = (r: NonNullable<ReturnType<typeof served.get>>) => [
      ...(r.schema?.body ? [{ what: 'an invalid body', url: r.url.replace(/:\w+/g, 'matrix-x'), payload: [0] }] : []),
      { what: 'an invalid path and query', url: `${r.url.replace(/:\w+/g, 'matrix%00x')}?matrix=%00`, payload: undefined },
    ];
    const wrong: string[] = [];
    await t.db.delete(rateLimits);
    for (const route of needsAccount) {
      const r = served.get(route)!;
      const admins = roleGated.has(route);
      if (!r.auth) wrong.push(`${route}: declares no guard (config.auth), so it reads what was sent before who sent it`);
      if (admins && !['admin', 'docs', 'metrics'].includes(r.auth ?? ''))
        wrong.push(`${route}: an admin route declares config.auth ${r.auth}`);
      for (const { what, url, payload } of invalid(r)) {
        const as = [
          { actor: w.actors.anonymous, status: 401, code: 'login_required' },
          ...(admins ? [{ actor: w.actors.other, status: 403, code: 'permission_denied' }] : []),
        ];
        for (const { actor, status, code } of as) {
          const res = await t.app.inject({ method: r.method as 'GET', url, payload, headers: actor.headers });
          const got = res.statusCode === status ? (res.json() as { error?: { code?: string } }).error?.code : res.statusCode;
          if (got !== code)
            wrong.push(`${route} as ${actor.name} with ${what}: ${res.statusCode}, expected ${status} — ${res.body.slice(0, 120)}`);
        }
      }
    }
    console.log(`routes that need an account: ${needsAccount.size}, of them admin or docs routes: ${roleGated.size}`);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('turns red when any one guard is switched off', async () => {
    // With every guard on the matrix is green (the test above); a guard counts as caught when
    // switching it off makes some case answer differently.
    const caught = new Map<GuardName, string>();
    for (const g of GUARDS) {
      disableGuardForTest(g);
      // The cases that consulted the guard first (only they can answer differently without it);
      // then the rest, in case one consults it only sometimes. The first difference is enough.
      const order = [...CASES.filter((c) => consultedBy.get(c)?.has(g)), ...CASES.filter((c) => !consultedBy.get(c)?.has(g))];
      try {
        for (const c of order) {
          const wrong = await run(c, true);
          if (wrong.length) {
            caught.set(g, wrong[0]!);
            break;
          }
        }
      } finally {
        disableGuardForTest(null);
      }
    }
    console.log(`guards: ${GUARDS.length}, caught by the matrix: ${caught.size}`);
    for (const [g, line] of caught) console.log(`  ${g}: ${line.slice(0, 140)}`);
    expect(
      GUARDS.filter((g) => !caught.has(g)),
      'guards whose removal no case notices',
    ).toEqual([]);
  }, 900_000);
});
