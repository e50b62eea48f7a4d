import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashSecret, secretMatches } from './secret-hash';

describe('hashing secrets', () => {
  it('stores argon2id at 64 MiB, three passes and four lanes outside the tests, and refuses to lower it there', () => {
    const env = { ...process.env };
    delete env.VITEST;
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(path.join(import.meta.dirname, 'secret-hash.ts'))});
         console.log(await m.hashSecret('a long passphrase'));
         try { m.useLeastHashCostInTests(); console.log('lowered'); } catch (error) { console.log(error.message); }`,
      ],
      { env, encoding: 'utf8' },
    );
    const [hash, refusal] = out.trim().split('\n');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(refusal).toBe('Only the tests may lower the cost of hashing secrets.');
  });

  it('checks a secret against a hash of any cost, and a broken hash matches nothing', async () => {
    const hash = await hashSecret('a long passphrase');
    expect(await secretMatches(hash, 'a long passphrase')).toBe(true);
    expect(await secretMatches(hash, 'another passphrase')).toBe(false);
    const stored = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$notahash';
    expect(await secretMatches(stored, 'a long passphrase')).toBe(false);
    expect(await secretMatches('not a hash', 'a long passphrase')).toBe(false);
  });
});
