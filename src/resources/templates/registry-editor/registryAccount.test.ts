import { describe, expect, it } from 'vitest';
import { clientIdsOf, REGISTRY_PREFIXES } from './registryAccount';

describe('the registry account', () => {
  it('asks the ids only of an account without a contract id', () => {
    expect(clientIdsOf(undefined)).toBe('ask');
    expect(clientIdsOf('  ')).toBe('ask');
    expect(clientIdsOf('K-1')).toBe('account');
  });

  it('has a French default prefix for every registry entry', () => {
    expect(Object.keys(REGISTRY_PREFIXES).sort()).toEqual(
      ['certificator', 'decision', 'location', 'qualification', 'reference', 'speciality'].map((e) => `${e}_prefix`),
    );
  });
});
