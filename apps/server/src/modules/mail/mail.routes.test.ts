import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { signAccessToken } from '../../lib/tokens';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index';
import { enqueueMail, HIDDEN_SECRET, secretRef } from './mail.service';
import { passwordResetMail, welcomeMail } from './templates';

let t: TestApp;
let dev: TestApp;
let adminToken: string;
let userToken: string;
const recipient = `viewer-${Date.now()}@example.com`;

beforeAll(async () => {
  [t, dev] = await Promise.all([createTestApp({ config: { devPages: false } }), createTestApp({ config: { env: 'development' } })]);
  const [admin, user] = await Promise.all([createUser(t.db, { role: 'admin' }), createUser(t.db)]);
  adminToken = await signAccessToken(t.config.jwtSecret, admin.id, t.clock.now());
  userToken = await signAccessToken(t.config.jwtSecret, user.id, t.clock.now());
  // Three mails a minute apart, plus one to someone else.
  for (const [i, name] of ['First', 'Second', 'Third'].entries()) {
    const at = new Date(t.clock.now().getTime() + i * 60_000);
    await enqueueMail(t.db, recipient, 'welcome', welcomeMail('en-US', { name, url: 'http://x/onboarding' }), at);
    await enqueueMail(dev.db, recipient, 'welcome', welcomeMail('en-US', { name, url: 'http://x/onboarding' }), at);
  }
  await enqueueMail(t.db, 'other@example.com', 'welcome', welcomeMail('en-US', { name: 'Other', url: 'u' }), t.clock.now());
});
afterAll(async () => {
  await Promise.all([t?.close(), dev?.close()]);
});

const get = (app: TestApp, url: string, token?: string) =>
  app.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/v1/admin/mail', () => {
  it('refuses guests with 401 and ordinary users with 403', async () => {
    const guest = await get(t, '/api/v1/admin/mail');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe('login_required');
    const user = await get(t, '/api/v1/admin/mail', userToken);
    expect(user.statusCode).toBe(403);
    expect(user.json().error).toEqual({ code: 'permission_denied', message: 'Permission Denied' });
    expect((await get(t, '/api/v1/admin/mail/whatever', userToken)).statusCode).toBe(403);
  });

  it('lists the outbox newest first, page by page, for admins', async () => {
    const first = await get(t, `/api/v1/admin/mail?to=${encodeURIComponent(recipient)}&pageSize=2`, adminToken);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(body.items.map((m: { subject: string }) => m.subject)).toEqual(['Welcome to SwapU', 'Welcome to SwapU']);
    expect(body.items[0]).toMatchObject({ to: recipient, template: 'welcome', status: 'held', attempts: 0, sentAt: null });
    expect(body.items[0]).not.toHaveProperty('html');
    expect(new Date(body.items[0].createdOn) > new Date(body.items[1].createdOn)).toBe(true);

    const second = (await get(t, `/api/v1/admin/mail?to=${encodeURIComponent(recipient)}&pageSize=2&page=2`, adminToken)).json();
    expect(second.items).toHaveLength(1);
    const all = (await get(t, '/api/v1/admin/mail', adminToken)).json();
    expect(all.total).toBeGreaterThanOrEqual(4);
  });

  it('shows one mail with its text and HTML', async () => {
    const [newest] = (await get(t, `/api/v1/admin/mail?to=${encodeURIComponent(recipient)}`, adminToken)).json().items;
    const res = await get(t, `/api/v1/admin/mail/${newest.id}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain('Welcome to SwapU, Third!');
    expect(res.json().text).toContain('Start swapping: http://x/onboarding');
    expect((await get(t, '/api/v1/admin/mail/unknown-id', adminToken)).statusCode).toBe(404);
  });

  it('never shows an admin the secret link of a mail, which the developer viewer of a local server does show', async () => {
    const reset = passwordResetMail('en-US', { name: 'Ana', url: secretRef('reset'), minutes: 60 });
    const values = { reset: 'http://localhost:3000/forgot-password?token=s3cr3t-t0ken' };
    const id = await enqueueMail(t.db, 'ana@example.com', 'password-reset', reset, t.clock.now(), { box: t.app.ctx.secrets, values });
    const devId = await enqueueMail(dev.db, 'ana@example.com', 'password-reset', reset, t.clock.now(), {
      box: dev.app.ctx.secrets,
      values,
    });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    // At rest: neither the bodies nor the sealed column hold the token in clear text.
    expect(JSON.stringify(row)).not.toContain('s3cr3t-t0ken');
    const asAdmin = (await get(t, `/api/v1/admin/mail/${id}`, adminToken)).json();
    expect(asAdmin.text).not.toContain('s3cr3t-t0ken');
    expect(asAdmin.text).toContain(`Choose a new password: ${HIDDEN_SECRET}`);
    expect(asAdmin.html).not.toContain('s3cr3t-t0ken');
    const asDeveloper = (await get(dev, `/api/v1/dev/mail/${devId}`)).json();
    expect(asDeveloper.text).toContain('Choose a new password: http://localhost:3000/forgot-password?token=s3cr3t-t0ken');
  });

  it('refuses a page size over the limit', async () => {
    expect((await get(t, '/api/v1/admin/mail?pageSize=1000', adminToken)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/dev/mail', () => {
  it('lets anyone read the outbox in development', async () => {
    const res = await get(dev, `/api/v1/dev/mail?to=${encodeURIComponent(recipient)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    const detail = await get(dev, `/api/v1/dev/mail/${res.json().items[2].id}`);
    expect(detail.json().html).toContain('Welcome to SwapU, First!');
  });

  it('does not exist when the developer pages are off', async () => {
    expect((await get(t, '/api/v1/dev/mail')).statusCode).toBe(404);
  });
});
