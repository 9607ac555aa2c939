import fs from 'node:fs';
import type { MemoryFS } from '@electric-sql/pglite';

/**
 * Every PGlite test file opens its database from the migrated snapshot the global setup makes
 * (`dumpSnapshot` below: a tar of the data directory, 1,400 entries, 48 MB). Handed to
 * PGlite as `loadDataDir`, each open copied the whole tar out of its blob, parsed it with PGlite's
 * JavaScript tar reader and looked up every parent directory of every file again: about 450 ms of
 * CPU an open, some 40 CPU-seconds of a PGlite run (decision 0047, 2026-12-05, evening). Here the
 * tar is read and parsed once per worker, and each open writes the files straight into the new
 * instance's in-memory file system before PGlite looks for a database (180-200 ms an open). PGlite
 * then finds one and starts it, exactly as it does after loading a tarball.
 */

/** Where PGlite keeps its data directory in its own file system (PGDATA in PGlite's initdb.ts). */
const PGDATA = '/pglite/data';

interface Entry {
  path: string;
  dir: boolean;
  data: Uint8Array;
  /** Seconds since the epoch, as the tar keeps it. */
  mtime: number;
}

/** Reads a ustar archive (what PGlite's dumpDataDir writes): directories and regular files only. */
export function readTar(buf: Uint8Array): Entry[] {
  const decoder = new TextDecoder();
  const text = (at: number, length: number) => {
    let end = at;
    while (end < at + length && buf[end] !== 0) end++;
    return decoder.decode(buf.subarray(at, end));
  };
  const octal = (at: number, length: number) => parseInt(text(at, length).trim() || '0', 8);
  const entries: Entry[] = [];
  let at = 0;
  while (at + 512 <= buf.length && buf[at] !== 0) {
    const name = text(at, 100);
    const prefix = text(at + 345, 155);
    const size = octal(at + 124, 12);
    const type = String.fromCharCode(buf[at + 156]!);
    const mtime = octal(at + 136, 12);
    if (type !== '5' && type !== '0' && type !== '\0') throw new Error(`the snapshot holds an entry of tar type ${type}: ${name}`);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\/+|\/+$/g, '');
    at += 512;
    entries.push({ path, dir: type === '5', data: buf.subarray(at, at + size), mtime });
    at += Math.ceil(size / 512) * 512;
  }
  if (!entries.some((e) => e.path === 'PG_VERSION')) throw new Error('the snapshot is not a PGlite data directory (no PG_VERSION)');
  return entries;
}

/** What `dumpSnapshot` needs of a PGlite instance. */
export interface SnapshotSource {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string): Promise<{ rows: T[] }>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
  Module: { FS: { readdir(path: string): string[]; unlink(path: string): void } };
}

/**
 * The migrated database's data directory as the tar every PGlite test file opens a copy of.
 * Uncompressed: gunzipping it was a quarter of an open's CPU (decision 0047).
 *
 * Checkpointed first: PGlite dumps a running instance, so each copy starts as after a crash and
 * PostgreSQL replays the WAL written since the last checkpoint, which was all of the migrations' and
 * the reference data's, at every open. After a CHECKPOINT there is nothing to replay. The WAL
 * segments after the current one (recycled by the checkpoint for later use, 16 MB each, never read
 * in recovery; PostgreSQL makes a segment it needs and finds missing) are left out of the copy
 * (65 → 48 MB). Together about 270 ms less CPU a test database: an open with the app, a sign-up,
 * the feed and the close took about 800 ms before, 530 after (decision 0047, 2026-12-06, the next
 * session).
 */
export async function dumpSnapshot(pg: SnapshotSource): Promise<Buffer> {
  await pg.exec('CHECKPOINT');
  const { rows } = await pg.query<{ name: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as name');
  const current = rows[0]!.name;
  const wal = `${PGDATA}/pg_wal`;
  for (const f of pg.Module.FS.readdir(wal)) if (/^[0-9A-F]{24}$/.test(f) && f > current) pg.Module.FS.unlink(`${wal}/${f}`);
  return Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
}

const parsed = new Map<string, Entry[]>();

/**
 * A fresh in-memory file system holding the snapshot's data directory, for `openPglite`'s `fs`.
 * The snapshot is read once per process; every instance gets its own copy of each file.
 */
export async function snapshotFs(file: string): Promise<MemoryFS> {
  let entries = parsed.get(file);
  if (!entries) parsed.set(file, (entries = readTar(new Uint8Array(fs.readFileSync(file)))));
  const { MemoryFS } = await import('@electric-sql/pglite');
  const files = entries;
  return new (class SnapshotFS extends MemoryFS {
    override async initialSyncFs() {
      const FS = this.pg!.Module.FS;
      const made = new Set<string>();
      const dir = (path: string) => {
        if (made.has(path)) return;
        FS.mkdirTree(path);
        made.add(path);
      };
      dir(PGDATA);
      for (const e of files) {
        const path = `${PGDATA}/${e.path}`;
        if (e.dir) dir(path);
        else {
          dir(path.slice(0, path.lastIndexOf('/')));
          // Written as a copy (MEMFS copies unless told it may own the array): no instance shares bytes.
          FS.writeFile(path, e.data);
          FS.utime(path, e.mtime * 1000, e.mtime * 1000);
        }
      }
    }
  })();
}
