import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries (CONTRIBUTING.md): shared imports only zod; the web app never imports the
// server; app → features → components/lib, and a feature never reaches into another feature.
const FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const NO_SERVER = {
  regex: '(^|/)server/src(/|$)|^@swapu/server',
  message: 'The web app never imports the server: share it through packages/shared.',
};
// The server's modules in floors, bottom to top (docs/ARCHITECTURE.md "Layers"): a module imports
// only modules on lower floors, and only through their index.ts. Tests may reach anywhere.
const SERVER_FLOORS = [
  ['analytics', 'blog', 'docs', 'health', 'localities', 'mail', 'members', 'notifications', 'pages', 'reliability', 'tokens'],
  ['assist', 'auth', 'chat', 'newsletter', 'points'],
  ['password', 'payments', 'posts', 'realtime', 'users'],
  ['categories', 'delivery', 'likes', 'search'],
  ['chains', 'swipe'],
  ['goals'],
  ['offers'],
  ['admin', 'testing'],
];
const SERVER_MODULES = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
for (const name of SERVER_MODULES)
  if (!SERVER_FLOORS.flat().includes(name))
    throw new Error(`apps/server/src/modules/${name} has no floor in eslint.config.js (SERVER_FLOORS)`);
const boundaries = [
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict({ regex: '^(?!zod(/|$)|\\.{1,2}/)', message: 'packages/shared imports only zod (and its own files).' }),
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], rules: restrict(NO_SERVER) },
  {
    // The shared modules that define zod schemas stay out of the browser: only their types may be
    // imported there (values live in constants.ts, input-rules.ts, ...). Loading zod would cost
    // ~25 KB and probe eval, which the Content-Security-Policy forbids.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(zod(/|$)|@swapu/shared/(account|analytics|api|chat|listing|mail|money-api|offers|reliability-api|search)$)',
              allowTypeImports: true,
              message:
                'Only types from the schema modules in the web app: take values from constants, input-rules or another zod-free module.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's URLs live in one table (packages/shared/src/endpoints.ts), called through call().
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: 'Name the endpoint in @swapu/shared/endpoints and use call().' },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: 'Name the endpoint in @swapu/shared/endpoints and use call().' },
        {
          selector: "ImportDeclaration[source.value='@mantine/core'] > ImportSpecifier[imported.name='Modal']",
          message: 'Use Dialog from components/dialog: one dialog everywhere, fixed or not (spec section 2).',
        },
      ],
    },
  },
  {
    // The one place Mantine's Modal is used.
    files: ['apps/web/src/components/dialog.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrict(NO_SERVER, {
      regex: '^(\\.\\./)+(features|app)/',
      message: 'components/ and lib/ import no feature and no page: the app composes them.',
    }),
  },
  ...FEATURES.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrict(
      NO_SERVER,
      {
        regex: `^\\.\\./(?!\\.\\.|${name}/)[^/]+/`,
        message: `A feature does not import another feature (${name}): compose them in a page or a layout.`,
      },
      {
        regex: `^(\\.\\./)+features/(?!${name}/)`,
        message: `A feature does not import another feature (${name}): compose them in a page or a layout.`,
      },
      { regex: '^(\\.\\./)+app/', message: 'A feature does not import pages or layouts: they import it.' },
    ),
  })),
  {
    files: ['apps/server/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict({ regex: '^\\.\\./modules/', message: 'lib/ holds no domain rules and imports no module.' }),
  },
  {
    // Routes implement the endpoint tables (lib/route.ts, decision 0049): a module registers a route
    // with route(app, <table>.<row>, …), never app.get/post/… with a path of its own. The realtime
    // socket is the one exception (a WebSocket handler, registered with its row's pattern).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/modules/realtime/realtime.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|head|options|all|route)$/]",
          message: 'Register a route with route(app, <table>.<row>, …) (lib/route.ts): its method and path come from an endpoint table.',
        },
      ],
    },
  },
  ...SERVER_FLOORS.flatMap((floor, f) =>
    floor.map((name) => {
      const above = SERVER_FLOORS.slice(f)
        .flat()
        .filter((m) => m !== name);
      const others = SERVER_MODULES.filter((m) => m !== name);
      return {
        files: [`apps/server/src/modules/${name}/**/*.ts`],
        ignores: ['**/*.test.ts'],
        rules: restrict(
          {
            regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
            message: `modules/${name} is on floor ${f + 1}: it imports only modules on lower floors (SERVER_FLOORS, docs/ARCHITECTURE.md "Layers").`,
          },
          {
            regex: `^(\\.\\./)+(${others.join('|')})/(?!index$)`,
            message: `Another module is imported through its public face, its index.ts ('../<module>/index'), never its files.`,
          },
        ),
      };
    }),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      '.e2e-data*/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      // npm run build:release's default folder (a built server and its node_modules).
      'release/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{ts,mjs}', 'tests/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
  ...boundaries,
  {
    // Files stay small (CONTRIBUTING.md): split a file along its jobs before it passes 450 lines.
    // Seed data (the demo marketplace, its catalogue and pictures) is data, not code.
    ignores: ['apps/server/src/db/seed/**'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
);
