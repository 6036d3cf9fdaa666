import type { CurrentUser } from '../../../../domain/auth';
import { asksClientIds } from '../../../../domain/templateRules/registryParams';
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

/** The account's register contract, as the signed-in user's profile says (any editor, Managers included). */
export async function registryContext(user: CurrentUser): Promise<Partial<EditorContext>> {
  return { clientIds: user.hasRegistryContract ? 'account' : 'ask' };
}
