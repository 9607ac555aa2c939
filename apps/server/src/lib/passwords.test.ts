import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { users } from '../db/schema/index';
import { signUpMember } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { hashPassword, needsRehash } from './passwords';

const env = (vars: Record<string, string>) => ({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-pw-')),
  LOG_LEVEL: 'silent',
  ...vars,
});
const costOf = (hash: string) => hash.split('$')[3];

describe('password hashes', () => {
  it('are argon2id at 19 MiB and two passes by default, and at 1 MiB and one pass when fast; both check alike', async () => {
    const standard = await hashPassword('correct horse');
    const fast = await hashPassword('correct horse', 'fast');
    expect(standard).toMatch(/^\$argon2id\$v=19\$/);
    expect(costOf(standard)).toBe('m=19456,t=2,p=1');
    expect(costOf(await hashPassword('correct horse', 'standard'))).toBe('m=19456,t=2,p=1');
    expect(fast).toMatch(/^\$argon2id\$v=19\$/);
    expect(costOf(fast)).toBe('m=1024,t=1,p=1');
    for (const h of [standard, fast]) {
      expect(await verify(h, 'correct horse')).toBe(true);
      expect(await verify(h, 'correct horsE')).toBe(false);
    }
    expect([needsRehash(standard), needsRehash(fast), needsRehash(fast, 'fast'), needsRehash(standard, 'fast')]).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('are standard unless PASSWORD_HASHING says fast, and nothing else is accepted', () => {
    expect(loadConfig(env({})).passwordHashing).toBe('standard');
    expect(loadConfig(env({ NODE_ENV: 'production' })).passwordHashing).toBe('standard');
    expect(loadConfig(env({ NODE_ENV: 'test', PASSWORD_HASHING: 'fast' })).passwordHashing).toBe('fast');
    expect(() => loadConfig(env({ PASSWORD_HASHING: 'none' }))).toThrow(/PASSWORD_HASHING/);
  });
});

describe('a member signing up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gets the configured cost, and a production server refuses to build with fast hashes', async () => {
    expect(t.config.passwordHashing).toBe('fast');
    const member = await signUpMember(t.app, { password: 'secret12' });
    const [row] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, member.id));
    expect(costOf(row!.passwordHash!)).toBe('m=1024,t=1,p=1');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: { email: member.email, password: 'secret12', returnSecureToken: true },
    });
    expect(signIn.statusCode).toBe(200);
    await expect(createTestApp({ config: { env: 'production', devPages: false, passwordHashing: 'fast' } })).rejects.toThrow(
      /fast password hashes \(PASSWORD_HASHING=fast\) are never served in production/,
    );
  });
});

describe('a standard server serving a database a fast one wrote', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { passwordHashing: 'standard' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('hashes a member’s password again at the standard cost when they sign in, and only then', async () => {
    const member = await signUpMember(t.app, { password: 'secret12' });
    const stored = async () =>
      (await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, member.id)))[0]!.passwordHash!;
    expect(costOf(await stored())).toBe('m=19456,t=2,p=1');
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('secret12', 'fast') })
      .where(eq(users.id, member.id));
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signInWithPassword',
        payload: { email: member.email, password, returnSecureToken: true },
      });
    expect((await signIn('wrong-password')).statusCode).toBe(400);
    expect(costOf(await stored())).toBe('m=1024,t=1,p=1');
    expect((await signIn('secret12')).statusCode).toBe(200);
    const upgraded = await stored();
    expect(costOf(upgraded)).toBe('m=19456,t=2,p=1');
    expect(await verify(upgraded, 'secret12')).toBe(true);
    expect((await signIn('secret12')).statusCode).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});
