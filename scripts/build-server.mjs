// Bundles the server's TypeScript (and the shared package) into apps/server/dist/main.mjs (and
// the chain engine's thread into chain-engine.mjs, the moderation model's into moderation.mjs), so
// production starts on plain Node without a TypeScript loader. npm packages stay external, but for
// drizzle-orm (BUNDLED, below).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/**
 * A test's edit of one source file in its own bundle, never in apps/server/dist: `from`, which must
 * occur in `file` (relative to the repository) exactly once, becomes `to`. The cluster test's
 * `--without` takes a mechanism that is code (the hub's LISTEN, the shared rate-limit rows, the
 * chain finder's lock) out this way (tests/cluster/without.ts). A `from` that is no longer there
 * stops the build, so a removal never silently removes nothing.
 */
function patching(patches) {
  return {
    name: 'test-patches',
    setup(b) {
      for (const p of patches) {
        const file = path.join(root, p.file);
        const filter = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        b.onLoad({ filter }, () => {
          const source = fs.readFileSync(file, 'utf8');
          const at = source.indexOf(p.from);
          if (at < 0 || source.indexOf(p.from, at + 1) >= 0)
            throw new Error(`${p.file}: the text to replace is not there exactly once (${JSON.stringify(p.from)}): update the patch`);
          return { contents: source.replace(p.from, () => p.to), loader: 'ts' };
        });
      }
    },
  };
}

/**
 * npm packages bundled into the server rather than loaded from node_modules. drizzle-orm: its
 * package.json is 179 KB (an `exports` entry for each of its files), and Node reads the package
 * of every ES module it loads: for the 200-odd files of drizzle-orm the server loads, that was
 * 0.3 s of CPU a start, a tenth of it (decision 0047, 2026-12-05, evening). Bundled, it is parsed
 * once with the rest of main.mjs. Pure JavaScript with no files of its own read at run time.
 */
const BUNDLED = /^drizzle-orm(\/|$)/;

/**
 * `outdir`: apps/server/dist, or a folder of its own (the cluster test's, within four levels of apps/server: src/paths.ts).
 * `metafile`: also write esbuild's meta.json there (the release's list of packages: scripts/release-manifest.mjs).
 * `patches`: a test's edits of the sources in this bundle only (patching, above).
 * @param {string} [outdir]
 * @param {{ metafile?: boolean, patches?: { file: string, from: string, to: string }[] }} [options]
 */
export async function buildServer(outdir = path.join(root, 'apps/server/dist'), { metafile = false, patches = [] } = {}) {
  const result = await build({
    // The server, and the swap-chain engine's worker thread (modules/chains/engine-runner.ts loads
    // it from beside main.mjs).
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      'chain-engine': path.join(root, 'apps/server/src/modules/chains/engine/thread.ts'),
      // The photo moderation model's thread (lib/moderation.ts, threadModerator; decision 0048).
      moderation: path.join(root, 'apps/server/src/lib/moderation-thread.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // The version /api/health reports (apps/server/src/version.ts), baked in so a release folder
    // needs no package.json of the repository's.
    define: { __SWAPU_VERSION__: JSON.stringify(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version) },
    plugins: [
      ...(patches.length ? [patching(patches)] : []),
      {
        name: 'external-packages',
        setup(b) {
          // Bare imports are npm packages, loaded from node_modules at run time; our workspace
          // packages are TypeScript and get bundled, and so are the packages in BUNDLED.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@swapu/') || BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  if (metafile) fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  const eager = eagerOnDemandImports(result.metafile);
  if (eager.length)
    throw new Error(`the server imports packages at its start that it loads on demand (lib/lazy-module.ts): ${eager.join('; ')}`);
}

/**
 * The imports, by `import` statement, of a package the server loads on demand (the list in
 * apps/server/src/lib/lazy-module.ts): each would load it at every start again (decision 0047).
 */
function eagerOnDemandImports(meta) {
  const source = fs.readFileSync(path.join(root, 'apps/server/src/lib/lazy-module.ts'), 'utf8');
  const list = source.match(/ON_DEMAND_PACKAGES = \[([^\]]*)\]/);
  if (!list) throw new Error('apps/server/src/lib/lazy-module.ts has no ON_DEMAND_PACKAGES list');
  const onDemand = new Set([...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]));
  const packageOf = (spec) =>
    spec
      .split('/')
      .slice(0, spec.startsWith('@') ? 2 : 1)
      .join('/');
  return Object.entries(meta.inputs).flatMap(([file, input]) =>
    input.imports.filter((i) => i.kind === 'import-statement' && onDemand.has(packageOf(i.path))).map((i) => `${file} imports ${i.path}`),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
