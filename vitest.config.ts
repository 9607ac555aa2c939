import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The few files that take minutes each (the fuzzing, the authorization matrix, the demo seed). */
const LONG = /\/fuzz\/|\/authorization\.test\.ts$|\/seed\/demo(-marketplace)?\.test\.ts$/;

/**
 * Vitest's order (by the last run's durations, else by file size, larger first) with the long
 * files first: on a clean clone there are no durations, and the fuzzing files are small, so they
 * started last and one worker finished them alone while the other waited.
 */
class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => LONG.test(f.moduleId)), ...sorted.filter((f) => !LONG.test(f.moduleId))];
  }
}

/**
 * Server test files share their worker's modules (`isolate: false`): each file used to import the
 * whole server afresh, most of the 17% of the PGlite stage spent in imports (677 s isolated, 485 s
 * shared, when the web tests shared too). Each file has its own database and app, so nothing else
 * carries over. A file that replaces a module (`vi.mock`, `vi.doMock`) needs a registry of its
 * own, or the replacement leaks into the files after it or comes too late for a module already
 * loaded: those files, found here by their text, run isolated in `server-mocks`.
 */
const MODULE_MOCK = /\bvi\.(?:do)?[mM]ock\(/;
const ROOT = path.dirname(fileURLToPath(import.meta.url));
/** Paths relative to the repository root (as `include` takes them), wherever Vitest was started. */
function filesWithModuleMocks(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f) && MODULE_MOCK.test(fs.readFileSync(path.join(ROOT, dir, f), 'utf8')))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}
const serverMocks = filesWithModuleMocks('apps/server/src');

const serverProject = {
  environment: 'node' as const,
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};
const webProject = {
  environment: 'happy-dom' as const,
  /**
   * The web files run isolated, so each imported React, Mantine, the icons and the rest afresh, as
   * hundreds of files through Node's loader. Pre-bundled once per run by Vite's optimizer (one
   * file a package), the 96 web and shared files took 100 CPU-s against 123 (59 s against 71),
   * from a clean cache (decision 0047, 2026-12-05, evening). Every package the app and its tests
   * import that holds React state belongs here together with React: one left out would load a second
   * React beside the bundled one, and its components fail loudly (hooks outside a renderer).
   */
  deps: {
    optimizer: {
      client: {
        enabled: true,
        include: [
          'react',
          'react/jsx-runtime',
          'react-dom',
          'react-dom/client',
          'react-router',
          '@tanstack/react-query',
          '@mantine/core',
          '@mantine/hooks',
          '@mantine/notifications',
          '@mantine/charts',
          '@mantine/tiptap',
          '@tiptap/react',
          '@tiptap/starter-kit',
          'recharts',
          '@tabler/icons-react',
          '@testing-library/react',
          'marked',
          'driver.js',
        ],
      },
    },
  },
  setupFiles: ['apps/web/src/test/setup.ts'],
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { ...serverProject, name: 'server', include: ['apps/server/src/**/*.test.ts'], exclude: serverMocks, isolate: false } },
      { test: { ...serverProject, name: 'server-mocks', include: serverMocks } },
      // The web tests stay isolated: a file's DOM, localStorage and session store would carry into
      // the next (shared, a guest's test once rendered as the member a previous file signed in).
      // In worker threads rather than child processes: the 96 web and shared files took 145 and
      // 146 CPU-s that way against 156 and 162 (half the system time), 81-82 s against 88-90 s
      // alone (decision 0047, 2026-12-05). The server's files stay in processes: all of them in
      // threads took 961 CPU-s against 867.
      { test: { ...webProject, name: 'web', pool: 'threads', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
