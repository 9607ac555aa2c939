import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { appSettings } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { checkDeployment, DEMO_MARKER, hasDemoAccounts, isLoopbackHost, isLoopbackUrl, refuseDemoAccountsInPublic } from './deployment';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-deploy-'));
const env = (vars: Record<string, string>) => ({ DATA_DIR: tmp(), LOG_LEVEL: 'silent', ...vars });

describe('what counts as local', () => {
  it('knows loopback hosts and URLs from the rest', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', 'app.localhost']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'swapu.au', '128.0.0.1']) expect(isLoopbackHost(h), h).toBe(false);
    expect(isLoopbackUrl('http://localhost:3000')).toBe(true);
    expect(isLoopbackUrl('http://127.0.0.1:3100')).toBe(true);
    expect(isLoopbackUrl('https://swapu.au')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });
});

describe('configuration defaults', () => {
  it('listens on loopback and seeds the demo only on a developer’s own machine with the embedded database', () => {
    const bare = loadConfig(env({}));
    expect(bare.host).toBe('127.0.0.1');
    expect(bare.seedDemo).toBe(true);
    const deployed = loadConfig(env({ PUBLIC_URL: 'https://swapu.au' }));
    expect(deployed.host).toBe('0.0.0.0');
    expect(deployed.seedDemo).toBe(false);
    const onPostgres = loadConfig(env({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }));
    expect(onPostgres.seedDemo).toBe(false);
    expect(loadConfig(env({ DATABASE_URL: 'postgres://x@127.0.0.1/db', SEED_DEMO: 'true' })).seedDemo).toBe(true);
    expect(loadConfig(env({ HOST: '0.0.0.0' })).seedDemo).toBe(false);
    expect(loadConfig(env({ SEED_DEMO: 'false' })).seedDemo).toBe(false);
  });

  it('turns developer pages on in development and test only, and reads TRUST_PROXY as hops or addresses', () => {
    expect(loadConfig(env({})).devPages).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'development' })).devPages).toBe(true);
    expect(loadConfig(env({ NODE_ENV: 'development', DEV_PAGES: 'false' })).devPages).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: 'true' })).trustProxy).toBe(1);
    expect(loadConfig(env({ TRUST_PROXY: '2' })).trustProxy).toBe(2);
    expect(loadConfig(env({ TRUST_PROXY: 'false' })).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' })).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });
});

describe('test hooks and developer pages', () => {
  const base = { host: '127.0.0.1', publicUrl: 'http://localhost:3000', testHooks: false, devPages: false } as const;

  it('refuses to start with them in production or beyond loopback', () => {
    expect(() => checkDeployment({ ...base, env: 'production', testHooks: true })).toThrow(/never served in production/);
    expect(() => checkDeployment({ ...base, env: 'production', devPages: true })).toThrow(/never served in production/);
    expect(() => checkDeployment({ ...base, env: 'test', testHooks: true, host: '0.0.0.0' })).toThrow(/loopback-only/);
    expect(() => checkDeployment({ ...base, env: 'development', devPages: true, publicUrl: 'https://swapu.au' })).toThrow(/loopback-only/);
  });

  it('says so loudly when they are on, on a loopback development server', () => {
    expect(checkDeployment({ ...base, env: 'production' })).toEqual([]);
    const warnings = checkDeployment({ ...base, env: 'test', testHooks: true, devPages: true });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/\/api\/test hooks are ON/);
  });

  it('are refused by the app itself: a production server with SWAPU_TEST_HOOKS does not build', async () => {
    await expect(createTestApp({ config: { env: 'production', testHooks: true, devPages: false } })).rejects.toThrow(
      /never served in production/,
    );
  });
});

describe('the demo marketplace on a public server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const publicServer = { host: '0.0.0.0', publicUrl: 'https://swapu.au' };

  it('is refused when the database carries the demo marker or the demo accounts', async () => {
    await expect(refuseDemoAccountsInPublic(t.db, publicServer)).resolves.toBeUndefined();
    expect(await hasDemoAccounts(t.db)).toBe(false);
    await createUser(t.db, { email: 'admin@swapu.au', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', role: 'admin' });
    expect(await hasDemoAccounts(t.db)).toBe(true);
    await expect(refuseDemoAccountsInPublic(t.db, publicServer)).rejects.toThrow(/demo marketplace/);
    // The same database on the developer's own machine is fine.
    await expect(refuseDemoAccountsInPublic(t.db, { host: '127.0.0.1', publicUrl: 'http://localhost:3000' })).resolves.toBeUndefined();
  });

  it('is recognised by its marker even when the demo accounts were renamed', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.db.insert(appSettings).values({ key: DEMO_MARKER, value: 'seeded', updatedAt: new Date() });
      await expect(refuseDemoAccountsInPublic(fresh.db, publicServer)).rejects.toThrow(/demo marketplace/);
    } finally {
      await fresh.close();
    }
  });
});
