// npm run admin:grant -- someone@example.com
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { grantAdmin } from '../modules/users/roles';

const email = process.argv[2];
if (!email) {
  console.error('usage: npm run admin:grant -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const ok = await grantAdmin(database.db, email);
await database.close();
if (!ok) {
  console.error(`No account with the email ${email}.`);
  process.exit(1);
}
console.log(`${email} is now an admin.`);
