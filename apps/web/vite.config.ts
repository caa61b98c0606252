import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { CHUNK_GROUPS, preloadMap } from './scripts/chunk-groups.ts';
import { muiWithoutCssVars } from './scripts/mui-without-css-vars.ts';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [muiWithoutCssVars(), react(), preloadMap()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: api, ws: true },
      '/auth': api,
      '/files': api,
      '/ledger': api,
      '/reports': api,
      '/dev': api,
      '/esign': api,
      '/config.json': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    sourcemap: false,
    // Script chunks live under /static/js (docs/architecture.md, “Loading, session and errors”).
    assetsDir: 'static',
    rollupOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
        // A few chunks for what every page needs instead of dozens of small shared ones
        // (docs/architecture.md, “Web bundle and first load”).
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
