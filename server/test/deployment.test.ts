import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isTypeOnly, sourceFiles } from './import-graph';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The packages a file loads at run time (type-only imports are erased and load nothing). */
function packagesImported(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const add = (specifier: string) => {
    if (specifier.startsWith('.') || specifier.startsWith('@contract/') || specifier.startsWith('node:')) return;
    const parts = specifier.split('/');
    found.push(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !isTypeOnly(node)
    )
      add(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The app's environment in compose.yaml: the `x-app` block's `environment` entries. */
function composeAppEnvironment(): Record<string, string> {
  const text = read('compose.yaml');
  const block = /^x-app: &app\n[\s\S]*?^ {2}environment:\n((?: {4}.*\n| *#.*\n)+)/m.exec(text);
  if (!block) throw new Error('compose.yaml has no x-app environment block');
  const env: Record<string, string> = {};
  for (const line of block[1]!.split('\n')) {
    const entry = /^ {4}([A-Z0-9_]+): (.*)$/.exec(line);
    if (entry) env[entry[1]!] = entry[2]!.replace(/^(["'])(.*)\1$/, '$2');
  }
  return env;
}

/** Compose's `${NAME:-default}` and `${NAME:?message}` with the variables given (none: the defaults). */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    if (given[name] !== undefined) return given[name];
    if (kind === '-') return rest ?? '';
    throw new Error(`compose.yaml requires ${name}`);
  });
}

/** The variables server/config.ts reads: the keys of its schema. */
function configVariables(): Set<string> {
  const text = read('server/config.ts');
  const schema = text.slice(
    text.indexOf('const schema = z.object({'),
    text.indexOf('\n});', text.indexOf('const schema')),
  );
  return new Set([...schema.matchAll(/^ {2}([A-Z0-9_]+):/gm)].map((m) => m[1]!));
}

const required = {
  POSTGRES_PASSWORD: 'a-database-password',
  SIGNING_SECRET: 'x'.repeat(48),
  MINIO_ROOT_PASSWORD: 'a-minio-password',
};

describe('the deployment files', () => {
  it('the server loads at run time only packages in dependencies, which the image installs', () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const files = sourceFiles(root, ['server', 'contract']).filter(
      (file) => !/\.test\.tsx?$/.test(file) && !file.startsWith(path.join(root, 'server', 'test') + path.sep),
    );
    const missing = new Set<string>();
    for (const file of files)
      for (const name of packagesImported(file))
        if (!(name in manifest.dependencies) && !builtinModules.includes(name))
          missing.add(`${name} (${path.relative(root, file)})`);
    expect([...missing]).toEqual([]);
  });

  it('every variable compose.yaml gives the app is one the server reads, and its values pass', () => {
    const env = composeAppEnvironment();
    const known = configVariables();
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    expect(env.TRUST_PROXY).toBe('1');
    const resolved = (given: Record<string, string>) =>
      Object.fromEntries(Object.entries(env).map(([name, value]) => [name, interpolate(value, given)]));
    // As shipped, a production server never falls into the payment sandbox by accident...
    expect(() => loadConfig(resolved(required))).toThrow(/PAYSTACK_SECRET_KEY/);
    // ...and with a Paystack key (or the sandbox allowed on purpose) every value is accepted.
    const config = loadConfig(resolved({ ...required, PAYSTACK_SECRET_KEY: 'sk_live_example' }));
    // Requests through PgBouncer, the job queue and migrations on the primary, public reads on the replica.
    expect(config.databaseUrl).toBe('postgres://goi:a-database-password@pgbouncer:5432/goi');
    expect(config.databaseDirectUrl).toBe('postgres://goi:a-database-password@postgres:5432/goi');
    expect(config.databaseReadUrl).toBe('postgres://goi:a-database-password@postgres-replica:5432/goi');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.s3).toMatchObject({ bucket: 'goi-uploads', forcePathStyle: true });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig(resolved({ ...required, ALLOW_SANDBOX_PAYMENTS: 'true' })).allowSandboxPayments).toBe(true);
  });

  it("the image's final stage runs as an unprivileged user and is checked on the ready route", () => {
    const dockerfile = read('Dockerfile');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    // The current LTS; the code itself also runs on Node 20 (package.json's engines, README).
    expect(stages.every((stage) => stage.startsWith('node:24-bookworm-slim'))).toBe(true);
    const final = stages.at(-1)!;
    const user = /^USER (\S+)/m.exec(final)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(final).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health\/ready/m);
    expect(final).toMatch(/^EXPOSE 3000$/m);
    expect(final).toMatch(/PORT=3000/);
    expect(final).toMatch(/^VOLUME \["\/data"\]/m);
    // Only production packages reach the final stage.
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(final).toMatch(/COPY --from=runtime-deps \/app\/node_modules/);
    // The compiled server, with no TypeScript loader, and the files it reads where the repository keeps them.
    expect(final).toMatch(/^CMD \["node", "--enable-source-maps", "dist\/server\/main\.js"\]$/m);
    expect(final).not.toMatch(/tsx/);
    for (const kept of ['server/db/migrations', 'server/assets', 'server/db/seed/images', 'server/db/seed/documents'])
      expect(final).toContain(`COPY ${kept} ./${kept}`);
  });

  it.runIf(fs.existsSync('/usr/sbin/nginx'))('nginx accepts the load balancer configuration', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-nginx-'));
    try {
      fs.cpSync(path.join(root, 'ops/nginx'), path.join(dir, 'goi'), { recursive: true });
      // The instances' compose names do not resolve here; nginx resolves upstream names on loading.
      const site = read('ops/nginx/gift-of-independence.conf').replace(/\bapp[12]:3000\b/g, '127.0.0.1:3000');
      expect(site).toMatch(/include goi\/proxy\.conf;/);
      // `nginx -t` reads the configuration and opens no port.
      fs.writeFileSync(path.join(dir, 'site.conf'), site);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include site.conf;\n}\n`,
      );
      const result = spawnSync(
        '/usr/sbin/nginx',
        ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', `${dir}/error.log`],
        {
          encoding: 'utf8',
        },
      );
      expect(result.stderr).toMatch(/test is successful/);
      // The app trusts one hop and reads the client's address from the entry nginx adds.
      expect(read('ops/nginx/proxy.conf')).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
