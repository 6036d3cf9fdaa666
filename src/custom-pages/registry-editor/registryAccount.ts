import type { CurrentUser } from '../../../domain/auth';
import { isAdministrator } from '../../../domain/permissions';
import { asksClientIds } from '../../../domain/templateRules/registryParams';
import { apiFetch } from '../../dataProvider/httpClient';
import type { ClientIds, EditorContext } from '../badge-editor/editorModel';

/**
 * The registry prefixes a new registry template starts with (spec 001 section 2: default French labels).
 * They are content of the certificate, not interface text, so they stay French whatever the user's language.
 */
export const REGISTRY_PREFIXES: Record<string, string> = {
  location_prefix: 'Lieu',
  certificator_prefix: 'Organisme certificateur',
  qualification_prefix: 'Intitulé de la certification',
  speciality_prefix: 'Spécialité',
  decision_prefix: 'Décision du jury',
  reference_prefix: 'Référence',
};

/** Whether the ids are asked, from the account's contract id: none asks them, one means the account's apply. */
export function clientIdsOf(contractId: unknown): ClientIds {
  return asksClientIds(typeof contractId === 'string' ? contractId : null) ? 'ask' : 'account';
}

/**
 * The account's register contract, read from the issuer profile. Only an Administrator may read it; for a
 * Manager it is unknown, and the ids are offered without being required (the server applies the account's).
 */
export async function registryContext(user: CurrentUser): Promise<Partial<EditorContext>> {
  if (!isAdministrator(user.profileId)) return { clientIds: 'unknown' };
  const { body } = await apiFetch<{ params?: { idContrat?: unknown } }>(`/api/issuer/${user.issuerId}/all`);
  return { clientIds: clientIdsOf(body.params?.idContrat) };
}
