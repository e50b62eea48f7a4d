import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from './connection-failure';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it('knows a database that is gone, also inside a failed query', () => {
    expect(isConnectionFailure(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isConnectionFailure(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', {
      cause: withCode('the database system is shutting down', '57P03'),
    });
    expect(isConnectionFailure(wrapped)).toBe(true);
  });

  it('does not take a wrong statement or a broken rule for a lost database', () => {
    expect(isConnectionFailure(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isConnectionFailure(withCode('canceling statement due to conflict with recovery', '40001'))).toBe(false);
    expect(isConnectionFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});
