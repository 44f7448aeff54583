import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

// The API server the dev server and preview forward /api to.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  // plugin-react is hoisted beside vitest's Vite; its types differ from Vite 7's but it runs on both.
  plugins: [react() as unknown as PluginOption],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the production build: they would publish the sources to anyone.
    sourcemap: false,
    rollupOptions: {
      output: {
        // Every page shows a handful of icons that its lazy chunks share with other pages, so
        // Rollup gave each icon a chunk of its own: 15–25 tiny requests after the entry had run.
        // One icon chunk (about 15 KB gzip) is modulepreloaded beside the entry instead.
        manualChunks: (id) => (id.includes('/node_modules/lucide-react/') ? 'icons' : undefined),
      },
    },
  },
});
