import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.SWAPU_API ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The service worker (src/service-worker/sw.ts → dist/sw.js, decision 0053), given the list of
    // files to precache: the shell and every hashed asset a member's page may need. The admin
    // console's two big chunks (charts, the mail editor) are left out: fetched when used. The app
    // registers the worker itself after the first page (app/pwa-client.tsx); the manifests are
    // files of public/ (one per language, chosen by the server's shell).
    VitePWA({
      disable: !!isSsrBuild,
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['index.html', 'assets/**/*.{js,css}', 'pwa-192.png', 'pwa-badge-96.png'],
        globIgnores: ['assets/admin-analytics-*', 'assets/email-body-editor-*'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
  server: {
    port: 5173,
    // Under /api/ only: the bare /api is the documentation's API page, which the app itself renders.
    proxy: { '^/api/': { target: api, ws: true }, '/media': api, '/identity': api },
  },
  // The server renderer (src/entry-server.tsx, built with --ssr into dist-server): the shared
  // package is TypeScript source, so it is bundled; other packages load from node_modules.
  ssr: { noExternal: ['@swapu/shared'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 400,
    // The entry chunk carries a map of every lazy route's preload list, and it grows with each
    // page. Only stylesheets need preloading (a route must not render unstyled); a lazy route's
    // JavaScript imports fetch its own dependencies. Keeps the first load small (docs/decisions/0008).
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((d) => d.endsWith('.css')) },
  },
}));
