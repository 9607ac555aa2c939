// Prints the gzipped size of the JavaScript and CSS a browser needs to show the home route: the
// entry chunk, the home page chunk and everything they import statically, and their stylesheets.
// Over either budget (150 KB of JavaScript, 30 KB of CSS) the build fails, and with it `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const JS_BUDGET_KB = 150;
const CSS_BUDGET_KB = 30;

function collect(key, seen) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return;
  seen.add(key);
  for (const dep of entry.imports ?? []) collect(dep, seen);
}
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

const routes = {
  home: 'src/app/routes/home.tsx',
  'view-post': 'src/app/routes/view-post.tsx',
  'all-categories': 'src/app/routes/all-categories.tsx',
};
const rows = [];
for (const [name, key] of Object.entries(routes)) {
  const seen = new Set();
  collect('index.html', seen);
  collect(key, seen);
  const files = [...seen].map((k) => manifest[k].file);
  const bytes = files.reduce((s, f) => s + gz(f), 0);
  const css = [...new Set([...seen].flatMap((k) => manifest[k].css ?? []))];
  const cssBytes = css.reduce((s, f) => s + gz(f), 0);
  rows.push({ route: name, chunks: files.length, gzipKB: +(bytes / 1024).toFixed(1), cssGzipKB: +(cssBytes / 1024).toFixed(1) });
}
console.table(rows);
const home = rows[0].gzipKB;
const homeCss = rows[0].cssGzipKB;
console.log(`home route initial JS (gzip): ${home} KB (budget ${JS_BUDGET_KB} KB)`);
console.log(`home route initial CSS (gzip): ${homeCss} KB (budget ${CSS_BUDGET_KB} KB)`);
if (home > JS_BUDGET_KB || homeCss > CSS_BUDGET_KB) {
  console.error(`home route initial ${home > JS_BUDGET_KB ? 'JavaScript' : 'CSS'} is over budget`);
  process.exit(1);
}
