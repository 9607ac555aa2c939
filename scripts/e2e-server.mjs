// The server the Playwright journeys run against: the built app on a fresh PGlite data directory,
// seeded with the demo marketplace, exactly as `npm start` brings it up on a new machine.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../.e2e-data');
fs.rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;
process.env.LOG_LEVEL ??= 'warn';
process.env.HOST ??= '127.0.0.1';
await import('./start.mjs');
