import type { Kysely } from 'kysely';
import type { Plan } from '../../../domain/plans';
import { PROFILE } from '../../../domain/roles';
import type { Database } from '../../db/schema';
import { addCredits, insertIssuer } from '../../repositories/issuers';
import { insertUser } from '../../repositories/users';
import { ensureIssuerKey } from '../credentials/issuerKeys';

/** The template types a new issuer may create: every kind the product has. */
export const NEW_ISSUER_METATEMPLATES = ['openbadge', 'openbadge_custom', 'cpf_onshelf'];

export interface NewIssuerWithAdministrator {
  name: string;
  plan: Plan;
  credits: number;
  administrator: { email: string; firstName: string; lastName: string };
}

/**
 * An issuer on its plan with its credits (recorded as a credit operation), its signing key, and its first
 * Administrator: the first run's seed and the operators' tool make issuers the same way. Call it inside a
 * transaction.
 */
export async function createIssuerWithAdministrator(
  trx: Kysely<Database>,
  credentialsKey: Uint8Array,
  issuer: NewIssuerWithAdministrator,
): Promise<{ issuerId: number; userId: number }> {
  const issuerId = await insertIssuer(trx, {
    name: issuer.name,
    plan: issuer.plan,
    credits: 0,
    params: JSON.stringify({ tracking: true }),
    metatemplates: JSON.stringify(NEW_ISSUER_METATEMPLATES),
  });
  await ensureIssuerKey(trx, issuerId, credentialsKey);
  if (issuer.credits > 0) await addCredits(trx, issuerId, issuer.credits, 'initial credits');
  const userId = await insertUser(trx, {
    issuer_id: issuerId,
    email: issuer.administrator.email,
    first_name: issuer.administrator.firstName,
    last_name: issuer.administrator.lastName,
    profile_id: PROFILE.Administrator,
  });
  return { issuerId, userId };
}
