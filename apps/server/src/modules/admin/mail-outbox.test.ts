import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { welcomeMail } from '../mail/templates';
import { enqueueMail } from '../mail/mail.service';

/** The console's mail outbox (/admin/mail): search by part of an address, page by page. */
let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  const mail = welcomeMail('en-US', { name: 'Kim', url: 'http://x/onboarding' });
  for (const to of ['kim.lee@example.com', 'kim_lee@example.org', 'kimberly@example.net', 'sam@example.com'])
    await enqueueMail(t.db, to, 'welcome', mail, t.clock.now());
});
afterAll(async () => {
  await t.close();
});

const search = async (to: string, page = 1, pageSize = 20) => {
  const res = await t.app.inject({
    url: `/api/v1/admin/mail?to=${encodeURIComponent(to)}&page=${page}&pageSize=${pageSize}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { to: string }[]; total: number };
};

describe('admin mail outbox search', () => {
  it('finds the addresses containing the words typed, in any case', async () => {
    expect((await search('KIM')).items.map((m) => m.to).sort()).toEqual([
      'kim.lee@example.com',
      'kim_lee@example.org',
      'kimberly@example.net',
    ]);
    expect((await search('LEE@example')).total).toBe(2);
    expect((await search('sam@example.com')).items.map((m) => m.to)).toEqual(['sam@example.com']);
  });

  it('takes % and _ literally, not as wildcards', async () => {
    expect((await search('kim_')).items.map((m) => m.to)).toEqual(['kim_lee@example.org']);
    expect((await search('%')).total).toBe(0);
  });

  it('pages the results with the total', async () => {
    const first = await search('kim', 1, 2);
    const second = await search('kim', 2, 2);
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((m) => m.to)).size).toBe(3);
  });
});
