import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaystackProvider } from '../providers/payments/payments';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

type Operation = {
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
  components: { securitySchemes: Record<string, unknown> };
};

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

async function documentOf(app: TestContext['app']): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.json();
}

function expectEveryRouteDescribed(app: TestContext['app'], doc: Document) {
  const api = app.routeTable.filter((r) => r.url.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(15);
  for (const route of api) {
    const where = `${route.method} ${route.url}`;
    const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    expect(op, where).toBeDefined();
    expect(op!['x-access'], where).toEqual(route.access);
    if (route.access === 'public') expect(op!.security, where).toBeUndefined();
    else expect(op!.security, where).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(op!.responses).length, where).toBeGreaterThan(0);
  }
  // Nothing in the document that the server does not answer.
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
  const served = api.map((r) => `${r.method} ${openApiPath(r.url)}`);
  expect(documented.sort()).toEqual([...served].sort());
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with a bearer scheme', async () => {
    const doc = await documentOf(ctx.app);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
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
    const options = { secretKey: 'sk_test_doc', publicKey: 'pk_test_doc', apiBase: 'http://127.0.0.1:9' };
    const paystack = await startTestApp({ paystack: options }, { payments: createPaystackProvider(options) });
    try {
      const doc = await documentOf(paystack.app);
      expectEveryRouteDescribed(paystack.app, doc);
      expect(doc.paths['/api/payments/paystack/webhook']?.post?.['x-access']).toBe('public');
      expect(doc.paths['/api/payments/sandbox/charge']).toBeUndefined();
    } finally {
      await stopTestApp(paystack);
    }
  });
});
