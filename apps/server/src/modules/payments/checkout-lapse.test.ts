import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { checkouts, receipts, tokenLedger } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { signAccessToken } from '../../lib/tokens';
import { CHECKOUT_OPEN_MINUTES, lapseOpenCheckouts } from './checkout-lapse';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const open = async (m: TestMember, amount = 20) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/checkouts',
    headers: m.headers,
    payload: { purchase: { kind: 'tokens', amount } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
const pay = (m: TestMember, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/checkouts/${id}/pay`, headers: m.headers, payload: { cardNumber: '4242 4242 4242 4242' } });
/** The member signs in again at the clock's now (an access token lasts an hour). */
const signInAgain = async (m: TestMember) => {
  m.headers = { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, m.id, t.clock.now())}` };
};
const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (await t.db.select({ id: checkouts.id, status: checkouts.status }).from(checkouts).where(inArray(checkouts.id, ids))).map((r) => [
      r.id,
      r.status,
    ]),
  );

describe('open checkouts lapse', () => {
  it(`after ${CHECKOUT_OPEN_MINUTES} minutes: Pay then answers as for a closed checkout and grants nothing, even before any sweep`, async () => {
    t.clock.set(NOW);
    const m = await signUpMember(t.app);
    const id = await open(m);
    t.clock.advance(CHECKOUT_OPEN_MINUTES * MINUTE);
    try {
      await signInAgain(m);
      const res = await pay(m, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'expired' });
      expect(await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, m.id))).toEqual([]);
      expect(await t.db.select().from(receipts).where(eq(receipts.userId, m.id))).toEqual([]);
      // Cancel changes nothing either.
      const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/checkouts/${id}/cancel`, headers: m.headers });
      expect(cancel.json()).toMatchObject({ status: 'expired' });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('one minute before, it is still paid', async () => {
    t.clock.set(NOW);
    const m = await signUpMember(t.app);
    const id = await open(m);
    t.clock.advance(CHECKOUT_OPEN_MINUTES * MINUTE - MINUTE);
    try {
      await signInAgain(m);
      expect((await pay(m, id)).json()).toMatchObject({ status: 'paid' });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('the sweep lapses each due checkout once, however many instances sweep at the same moment, and leaves younger ones open', async () => {
    t.clock.set(NOW);
    const m = await signUpMember(t.app);
    const due = [await open(m, 5), await open(m, 6), await open(m, 7)];
    t.clock.advance(30 * MINUTE);
    const young = await open(m, 8);
    t.clock.advance(CHECKOUT_OPEN_MINUTES * MINUTE - 30 * MINUTE);
    try {
      const at = t.clock.now();
      const sweeps = await Promise.all([lapseOpenCheckouts(t.db, at), lapseOpenCheckouts(t.db, at), lapseOpenCheckouts(t.db, at)]);
      const lapsed = sweeps.flat().filter((id) => [...due, young].includes(id));
      expect(lapsed.sort()).toEqual([...due].sort());
      expect(await statusOf([...due, young])).toEqual({
        [due[0]!]: 'expired',
        [due[1]!]: 'expired',
        [due[2]!]: 'expired',
        [young]: 'open',
      });
      expect(await lapseOpenCheckouts(t.db, at)).not.toContain(young);
      const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, due[0]!));
      expect(row!.completedAt).toEqual(at);
    } finally {
      t.clock.set(NOW);
    }
  });
});
