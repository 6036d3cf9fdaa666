import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transactions';
import { countIssuers } from '../../repositories/issuers';
import { createIssuerWithAdministrator } from './createIssuer';

/**
 * On an empty database: the first issuer, on the configured plan with its credits (recorded as a credit
 * operation), its signing key, and its first Administrator. Returns true when it created them.
 */
export async function seedFirstRun(db: Kysely<Database>, config: Config): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if ((await countIssuers(trx)) > 0) return false;
    await createIssuerWithAdministrator(trx, config.credentialsKey, {
      name: config.initialIssuerName,
      plan: config.initialPlan,
      credits: config.initialCredits,
      administrator: { email: config.adminEmail, firstName: 'Admin', lastName: '' },
    });
    return true;
  });
}
