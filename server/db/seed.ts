import type { Kysely } from 'kysely';
import { PROFILE } from '../../domain/roles';
import type { Config } from '../config';
import { addCredits, countIssuers, insertIssuer } from '../repositories/issuers';
import { insertUser } from '../repositories/users';
import { ensureIssuerKey } from '../services/credentials/issuerKeys';
import type { Database } from './schema';

export const FIRST_ISSUER_METATEMPLATES = ['openbadge', 'openbadge_custom', 'cpf_onshelf'];

/**
 * On an empty database: the first issuer, on the configured plan with its credits (recorded as a credit
 * operation), its signing key, and its first Administrator. Returns true when it created them.
 */
export async function seedFirstRun(db: Kysely<Database>, config: Config): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await countIssuers(trx)) > 0) return false;
    const issuerId = await insertIssuer(trx, {
      name: config.initialIssuerName,
      plan: config.initialPlan,
      credits: 0,
      params: JSON.stringify({ tracking: true }),
      metatemplates: JSON.stringify(FIRST_ISSUER_METATEMPLATES),
    });
    await ensureIssuerKey(trx, issuerId, config.credentialsKey);
    if (config.initialCredits > 0) await addCredits(trx, issuerId, config.initialCredits, 'initial credits');
    await insertUser(trx, {
      issuer_id: issuerId,
      email: config.adminEmail,
      first_name: 'Admin',
      last_name: '',
      profile_id: PROFILE.Administrator,
    });
    return true;
  });
}
