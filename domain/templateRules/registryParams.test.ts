import { describe, expect, it } from 'vitest';
import { asksClientIds, isRegistryType, REGISTRY_TYPES, registryParamsOnSubmit } from './registryParams';

describe('registry parameters', () => {
  it('knows the RNCP and RS registries', () => {
    expect(REGISTRY_TYPES).toEqual(['RNCP', 'RS']);
    expect(isRegistryType('RS')).toBe(true);
    expect(isRegistryType('rncp')).toBe(false);
    expect(isRegistryType(undefined)).toBe(false);
  });

  it('sends the issuer client id equal to the certifier client id', () => {
    const params = { type: 'RNCP' as const, idClientEmetteur: 'old', idClientCertificateur: 'C-42', idContrat: 'K-7' };
    expect(registryParamsOnSubmit(params)).toEqual({ ...params, idClientEmetteur: 'C-42' });
    expect(params.idClientEmetteur).toBe('old');
  });

  it('asks for the client and contract ids only when the account has no contract id', () => {
    expect(asksClientIds(null)).toBe(true);
    expect(asksClientIds(undefined)).toBe(true);
    expect(asksClientIds('  ')).toBe(true);
    expect(asksClientIds('K-7')).toBe(false);
  });
});
