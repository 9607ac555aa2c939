// Bundles the server's TypeScript (and the shared package) into apps/server/dist/main.mjs (and
// the chain engine's thread into chain-engine.mjs, the moderation model's into moderation.mjs), so
// production starts on plain Node without a TypeScript loader. npm packages stay external.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/**
 * `outdir`: apps/server/dist, or a folder of its own (the cluster test's, within four levels of apps/server: src/paths.ts).
 * `metafile`: also write esbuild's meta.json there (the release's list of packages: scripts/release-manifest.mjs).
 */
export async function buildServer(outdir = path.join(root, 'apps/server/dist'), { metafile = false } = {}) {
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
    metafile,
    logLevel: 'warning',
    // The version /api/health reports (apps/server/src/version.ts), baked in so a release folder
    // needs no package.json of the repository's.
    define: { __SWAPU_VERSION__: JSON.stringify(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version) },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          // Bare imports are npm packages, loaded from node_modules at run time; our workspace
          // packages are TypeScript and get bundled.
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@swapu/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  if (metafile) fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
