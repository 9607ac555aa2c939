// The production server as its own process, for the benches that measure it from outside
// (bench:memory, bench:soak): started as `npm start` starts it (node scripts/start.mjs), its
// resident memory read from the kernel, and the demo marketplace with signed-in members and chat
// pairs prepared in its database before it starts.
import { randomUUID } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import type { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { roomReads, rooms, users } from '../apps/server/src/db/schema/index';
import { localStorage } from '../apps/server/src/lib/storage';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { ROOT, freePort, onCleanup, sleep } from './lib';

/** The server's resident memory, from the kernel (no request to the server). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb[1]) * 1024;
}

const children = new Set<ChildProcess>();
onCleanup(async () => {
  for (const child of children) await stopServer(child);
});

export async function stopServer(child: ChildProcess) {
  children.delete(child); // an exit from here on is ours, not a crash to report
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Starts the production server as `npm start` does (env on top of ours) and waits for /api/ready. */
export async function startServer(env: Record<string, string>, nodeOptions?: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'SEED_DEMO', 'WEB_DIST', 'PUBLIC_URL', 'SWAPU_REBUILD', 'NODE_OPTIONS', 'SEED_PICTURE_CACHE'])
    delete childEnv[k];
  Object.assign(childEnv, env, { PORT: String(port), LOG_LEVEL: 'warn' });
  if (nodeOptions) childEnv.NODE_OPTIONS = nodeOptions;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before ready:\n${output}`);
    if (performance.now() - t0 > 600_000) throw new Error(`server not ready after 10 minutes:\n${output}`);
    const ok = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  child.once('exit', (code, signal) => {
    if (children.has(child)) console.error(`server exited (${code ?? signal}) during the bench:\n${output}`);
  });
  return { child, base };
}

export interface Prepared {
  /** Access tokens of demo members (not banned, not deleted). */
  tokens: string[];
  /** Chat members in pairs, each pair with a room. */
  chat: Array<{ userId: string; token: string; roomId: string }>;
}

export interface PrepareOptions {
  members: number;
  chatClients: number;
  renderImages: boolean;
  pictureCache: string;
  /** Prefix of the chat members' email addresses. */
  label: string;
}

/** The demo marketplace, then chat members in pairs with a room each (as bench:chat makes them). */
export async function prepare(database: Database, config: ReturnType<typeof loadConfig>, o: PrepareOptions): Promise<Prepared> {
  await database.migrate();
  await ensureReferenceData(database.db);
  const seeded = await seedDemo(database.db, localStorage(config.uploadsDir), new Date(), () => {}, {
    renderImages: o.renderImages,
    pictureCache: o.pictureCache,
  });
  await seeded.laterSizes();
  const now = new Date();
  const members = await database.db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.banned, false), isNull(users.deletedAt)))
    .orderBy(users.id)
    .limit(o.members);
  const tokens = await Promise.all(members.map((m) => signAccessToken(config.jwtSecret, m.id, now, m.tokenVersion)));
  const ids = Array.from({ length: o.chatClients }, () => randomUUID());
  await database.db.insert(users).values(
    ids.map((id, i) => ({
      id,
      email: `${o.label}-${i}@example.com`,
      displayName: `Bench ${i}`,
      createdAt: now,
      termsAcceptedAt: now,
      privacyAcceptedAt: now,
    })),
  );
  const chat: Prepared['chat'] = [];
  const roomRows = [];
  const readRows = [];
  for (let i = 0; i < o.chatClients; i += 2) {
    const [a, b] = [ids[i]!, ids[i + 1]!].sort() as [string, string];
    const roomId = randomUUID();
    roomRows.push({ id: roomId, userA: a, userB: b, createdAt: now });
    readRows.push({ roomId, userId: a }, { roomId, userId: b });
    for (const u of [ids[i]!, ids[i + 1]!]) chat.push({ userId: u, token: await signAccessToken(config.jwtSecret, u, now), roomId });
  }
  await database.db.insert(rooms).values(roomRows);
  await database.db.insert(roomReads).values(readRows);
  return { tokens, chat };
}
