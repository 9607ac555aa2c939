import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

const account = () => signUpMember(t.app);
const patch = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: payload as object });

describe('/api/v1/me', () => {
  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('login_required');
  });

  it('updates name, bio, interests and an address resolved against the localities', async () => {
    const a = await account();
    const res = await patch(a.headers, {
      displayName: "Chloé O'Brien",
      bio: 'Decluttering in Fitzroy.',
      interests: ['bicycles', 'toys', 'bicycles'],
      address: { suburb: 'fitzroy', postcode: '3065' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: "Chloé O'Brien",
      suburb: 'Fitzroy',
      postcode: '3065',
      auState: 'VIC',
      interests: ['bicycles', 'toys'],
    });
  });

  it.each([
    [{ displayName: 'x' }, 'name_invalid', 'Please enter valid name'],
    [{ displayName: 'R2-D2 <script>' }, 'name_invalid', 'Please enter valid name'],
    [{ address: { suburb: 'Atlantis', postcode: '3065' } }, 'address_invalid', 'Please enter valid address'],
    [{ address: { suburb: 'Fitzroy', postcode: '99' } }, 'address_invalid', 'Please enter valid address'],
    [{ interests: ['spaceships'] }, 'data_invalid', 'Data invalid'],
    [{ role: 'admin' }, 'data_invalid', 'Data invalid'],
  ])('refuses %j with %s and changes nothing', async (payload, code, message) => {
    const a = await account();
    const before = (await t.app.inject({ url: '/api/v1/me', headers: a.headers })).json();
    const res = await patch(a.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, message });
    expect((await t.app.inject({ url: '/api/v1/me', headers: a.headers })).json()).toEqual(before);
  });

  it('remembers on the account that the guided tour was taken or declined (decision 0031)', async () => {
    const a = await account();
    const me = () => t.app.inject({ url: '/api/v1/me', headers: a.headers });
    expect((await me()).json().skipTour).toBe(false);
    const res = await patch(a.headers, { skipTour: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().skipTour).toBe(true);
    // Read afresh (another device signing in): still remembered, and nothing else changed.
    expect((await me()).json()).toMatchObject({ skipTour: true, hideOnboarding: false });
    expect((await patch(a.headers, { skipTour: 'yes' })).statusCode).toBe(400);
  });

  it('lets a banned account read itself but change nothing', async () => {
    const a = await account();
    await t.db.update(users).set({ banned: true }).where(eq(users.id, a.id));
    expect((await t.app.inject({ url: '/api/v1/me', headers: a.headers })).json().banned).toBe(true);
    const res = await patch(a.headers, { bio: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Your account has been suspended. Please contact support.');
  });
});

describe('GET /api/v1/users/:id', () => {
  it('shows a public profile without email, address or security settings', async () => {
    const a = await account();
    await patch(a.headers, { displayName: 'Sam Lee', address: { suburb: 'Newtown', postcode: '2042' } });
    const other = await account();
    const res = await t.app.inject({ url: `/api/v1/users/${a.id}`, headers: other.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: a.id, displayName: 'Sam Lee', suburb: 'Newtown', auState: 'NSW', rating: null, swapsCompleted: 0 });
    const text = JSON.stringify(body);
    for (const secret of ['@example.com', '2042', 'postcode', 'email', 'banned', 'role', 'lat']) expect(text).not.toContain(secret);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await t.app.inject({ url: '/api/v1/users/nobody' })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/me/welcome-mail', () => {
  it('shows the welcome mail in the person’s language', async () => {
    const a = await account();
    await patch(a.headers, { language: 'pt-PT', displayName: 'Rita Sousa' });
    const res = await t.app.inject({ url: '/api/v1/me/welcome-mail', headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().subject).toBe('Bem-vindo à SwapU');
    expect(res.json().html).toContain('Rita Sousa');
    expect((await t.app.inject({ url: '/api/v1/me/welcome-mail' })).statusCode).toBe(401);
  });
});
