import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { fakeModerator } from '../test/moderator';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/v1/auth/verify-email?token=eyJhbGciOi.x.y')).toBe('/api/v1/auth/verify-email?token=[redacted]');
    expect(redactUrl('/forgot-password?token=abc&lang=pt')).toBe('/forgot-password?token=[redacted]&lang=pt');
    expect(redactUrl('/identity/v1/oauth/google/callback?state=s&code=c&scope=openid')).toBe(
      '/identity/v1/oauth/google/callback?state=[redacted]&code=[redacted]&scope=openid',
    );
    expect(redactUrl('/search?q=token&category=bikes')).toBe('/search?q=token&category=bikes');
    expect(redactUrl('/x?TOKEN=1&%74oken=2')).toBe('/x?TOKEN=[redacted]&%74oken=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('the request log', () => {
  let database: Database;
  let lines: string[];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    lines = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-log-')),
      SEED_DEMO: 'false',
    });
    app = await buildApp({
      config,
      database,
      moderator: fakeModerator(),
      serveWeb: false,
      logStream: { write: (l) => void lines.push(l) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('never holds a token from a mail link, an authorization header or a session cookie', async () => {
    await app.inject({ url: '/api/v1/auth/verify-email?token=SECRET-VERIFY-123' });
    await app.inject({ url: '/api/v1/email-subscription/unsubscribe?token=SECRET-UNSUB-456' });
    await app.inject({
      url: '/api/v1/me',
      headers: { authorization: 'Bearer SECRET-BEARER-789', cookie: 'swapu_refresh=SECRET-COOKIE-000' },
    });
    await app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      payload: { email: 'log@example.com', password: 'secret1', acceptTerms: true, sessionCookie: true },
    });
    const log = lines.join('');
    expect(log).toContain('/api/v1/auth/verify-email?token=[redacted]');
    for (const secret of ['SECRET-VERIFY-123', 'SECRET-UNSUB-456', 'SECRET-BEARER-789', 'SECRET-COOKIE-000', 'swapu_refresh=']) {
      expect(log).not.toContain(secret);
    }
  });
});
