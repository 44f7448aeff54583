import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { iconChunks } from './icon-chunks';
import { signedInChunk } from './signed-in-chunk';
import { prerender } from './prerender';

// The API server the dev server and preview forward /api to.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed
 * once at the highest levels; the server sends the one the browser accepts. A phone on a slow
 * network then downloads the entry script at a third of its size.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: compress,
    },
  };
  function compress() {
    const files = readdirSync(outDir, { recursive: true, withFileTypes: true });
    for (const file of files) {
      if (!file.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(file.name)) continue;
      const full = path.join(file.parentPath, file.name);
      const content = readFileSync(full);
      if (content.length < 1024) continue;
      writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

/**
 * zod's classic schemas carry its JSON Schema conversion (toJSONSchema, Standard Schema's
 * jsonSchema methods, getters such as minLength): a fifth of zod, 5.5 KB gzip that the dashboard
 * downloaded before it showed, for code the web app never runs (it only parses answers). In the
 * build, those two modules become functions with the same names that throw if ever called; the
 * schemas reach them only from those methods and getters, never while parsing.
 */
function zodWithoutJsonSchema(): Plugin {
  const modules = /\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!modules.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = [
        ...[
          ...source.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) (\w+)/gm),
        ].map((m) => m[1]!),
        ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
          m[1]!.split(',').map((entry) =>
            entry
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          ),
        ),
      ];
      const message = `${path.basename(id)} (JSON Schema) is not part of the web app's build`;
      return names
        .map((name) => `export function ${name}() { throw new Error(${JSON.stringify(message)}); }`)
        .join('\n');
    },
  };
}

/** Writes the pre-rendered public pages into the build (before it is compressed). */
function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      handler: () => prerender(outDir, (line) => console.log(line)),
    },
  };
}

/** The icons' chunks, then the signed-in area's first screen (each module has one at most). */
function firstScreenChunks(root: string) {
  const icons = iconChunks(root);
  const signedIn = signedInChunk(root);
  return (id: string, meta: Parameters<typeof icons>[1]) => icons(id, meta) ?? signedIn(id, meta);
}

export default defineConfig({
  // plugin-react is hoisted beside vitest's Vite; its types differ from Vite 7's but it runs on both.
  plugins: [
    react() as unknown as PluginOption,
    zodWithoutJsonSchema(),
    prerenderPages(),
    precompress(),
  ],
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
    // dist/.vite/manifest.json: which chunks each page loads (prerender names them in dashboard.html).
    manifest: true,
    rollupOptions: {
      output: {
        // Every page shows a handful of icons that its lazy chunks share with other pages, so
        // Rollup gave each icon a chunk of its own: 15–25 tiny requests after the entry had run.
        // The first screens' icons are one chunk, modulepreloaded beside the entry; the others
        // one more (frontend/icon-chunks.ts). The signed-in shell and the dashboard are one more
        // (frontend/signed-in-chunk.ts).
        manualChunks: firstScreenChunks(fileURLToPath(new URL('.', import.meta.url))),
        // Only the modules named go into those chunks. Rollup would otherwise move what they
        // import into them too, the entry's code among it: the home page would then have
        // downloaded the signed-in shell.
        onlyExplicitManualChunks: true,
        // Rollup splits the code two pages share into a chunk of its own, however small: the
        // dashboard started with 19 requests, most under 2 KB. Over HTTP/1.1 a browser opens 6
        // connections to the bank, so each group of 6 waited a round trip (a phone's first
        // paint came 0.1-0.3 s later). Chunks under 10 KB are merged into one their pages load
        // anyway, when the code merged in has no side effects (Rollup checks it).
        experimentalMinChunkSize: 10_000,
      },
    },
  },
});
