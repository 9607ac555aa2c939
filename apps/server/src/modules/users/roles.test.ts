import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { grantAdmin } from './roles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('grantAdmin', () => {
  it('grants the admin role by email, case-insensitively, and reports unknown emails', async () => {
    const u = await createUser(t.db, { email: 'Helper@Example.com' });
    expect(await grantAdmin(t.db, 'helper@example.com')).toBe(true);
    expect((await t.db.select().from(users).where(eq(users.id, u.id)))[0]!.role).toBe('admin');
    expect(await grantAdmin(t.db, 'nobody@example.com')).toBe(false);
  });
});
