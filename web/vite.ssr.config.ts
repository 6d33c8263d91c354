import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server's rendering bundle (issue 31): src/ssr/entry-server.tsx and the pages it renders, into dist-ssr, for
 * server/src/app/page-render.ts. Every library is bundled in (noExternal), so the server loads one ES module with
 * plain Node and nothing is resolved at run time (one copy of React and emotion, whatever the install).
 */
export default defineConfig({
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: path.join(root, 'src/ssr/entry-server.tsx'),
    outDir: path.join(root, 'dist-ssr'),
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
  },
});
