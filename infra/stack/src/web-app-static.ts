import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How the built web app is served. The build writes a Brotli and a gzip copy beside every text
 * file (frontend/vite.config.ts), and the one the browser accepts is sent: the entry script is
 * about a third of its size in gzip, which is most of a phone's first load. File names under
 * /assets/ carry a hash of their content, so a browser may keep them for a year; the index page
 * and the files at the root keep their names across builds and are checked on every visit.
 */
export function webAppStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = /[\\/]assets[\\/][^\\/]+$/.test(filePath);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  };
}
