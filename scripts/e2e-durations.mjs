// node scripts/e2e-durations.mjs [--write]: the seconds each journey spec took in the last
// `npm test` (its per-server JSON reports, test-results/e2e-*.json), beside what e2e/durations.json
// records for splitting the specs between the two servers. --write puts the measured figures in
// e2e/durations.json (specs that did not run keep theirs). `npm test` prints the stale ones.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const DURATIONS_FILE = path.join(root, 'e2e/durations.json');
export const reportFile = (i) => path.join(root, `test-results/e2e-${i}.json`);

/** Seconds per spec file in Playwright JSON reports: every try of every test, in every project. */
export function measuredDurations(files) {
  const secs = new Map();
  const walk = (suite, file) => {
    const spec = path.basename(suite.file ?? file ?? '');
    for (const s of suite.specs ?? [])
      for (const t of s.tests ?? []) for (const r of t.results ?? []) secs.set(spec, (secs.get(spec) ?? 0) + (r.duration ?? 0) / 1000);
    for (const child of suite.suites ?? []) walk(child, spec);
  };
  for (const f of files.filter((f) => fs.existsSync(f))) {
    for (const suite of JSON.parse(fs.readFileSync(f, 'utf8')).suites ?? []) walk(suite);
  }
  return new Map([...secs].map(([spec, s]) => [spec, Math.round(s)]));
}

/**
 * The specs whose recorded figure is off: missing, or apart from the measured one by more than a
 * third and 10 s (a split only needs them roughly right).
 */
export function staleSpecs(recorded, measured) {
  return [...measured]
    .filter(([spec, secs]) => {
      const was = recorded.specs[spec];
      return was === undefined || (Math.abs(secs - was) > 10 && Math.abs(secs - was) > was / 3);
    })
    .map(([spec, secs]) => ({ spec, was: recorded.specs[spec] ?? null, now: secs }));
}

/** e2e/durations.json with the measured figures in, largest first. */
export function withMeasured(recorded, measured) {
  const specs = { ...recorded.specs, ...Object.fromEntries(measured) };
  return { ...recorded, specs: Object.fromEntries(Object.entries(specs).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reports = fs.existsSync(path.join(root, 'test-results'))
    ? fs
        .readdirSync(path.join(root, 'test-results'))
        .filter((f) => /^e2e-\d+\.json$/.test(f))
        .map((f) => path.join(root, 'test-results', f))
    : [];
  const measured = measuredDurations(reports);
  if (!measured.size) {
    console.error('No journey reports in test-results/ (e2e-N.json): run npm test first.');
    process.exit(1);
  }
  const recorded = JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8'));
  console.table([...measured].map(([spec, now]) => ({ spec, recorded: recorded.specs[spec] ?? null, measured: now })));
  if (process.argv.includes('--write')) {
    fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(withMeasured(recorded, measured), null, 2)}\n`);
    console.log(`wrote ${path.relative(root, DURATIONS_FILE)}`);
  }
}
