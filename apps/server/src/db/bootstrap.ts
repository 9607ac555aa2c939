import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from './client';
import { openDatabase } from './client';
import { ensureReferenceData } from './reference-data';
import { users } from './schema/index';

/** Opens the configured database, migrates it, loads reference data and (when empty) the demo. */
export async function bootstrapDatabase(config: Config, log: (m: string) => void = () => {}): Promise<Database> {
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db);
  if (config.seedDemo) {
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
