import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.SWAPU_API ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
