import { describe, expect, it } from 'vitest';
import { slowestFiles } from './slowest-files';

describe('the slowest test files', () => {
  it('lists the ten slowest, slowest first, in seconds', () => {
    const times = Array.from({ length: 12 }, (_, i) => ({ file: `f${i}.test.ts`, ms: i * 1000 + 250 }));
    const lines = slowestFiles(times);
    expect(lines[0]).toBe('Slowest test files (10 of 12):');
    expect(lines.slice(1, 3)).toEqual(['  11.3 s  f11.test.ts', '  10.3 s  f10.test.ts']);
    expect(lines.at(-1)).toBe('   2.3 s  f2.test.ts');
    expect(lines).toHaveLength(11);
  });

  it('prints nothing when no file ran', () => {
    expect(slowestFiles([])).toEqual([]);
  });
});
