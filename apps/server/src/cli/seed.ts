import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureReferenceData } from '../db/reference-data';
import { isEmpty, SEED_STEPS, seedDemo } from '../db/seed/demo';
import { progressLine } from '../lib/progress-line';
import { openStorage } from '../lib/open-storage';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await ensureReferenceData(database.db);
if (!(await isEmpty(database.db))) {
  console.error('The database already has users: the demo seed only goes into an empty database.');
  await database.close();
  process.exit(1);
}
const storage = await openStorage(config);
const line = progressLine(process.stdout, 'demo marketplace', SEED_STEPS.length + 1);
const { laterSizes, ...result } = await seedDemo(database.db, storage, new Date(), () => {}, {
  progress: (step, label, done, total) => line.update(step, label, done, total),
});
// No server follows to write the other photo sizes after it is ready: write them now.
await laterSizes({ onProgress: (done, total) => line.update(SEED_STEPS.length + 1, 'more photo sizes', done, total) });
line.end();
storage.close?.();
await database.close();
console.log(`seeded ${JSON.stringify(result)}`);
