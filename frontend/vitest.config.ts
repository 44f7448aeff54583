import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'frontend',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // The files of a worker share its process and its jsdom: React, the router and the contract's
    // schemas are imported once per worker instead of once per file (about 2 s of CPU each). The
    // setup file unmounts what a test rendered and clears the toasts after each test.
    isolate: false,
    css: false,
    // userEvent typing is slow on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
