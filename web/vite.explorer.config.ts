import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The GraphQL explorer (src/explorer): a build of its own, apart from the app's chunk plan and size budget,
 * into dist/explorer; the server serves it under /graphql/explorer/ (server/src/app/explorer.ts).
 */
export default defineConfig({
  root: path.join(root, 'explorer'),
  base: '/graphql/explorer/',
  plugins: [react()],
  resolve: { alias: { '/src': path.join(root, 'src') } },
  worker: { format: 'es' },
  build: {
    outDir: path.join(root, 'dist', 'explorer'),
    emptyOutDir: true,
    sourcemap: false,
    // the editor (Monaco) is large by nature; the explorer is a tool page, not on any user's path
    chunkSizeWarningLimit: 6000,
  },
});
