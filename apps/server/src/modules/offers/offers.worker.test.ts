import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';

let t: TestApp;
const DAY = 86_400_000;
// pg-boss keeps real (database) time: the app's clock starts a day minus a few seconds behind it,
// so a one-day offer's job falls due a few real seconds into the test.
const LEAD_MS = 6000;
beforeAll(async () => {
  t = await createTestApp({ now: new Date(Date.now() - DAY + LEAD_MS).toISOString(), offerExpiry: true });
});
afterAll(async () => {
  await t.close();
});

it('the running server expires an offer by itself once its time has come', async () => {
  const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
  const bike = await createPost(t.db, { ownerId: ben.id, title: 'Bike' });
  const tent = await createPost(t.db, { ownerId: ana.id, title: 'Tent' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/offers',
    headers: ana.headers,
    payload: { postId: bike.id, itemIds: [tent.id], expiryDays: 1 },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const stateNow = async () => (await t.db.select({ s: offers.state }).from(offers).where(eq(offers.id, id)))[0]!.s;
  // Nothing happens before the job is due…
  expect(await stateNow()).toBe('pending');
  // …and when it is, the job expires the offer without anyone acting on it (the app's clock has
  // moved past the expiry by then; the periodic sweep would only come after a minute).
  t.clock.advance(DAY + 60_000);
  const deadline = Date.now() + 20_000;
  while ((await stateNow()) === 'pending' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  expect(await stateNow()).toBe('expired');
}, 30_000);
