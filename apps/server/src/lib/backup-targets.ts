import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BackupError, type DatabaseTarget, PAGE } from './backup-format';
import { isS3Storage, type Storage } from './storage';

/**
 * What a backup reads and a restore writes (decision 0044): PostgreSQL's tools, what a database
 * holds, and the keys of the object store.
 */

// ---------------------------------------------------------------------------------------------
// PostgreSQL's tools

/** Where pg_dump and pg_restore are: PG_BIN, the newest /usr/lib/postgresql/<n>/bin, or PATH. */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  const dirs: string[] = [];
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN);
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // not Debian's layout
  }
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const dir of dirs) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  throw new BackupError(
    `${name} was not found (looked in PG_BIN, /usr/lib/postgresql/<version>/bin and PATH). Install PostgreSQL's client tools, ` +
      `at least as new as the server: on Debian or Ubuntu \`apt-get install postgresql-client\` ` +
      `(or postgresql-client-<major> from the PostgreSQL apt repository), on macOS \`brew install libpq\`; or set PG_BIN.`,
  );
}

/** A libpq connection: the URL without its password (kept out of the process list) and the password for PGPASSWORD. */
export function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-8000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${path.basename(cmd)} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// What a database holds

const MARKETPLACE_TABLES = ['users', 'posts'] as const;

export interface Queryable {
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function queryable(target: DatabaseTarget): Promise<Queryable> {
  if (target.engine === 'pglite')
    return { query: async <T>(text: string) => (await target.pglite.query<T>(text)).rows, close: async () => {} };
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return { query: async <T>(text: string) => (await client.query(text)).rows as T[], close: () => client.end() };
}

/** The application's tables (every schema but the system's), qualified and quoted. */
export async function applicationTables(q: Pick<Queryable, 'query'>): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((r) => r.name);
}

export type DatabaseState =
  | { state: 'empty' }
  /** Migrated (a server started on it once) but without members or listings. */
  | { state: 'fresh'; tables: number }
  | { state: 'in-use'; members: number; listings: number };

export async function databaseState(target: DatabaseTarget): Promise<DatabaseState> {
  const q = await queryable(target);
  try {
    const tables = await applicationTables(q);
    if (!tables.length) return { state: 'empty' };
    const count = async (t: string) =>
      tables.includes(`public.${t}`) ? Number((await q.query<{ n: string }>(`select count(*) as n from public.${t}`))[0]!.n) : 0;
    const [members, listings] = (await Promise.all(MARKETPLACE_TABLES.map(count))) as [number, number];
    return members || listings ? { state: 'in-use', members, listings } : { state: 'fresh', tables: tables.length };
  } finally {
    await q.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The object store

/** Every key in the store, a page at a time: the folder's files (the local adapter's *.tmp aside) or the bucket's objects. */
export async function* storeKeys(storage: Storage, uploadsDir: string): AsyncGenerator<string[]> {
  if (isS3Storage(storage)) {
    for await (const page of storage.list('')) yield page.map((o) => o.key);
    return;
  }
  let page: string[] = [];
  async function* walk(dir: string, prefix: string): AsyncGenerator<string[]> {
    let handle;
    try {
      handle = await fs.opendir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for await (const entry of handle) {
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        page.push(`${prefix}${entry.name}`);
        if (page.length >= PAGE) {
          yield page;
          page = [];
        }
      }
    }
  }
  yield* walk(uploadsDir, '');
  if (page.length) yield page;
}

/** How many objects the store holds, counted up to `upTo` (a refusal needs no more). */
export async function countStore(storage: Storage, uploadsDir: string, upTo = 10 * PAGE): Promise<{ n: number; more: boolean }> {
  let n = 0;
  for await (const page of storeKeys(storage, uploadsDir)) {
    n += page.length;
    if (n >= upTo) return { n, more: true };
  }
  return { n, more: false };
}

export const describeStore = (storage: Storage, uploadsDir: string) =>
  isS3Storage(storage) ? `bucket ${storage.bucket}` : `folder ${uploadsDir}`;
