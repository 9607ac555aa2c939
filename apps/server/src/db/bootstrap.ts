import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from './client';
import { openDatabase } from './client';
import { ensureReferenceData } from './reference-data';
import { isLocalOnly, refuseDemoAccountsInPublic, UnsafeDeploymentError } from '../lib/deployment';
import { users } from './schema/index';

/** Opens the configured database, migrates it, loads reference data and (when empty) the demo. */
export async function bootstrapDatabase(config: Config, log: (m: string) => void = () => {}): Promise<Database> {
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
      const [{ seedDemo }, { localStorage }] = await Promise.all([import('./seed/demo'), import('../lib/storage')]);
      await seedDemo(database.db, localStorage(config.uploadsDir), new Date(), log);
    }
  }
  return database;
}
