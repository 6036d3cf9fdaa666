/** Registry types of a cpf_onshelf template: RNCP (national register of professional certifications) or RS. */
export const REGISTRY_TYPES = ['RNCP', 'RS'] as const;
export type RegistryType = (typeof REGISTRY_TYPES)[number];

/** The registry editor's parameters (spec 001 section 2). */
export interface RegistryParams {
  type: RegistryType;
  idClientEmetteur: string;
  idClientCertificateur: string;
  idContrat: string;
}

export function isRegistryType(value: unknown): value is RegistryType {
  return typeof value === 'string' && (REGISTRY_TYPES as readonly string[]).includes(value);
}

/** The form asks for the certifier's client id only; the issuer's is sent equal to it (spec 001 section 5). */
export function registryParamsOnSubmit(params: RegistryParams): RegistryParams {
  return { ...params, idClientEmetteur: params.idClientCertificateur };
}

/** The client id and contract id inputs are asked only of an account that has no contract id of its own. */
export function asksClientIds(accountContractId: string | null | undefined): boolean {
  return accountContractId == null || accountContractId.trim() === '';
}
