// The server the Playwright journeys run against: the built app on a fresh PGlite data directory,
// seeded with the demo marketplace, exactly as `npm start` brings it up on a new machine. With
// E2E_DATABASE_URL (an admin connection, as TEST_DATABASE_URL; `npm test` sets it when it has one)
// the server runs on a fresh PostgreSQL database instead, created here and named after its port:
// the same journeys, a third of the server's CPU (docs/decisions/0047-ci-time.md).
// Google sign-in is on, with oauth2-mock-server (127.0.0.1 only) standing in for Google.
import fs from 'node:fs';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';

// E2E_DATA_DIR lets two runs share a checkout (each with its own PORT and E2E_OAUTH_PORT).
const dir = path.resolve(import.meta.dirname, '..', process.env.E2E_DATA_DIR ?? '.e2e-data');
fs.rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;
if (process.env.E2E_DATABASE_URL) {
  const { default: pg } = await import('pg');
  const name = `swapu_e2e_${Number(process.env.PORT ?? 3000)}`;
  const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  // Thrown away after the run, as the integration tests' databases: commits need not wait for the disk.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // The demo marketplace is seeded by default on the embedded database only: the journeys want it.
  process.env.SEED_DEMO = 'true';
}
process.env.LOG_LEVEL ??= 'warn';
// The journeys expire an offer through /api/test (see SWAPU_TEST_HOOKS in the README).
process.env.SWAPU_TEST_HOOKS ??= '1';
// Test hooks and the developer mail viewer exist only on a loopback development/test server.
process.env.NODE_ENV ??= 'test';
process.env.HOST ??= '127.0.0.1';
// The journeys sign up several hundred members: their passwords are hashed at a test's cost
// (argon2id at 1 MiB and one pass; lib/passwords.ts), which only a loopback test server may use.
process.env.PASSWORD_HASHING ??= 'fast';
// The journeys create several hundred accounts from one address within the hour (the default
// allows 100 new accounts per IP and hour, which the phone journeys used to run into).
process.env.SIGNUP_LIMIT_PER_HOUR ??= '2000';
// The courier simulator moves a booked parcel one step every 3 s, so a journey watches it arrive.
process.env.DELIVERY_SIM_STEP_SECONDS ??= '3';
// CI runs both journey halves beside the PostgreSQL suite and the benches: a server render can
// pass the public 2 s budget there, and the journeys that check rendered pages would then see the
// (correct) unrendered fallback. The budget itself is covered by the server's tests.
process.env.RENDER_BUDGET_MS ??= '15000';
// The browser talks to 127.0.0.1: the provider must send it back there (same cookie jar).
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// The mock approves every authorization at once; the person it signs in is always this one.
const GOOGLE_PERSON = { sub: 'e2e-google-person', email: 'google.person@example.com', email_verified: true, name: 'Gus Google' };
const MOCK_PORT = Number(process.env.E2E_OAUTH_PORT ?? 3199);
const google = new OAuth2Server();
await google.issuer.keys.generate('RS256');
google.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, GOOGLE_PERSON));
await google.start(MOCK_PORT, '127.0.0.1');
process.env.GOOGLE_ISSUER = google.issuer.url;
process.env.GOOGLE_CLIENT_ID = 'swapu-e2e';
process.env.GOOGLE_CLIENT_SECRET = 'swapu-e2e-secret';

await import('./start.mjs');
