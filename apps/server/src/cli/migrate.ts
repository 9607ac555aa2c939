import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureReferenceData } from '../db/reference-data';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await ensureReferenceData(database.db);
await database.close();
console.log(`migrated (${database.kind})`);
