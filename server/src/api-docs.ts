import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createHttpApp, defaultResponses, type BankApp } from '@bank/infra';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerInertApi, type ApiService } from './services/api-routes.ts';

/** Where the API reference page is served. */
const API_DOCS = '/api/docs';

type OpenApiDocument = Record<string, unknown> & {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The OpenAPI document of the routes registered on `app` after this: every /api route documents
 * the uniform envelopes unless it declares its own answers; /metrics is hidden.
 */
export async function documentApi(app: BankApp): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Harborview Community Bank API',
        description:
          'The /api surface of the online bank. Amounts are dollars with at most 2 decimals.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url === '/api/openapi.json') return;
    if (route.url.startsWith(API_DOCS)) return;
    if (route.url === '/api/ops/metrics') {
      // Prometheus text for scrapers, not part of the JSON API.
      route.schema = { ...route.schema, hide: true };
      return;
    }
    route.schema = {
      ...route.schema,
      response: { ...defaultResponses, ...(route.schema?.response as object) },
    };
  });
}

/** The document of the half of the API another service serves, from its real route plugins. */
async function documentOf(service: ApiService): Promise<OpenApiDocument> {
  const probe = createHttpApp();
  await probe.register(fastifyRateLimit, { global: false });
  await documentApi(probe);
  await registerInertApi(probe, service);
  await probe.ready();
  const document = probe.swagger() as OpenApiDocument;
  await probe.close();
  return document;
}

/** Two documents as one: each path's operations, and each kind of component, joined. */
function joined(own: OpenApiDocument, other: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = { ...own.paths };
  for (const [route, operations] of Object.entries(other.paths ?? {})) {
    paths[route] = { ...operations, ...paths[route] };
  }
  const components: Record<string, Record<string, unknown>> = { ...own.components };
  for (const [kind, entries] of Object.entries(other.components ?? {})) {
    components[kind] = { ...entries, ...components[kind] };
  }
  return { ...own, paths, components };
}

/**
 * Serves the API reference: /api/openapi.json and its readable page at /api/docs. A service that
 * serves only half of the API (scale-out runs command-api and query-api apart, and the edge sends
 * these GETs to query-api) still describes all of it: the other half's document is built at start
 * from the same route plugins, so a client reading the reference finds sign-in and transfers too.
 */
export async function serveApiReference(
  app: BankApp,
  serve: { commands: boolean; queries: boolean },
): Promise<void> {
  const missing: ApiService | undefined = !serve.commands
    ? 'command-api'
    : !serve.queries
      ? 'query-api'
      : undefined;
  const other = missing ? await documentOf(missing) : undefined;
  let whole: OpenApiDocument | undefined;
  const reference = (own: Readonly<Record<string, unknown>>) =>
    other ? (whole ??= joined(own as OpenApiDocument, other)) : own;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () =>
    reference(app.swagger() as unknown as Record<string, unknown>),
  );
  // Its script and styles are served from here, so the page runs under the same
  // Content-Security-Policy as the app (no CDN, no inline script).
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS,
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    transformSpecification: (own) => reference(own),
  });
}
