// npm run build: generates the documentation area's parts drawn from the project (decision 0032)
// into apps/server/dist/docs — the database diagram (SVG) and tables from the Drizzle schema, and
// the test suites with their counts. The server reads these; a checkout that was not built makes
// them on first request from the same code.
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED, GENERATED_DIR } from '../modules/docs/sources';

fs.mkdirSync(GENERATED_DIR, { recursive: true });
for (const [file, make] of Object.entries(GENERATED)) {
  const body = await make();
  fs.writeFileSync(path.join(GENERATED_DIR, file), body);
  console.log(`[docs] ${path.relative(process.cwd(), path.join(GENERATED_DIR, file))} (${Math.round(body.length / 1024)} KB)`);
}
