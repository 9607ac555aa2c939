// npm run check:invariants [-- --acked FILE] [--json]
// The marketplace's invariants over the live database (DATABASE_URL, or the embedded one in
// DATA_DIR when no server holds it): one line per invariant with its violations and a few ids;
// exits 1 when any is broken (docs/decisions/0045). --acked: a file of chat message ids a client
// saw acknowledged (JSON array or one per line), each of which must be stored.
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { checkInvariants, formatInvariantReport } from '../modules/admin/invariants';

const args = process.argv.slice(2);
const ackedAt = args.indexOf('--acked');
const unknown = args.filter((a, i) => !['--json', '--acked'].includes(a) && i !== ackedAt + 1);
if (unknown.length || (ackedAt >= 0 && !args[ackedAt + 1])) {
  console.error('usage: npm run check:invariants [-- --acked FILE] [--json]');
  process.exit(2);
}
let ackedMessageIds: string[] | undefined;
if (ackedAt >= 0) {
  const text = fs.readFileSync(args[ackedAt + 1]!, 'utf8').trim();
  ackedMessageIds = text.startsWith('[') ? (JSON.parse(text) as string[]) : text.split(/\s+/).filter(Boolean);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const database = await openDatabase(config);
try {
  const report = await checkInvariants(database.db, new Date(), { ackedMessageIds });
  console.log(args.includes('--json') ? JSON.stringify(report) : formatInvariantReport(report));
  if (!report.ok) process.exitCode = 1;
} finally {
  await database.close();
}
