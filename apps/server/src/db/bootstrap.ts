import type { Config } from '../config';
import type { Database } from './client';
import { openDatabase } from './client';
import { ensureReferenceData } from './reference-data';
import { isEmpty, seedDemo } from './seed/demo';
import { localStorage } from '../lib/storage';

/** Opens the configured database, migrates it, loads reference data and (when empty) the demo. */
export async function bootstrapDatabase(config: Config, log: (m: string) => void = () => {}): Promise<Database> {
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db);
  if (config.seedDemo && (await isEmpty(database.db))) {
    log('empty database: seeding the demo marketplace');
    await seedDemo(database.db, localStorage(config.uploadsDir), new Date(), log);
  }
  return database;
}
