import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../api-operations';
import { createPaystackProvider } from '../providers/payments/payments';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { declareScopeAccess, enforceAccessDeclarations, type DeclaredRoute } from './access';
import { API_REFERENCE_PATH, registerOpenApi, type OperationTable } from './openapi';

let ctx: TestContext;
// The payment routes differ by provider: between them the two apps answer every route there is.
let paystack: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
  const options = { secretKey: 'sk_test_doc', publicKey: 'pk_test_doc', apiBase: 'http://127.0.0.1:9' };
  paystack = await startTestApp({ paystack: options }, { payments: createPaystackProvider(options) });
});
afterAll(async () => {
  await stopTestApp(paystack);
  await stopTestApp(ctx);
});

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  'x-access'?: unknown;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  tags: Array<{ name: string; description: string }>;
  components: { securitySchemes: Record<string, unknown> };
};

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

async function documentOf(app: TestContext['app']): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.json();
}

/** The API's routes: every /api route but the reference's own pages and files. */
const apiRoutes = (app: TestContext['app']) =>
  app.routeTable.filter(
    (r) => r.url.startsWith('/api/') && r.url !== API_REFERENCE_PATH && !r.url.startsWith(`${API_REFERENCE_PATH}/`),
  );

const named = new Map(
  Object.entries(API_OPERATIONS).flatMap(([tag, { operations }]) =>
    Object.entries(operations).map(([route, [operationId, summary]]) => [route, { operationId, summary, tag }]),
  ),
);

function expectEveryRouteDescribed(app: TestContext['app'], doc: Document) {
  const api = apiRoutes(app);
  expect(api.length).toBeGreaterThan(15);
  for (const route of api) {
    const where = `${route.method} ${route.url}`;
    const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    expect(op, where).toBeDefined();
    expect(op!['x-access'], where).toEqual(route.access);
    expect(op!.security, where).toEqual(route.access === 'public' ? [] : [{ bearerAuth: [] }]);
    expect(Object.keys(op!.responses).length, where).toBeGreaterThan(0);
    const name = named.get(where);
    expect(name, where).toBeDefined();
    expect({ operationId: op!.operationId, summary: op!.summary, tags: op!.tags }, where).toEqual({
      operationId: name!.operationId,
      summary: name!.summary,
      tags: [name!.tag],
    });
  }
  // Nothing in the document that the server does not answer.
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
  const served = api.map((r) => `${r.method} ${openApiPath(r.url)}`);
  expect(documented.sort()).toEqual([...served].sort());
}

/**
 * Redocly's recommended rules over the document, as a partner's tooling would run them: no errors,
 * and every operation named once and summarised. The warnings left are counted in the output and
 * accounted for in docs/decisions/0060.
 */
async function expectLintPasses(doc: Document, label: string) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
  const byRule: Record<string, number> = {};
  for (const p of problems) byRule[`${p.severity} ${p.ruleId}`] = (byRule[`${p.severity} ${p.ruleId}`] ?? 0) + 1;
  const operations = Object.values(doc.paths).flatMap((ops) => Object.keys(ops)).length;
  console.log(`Redocly recommended, ${label}, ${operations} operations:`, byRule);
  const naming = ['operation-summary', 'operation-operationId', 'operation-operationId-unique'];
  expect(problems.filter((p) => naming.includes(p.ruleId))).toEqual([]);
  expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with a bearer scheme', async () => {
    const doc = await documentOf(ctx.app);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it("passes Redocly's recommended rules: every operation named once and summarised, no errors", async () => {
    await expectLintPasses(await documentOf(ctx.app), 'sandbox payments');
  });

  it('names every operation in the table, and the table names no route the server lacks', async () => {
    const doc = await documentOf(ctx.app);
    const served = new Set([...apiRoutes(ctx.app), ...apiRoutes(paystack.app)].map((r) => `${r.method} ${r.url}`));
    expect([...named.keys()].filter((route) => !served.has(route))).toEqual([]);
    expect([...served].filter((route) => !named.has(route))).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.tags.map((t) => t.name)).toEqual(Object.keys(API_OPERATIONS));
  });

  it('describes every route with its method, access rule and security', async () => {
    expectEveryRouteDescribed(ctx.app, await documentOf(ctx.app));
  });

  it('carries the request and response schemas from the contract', async () => {
    const doc = await documentOf(ctx.app);
    const checkout = doc.paths['/api/donations/checkout']!.post!;
    const body = checkout.requestBody!.content['application/json']!.schema as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(body.required).toEqual(expect.arrayContaining(['donorEmail', 'donorFullName', 'cartItems']));
    const ok = checkout.responses['200']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(ok.properties)).toEqual(expect.arrayContaining(['reference', 'amountKobo', 'currency']));
    expect(checkout.responses['409']!.content!['application/json']!.schema).toMatchObject({
      required: expect.arrayContaining(['message', 'code']),
    });

    const list = doc.paths['/api/campaigns']!.get!;
    expect(list.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['query:cursor', 'query:limit']);
    const one = doc.paths['/api/campaigns/{id}']!.get!;
    expect(one.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(doc.paths['/api/campaigns/search']!.get!.parameters!.map((p) => p.name)).toContain('q');
  });

  it('describes the Paystack webhook when Paystack is configured', async () => {
    const doc = await documentOf(paystack.app);
    expectEveryRouteDescribed(paystack.app, doc);
    expect(doc.paths['/api/payments/paystack/webhook']?.post?.['x-access']).toBe('public');
    expect(doc.paths['/api/payments/sandbox/charge']).toBeUndefined();
    await expectLintPasses(doc, 'Paystack');
  });
});

describe(`GET ${API_REFERENCE_PATH}`, () => {
  it('is a page to browse the document, its scripts and styles served from this server', async () => {
    for (const url of [API_REFERENCE_PATH, `${API_REFERENCE_PATH}/`]) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      // Helmet's policy holds here as on every page: scripts from this site only.
      expect(page.headers['content-security-policy'], url).toMatch(/script-src 'self'(;| )/);
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(
        assets.filter((a) => /^(https?:)?\/\//.test(a)),
        url,
      ).toEqual([]);
      expect(assets.filter((a) => a.endsWith('.js')).length, url).toBeGreaterThanOrEqual(3);
      for (const asset of assets) {
        const absolute = new URL(asset, `http://localhost${url}`).pathname;
        const res = await ctx.app.inject({ method: 'GET', url: absolute });
        expect(res.statusCode, absolute).toBe(200);
        const type = absolute.endsWith('.js') ? /javascript/ : absolute.endsWith('.css') ? /text\/css/ : /image\//;
        expect(res.headers['content-type'], absolute).toMatch(type);
      }
    }
  });

  it('reads the same document the API publishes, and nothing outside this server', async () => {
    const init = await ctx.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/static/swagger-initializer.js` });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
    // No validity badge fetched from elsewhere.
    expect(init.body).toContain('validatorUrl: null');
    const shown = await ctx.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/json` });
    expect(shown.json()).toEqual(await documentOf(ctx.app));
  });

  it('is public and left out of the document', async () => {
    const reference = ctx.app.routeTable.filter((r) => r.url.startsWith(API_REFERENCE_PATH));
    expect(reference.length).toBeGreaterThan(0);
    for (const route of reference) expect(route.access, route.url).toBe('public');
    const doc = await documentOf(ctx.app);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith(API_REFERENCE_PATH))).toEqual([]);
    const missing = await ctx.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/static/no-such-file.js` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('the operation table, at registration', () => {
  const table = (operations: OperationTable[string]['operations']): OperationTable => ({
    Things: {
      description: 'Things.',
      operations: { 'GET /api/openapi.json': ['getOpenApiDocument', 'Read this description'], ...operations },
    },
  });

  it('refuses an /api route it does not name, as a route without access is refused', async () => {
    const app = Fastify();
    await registerOpenApi(app, table({ 'GET /api/things': ['listThings', 'List the things'] }));
    app.get('/api/things', { config: { access: 'public' } }, async () => []);
    expect(() => app.post('/api/things', { config: { access: 'public' } }, async () => ({}))).toThrow(
      'Route POST /api/things has no name and summary in the operation table.',
    );
    // Hidden routes are not operations; pages outside /api are not the API.
    app.get('/api/hidden', { schema: { hide: true } }, async () => ({}));
    app.get('/about', async () => '');
    await app.close();
  });

  it('refuses a name given twice, one that is not camelCase, and a summary ending in a full stop', async () => {
    const twice = table({ 'GET /api/a': ['listThings', 'List a'], 'GET /api/b': ['listThings', 'List b'] });
    await expect(registerOpenApi(Fastify(), twice)).rejects.toThrow('listThings names another operation too');
    await expect(registerOpenApi(Fastify(), table({ 'GET /api/a': ['list-things', 'List a'] }))).rejects.toThrow(
      'is not camelCase',
    );
    await expect(registerOpenApi(Fastify(), table({ 'GET /api/a': ['listA', 'List a.'] }))).rejects.toThrow(
      'without a full stop',
    );
  });

  it("gives a scope's declared access to routes a plugin registers without one, and keeps a route's own", async () => {
    const app = Fastify();
    const routes: DeclaredRoute[] = [];
    enforceAccessDeclarations(app, routes);
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      await scope.register(async (plugin) => {
        plugin.get('/api/plugin/page', async () => '');
        plugin.get('/api/plugin/own', { config: { access: ['admin'] } }, async () => '');
      });
    });
    expect(() => app.get('/api/elsewhere', async () => '')).toThrow('declares no access');
    await app.ready();
    expect(routes).toEqual([
      { method: 'GET', url: '/api/plugin/page', access: 'public' },
      { method: 'GET', url: '/api/plugin/own', access: ['admin'] },
    ]);
    await app.close();
  });
});
