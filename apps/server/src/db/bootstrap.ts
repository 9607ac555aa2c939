import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from './client';
import { openDatabase } from './client';
import { ensureReferenceData } from './reference-data';
import { isLocalOnly, refuseDemoAccountsInPublic, UnsafeDeploymentError } from '../lib/deployment';
import type { ProgressOut } from '../lib/progress-line';
import { users } from './schema/index';

/** Opens the configured database, migrates it, loads reference data and (when empty) the demo. */
export async function bootstrapDatabase(
  config: Config,
  log: (m: string) => void = () => {},
  opts: { progressOut?: ProgressOut } = {},
): Promise<Database> {
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db);
  // Before anything is served: a public server never carries the demo's published password.
  await refuseDemoAccountsInPublic(database.db, config).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  if (config.seedDemo) {
    if (!isLocalOnly(config)) {
      await database.close();
      throw new UnsafeDeploymentError(
        `SEED_DEMO would put accounts with a published password on a server reachable beyond this machine (HOST=${config.host}, PUBLIC_URL=${config.publicUrl}).`,
      );
    }
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((row?.n ?? 0) === 0) {
      log('empty database: seeding the demo marketplace');
      // Imported only here: the seed's image renderer is not needed on an ordinary start.
      const [{ seedDemo, SEED_STEPS }, { openStorage }, { progressLine }, { writeSizesWhenReady }] = await Promise.all([
        import('./seed/demo'),
        import('../lib/open-storage'),
        import('../lib/progress-line'),
        import('../modules/posts/image-backfill'),
      ]);
      const line = progressLine(opts.progressOut ?? process.stdout, 'demo marketplace', SEED_STEPS.length);
      const seeded = await seedDemo(database.db, await openStorage(config), new Date(), () => {}, {
        progress: (step, label, done, total) => line.update(step, label, done, total),
      }).finally(() => line.end());
      log(`seeded ${seeded.users} members, ${seeded.posts} listings and ${seeded.images} photos`);
      // The photos' other sizes are written once the server is ready (decision 0035).
      writeSizesWhenReady((stop) => seeded.laterSizes({ stop }));
    }
  }
  return database;
}
