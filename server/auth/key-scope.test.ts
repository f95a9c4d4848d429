import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { DEFAULT_KEY_SCOPE, KEY_SCOPES, parseKeyScope, requireOperator, storedKeyScope } from './key-scope';

function refusal(run: () => void): AppError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('key scopes', () => {
  it('reads the scopes by their exact names, and nothing else', () => {
    expect(KEY_SCOPES).toEqual(['api', 'operator']);
    expect(parseKeyScope('api')).toBe('api');
    expect(parseKeyScope('operator')).toBe('operator');
    for (const text of ['', 'Operator', 'OPERATOR', 'admin', 'operator ', 'api,operator', 'constructor', 'toString']) {
      expect(parseKeyScope(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('gives a key made without a scope, or stored with one this release does not know, the interface only', () => {
    expect(DEFAULT_KEY_SCOPE).toBe('api');
    expect(storedKeyScope('operator')).toBe('operator');
    expect(storedKeyScope('api')).toBe('api');
    expect(storedKeyScope('auditor')).toBe('api');
    expect(storedKeyScope('')).toBe('api');
  });

  it('lets an operator through and refuses any other caller with FORBIDDEN, naming the command that makes an operator key', () => {
    expect(refusal(() => requireOperator({ scope: 'operator' }, '/api/metrics'))).toBeUndefined();
    const refused = refusal(() => requireOperator({ scope: 'api' }, '/api/metrics'));
    expect(refused?.code).toBe('FORBIDDEN');
    expect(refused?.httpStatus).toBe(403);
    expect(refused?.message).toContain('/api/metrics needs an operator key');
    expect(refused?.message).toContain('scope "api"');
    expect(refused?.message).toContain('npm run keys -- create --scope operator');
  });
});
