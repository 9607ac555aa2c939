import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureReferenceData } from '../db/reference-data';
import { isEmpty, seedDemo } from '../db/seed/demo';
import { localStorage } from '../lib/storage';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await ensureReferenceData(database.db);
if (!(await isEmpty(database.db))) {
  console.error('The database already has users: the demo seed only goes into an empty database.');
  await database.close();
  process.exit(1);
}
const result = await seedDemo(database.db, localStorage(config.uploadsDir), new Date(), console.log);
await database.close();
console.log(`seeded ${JSON.stringify(result)}`);
