// Writes a release folder's package.json and package-lock.json (scripts/build-release.sh): only the
// packages the built server and the web app's server renderer load at run time, each at the version
// the repository's package-lock.json installed, so `npm ci --omit=dev` in the release installs what
// the tests ran against and nothing else.
//
// Usage: node scripts/release-manifest.mjs RELEASE_DIR
// The packages are: every external import of the server bundle (esbuild's metafile, written by
// build-release.sh) and of apps/web/dist-server, plus the server's and the root's declared
// dependencies (some are loaded through require.resolve, which no bundler sees). It stops, naming
// the package, when one of them is not in the lockfile or two need different versions in one place.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || !fs.existsSync(out)) {
  console.error('usage: node scripts/release-manifest.mjs RELEASE_DIR (built by scripts/build-release.sh)');
  process.exit(2);
}
const fail = (message) => {
  console.error(`[release] ${message}`);
  process.exit(1);
};
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const rootPkg = readJson(path.join(root, 'package.json'));
const serverPkg = readJson(path.join(root, 'apps/server/package.json'));
const lock = readJson(path.join(root, 'package-lock.json'));

/** `@scope/name/sub/path` or `name/sub` → the package's name; node: built-ins → null. */
const packageOf = (spec) => {
  if (spec.startsWith('node:') || spec.startsWith('.') || spec.startsWith('/')) return null;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name;
};
const builtins = new Set((await import('node:module')).builtinModules);

const wanted = new Set([...Object.keys(serverPkg.dependencies ?? {}), ...Object.keys(rootPkg.dependencies ?? {})]);
// The server bundle's external imports.
const meta = readJson(path.join(out, 'apps/server/dist/meta.json'));
for (const output of Object.values(meta.outputs)) for (const imp of output.imports ?? []) if (imp.external) wanted.add(packageOf(imp.path));
// The server renderer's (Vite keeps node_modules packages external in an SSR build).
const ssrDir = path.join(out, 'apps/web/dist-server');
for (const file of fs.readdirSync(ssrDir, { recursive: true })) {
  if (!/\.m?js$/.test(file)) continue;
  const text = fs.readFileSync(path.join(ssrDir, file), 'utf8');
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"'./][^"']*)["']/g))
    // Only what reads as a module name (the minified code also has strings like 'from ":"').
    if (/^(@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*(\/[\w.~/-]*)?$/i.test(m[1])) wanted.add(packageOf(m[1]));
}
for (const name of [...wanted]) if (!name || builtins.has(name) || name.startsWith('@swapu/')) wanted.delete(name);

// The lockfile's entries each package's dependencies resolve to, found as Node finds them: in the
// dependent's own node_modules, then its parents', up to the root's. The workspaces' own entries
// (apps/server/node_modules/x) serve the workspace's dependencies; in the release, whose root is
// the server, they move to the root.
const entries = lock.packages;
function resolveFrom(dir, name) {
  for (let d = dir; ; d = parentOf(d)) {
    const key = d ? `${d}/node_modules/${name}` : `node_modules/${name}`;
    if (entries[key] && !entries[key].link) return key;
    if (!d) return null;
  }
}
/** node_modules/a/node_modules/b → node_modules/a; node_modules/a and apps/server → the root (''). */
function parentOf(d) {
  const i = d.lastIndexOf('/node_modules/');
  return i >= 0 ? d.slice(0, i) : '';
}
const kept = new Map(); // lock key → entry
const rootDeps = {};
function visit(key) {
  if (kept.has(key)) return;
  const entry = entries[key];
  kept.set(key, entry);
  const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
  for (const name of Object.keys(deps)) {
    const found = resolveFrom(key, name);
    if (!found) {
      const isOptional = name in (entry.optionalDependencies ?? {}) || entry.peerDependenciesMeta?.[name]?.optional;
      if (isOptional) continue;
      fail(`${key} needs ${name}, which package-lock.json does not have`);
    }
    visit(found);
  }
}
for (const name of [...wanted].sort()) {
  // The server's own copy first (apps/server/node_modules), then the hoisted one.
  const key = resolveFrom('apps/server', name) ?? resolveFrom('apps/web', name);
  if (!key)
    fail(`${name} is loaded at run time but package-lock.json does not have it: add it to apps/server/package.json and npm install`);
  rootDeps[name] = entries[key].version;
  visit(key);
}
// Moves apps/<workspace>/node_modules/x to node_modules/x; two different entries for one place stop the build.
const packages = {};
for (const [key, entry] of kept) {
  const at = key.replace(/^(apps|packages)\/[^/]+\//, '');
  const { dev: _dev, devOptional, ...rest } = entry;
  const placed = { ...rest, ...(devOptional ? { optional: true } : {}) };
  if (packages[at] && packages[at].version !== placed.version)
    fail(`${at} is needed at ${packages[at].version} and ${placed.version}: the release's flat node_modules cannot hold both`);
  packages[at] = placed;
}

const manifest = {
  name: 'swapu',
  version: rootPkg.version,
  private: true,
  type: 'module',
  description: 'SwapU release: run with `node apps/server/dist/main.mjs` (npm start). Built by scripts/build-release.sh.',
  engines: rootPkg.engines,
  scripts: { start: 'node apps/server/dist/main.mjs' },
  dependencies: Object.fromEntries(Object.entries(rootDeps).sort(([a], [b]) => a.localeCompare(b))),
};
const sortedPackages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b)));
const releaseLock = {
  name: manifest.name,
  version: manifest.version,
  lockfileVersion: lock.lockfileVersion,
  requires: true,
  packages: {
    '': { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies, engines: manifest.engines },
    ...sortedPackages,
  },
};
fs.writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
fs.writeFileSync(path.join(out, 'package-lock.json'), `${JSON.stringify(releaseLock, null, 2)}\n`);
console.log(
  `[release] package.json: ${Object.keys(rootDeps).length} dependencies, ${Object.keys(packages).length} packages locked (of ${Object.keys(entries).length - 1} in the repository's lock)`,
);
