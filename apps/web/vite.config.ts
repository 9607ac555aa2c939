import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.SWAPU_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: api, ws: true }, '/media': api, '/identity': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
});
