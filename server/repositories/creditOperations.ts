import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { CreditOperationKind } from '../../domain/creditOperations';
import type { Database } from '../db/schema';

export interface CreditOperationFilter {
  ids?: number[];
  kind?: CreditOperationKind;
  /** ISO dates, inclusive */
  since?: string;
  until?: string;
}

export interface CreditOperationListQuery {
  filter: CreditOperationFilter;
  sort: { field: 'operation_date' | 'credits' | 'id'; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

const COLUMNS = ['id', 'operation_date', 'credits', 'reason'] as const;

function filtered<O>(
  query: SelectQueryBuilder<Database, 'credit_operations', O>,
  issuerId: number,
  filter: CreditOperationFilter,
): SelectQueryBuilder<Database, 'credit_operations', O> {
  let q = query.where('issuer_id', '=', issuerId);
  if (filter.ids) q = q.where('id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
  if (filter.kind === 'addition') q = q.where('credits', '>', 0);
  // a debit paid for a campaign carries the reason "campaign <id>" (services/publication/publish.ts)
  if (filter.kind === 'publication') q = q.where('credits', '<=', 0).where('reason', 'like', 'campaign %');
  if (filter.kind === 'expiration') q = q.where('credits', '<=', 0).where('reason', 'not like', 'campaign %');
  if (filter.since) q = q.where('operation_date', '>=', filter.since);
  // operation_date is an ISO date-time: the whole last day counts
  if (filter.until) q = q.where('operation_date', '<', `${filter.until}T24`);
  return q;
}

/** One page of the issuer's credit operations and how many match the filter. */
export async function listCreditOperations(db: Kysely<Database>, issuerId: number, query: CreditOperationListQuery) {
  const [rows, count] = await Promise.all([
    filtered(db.selectFrom('credit_operations').select(COLUMNS), issuerId, query.filter)
      .orderBy(query.sort.field, query.sort.order === 'ASC' ? 'asc' : 'desc')
      .orderBy('id', query.sort.order === 'ASC' ? 'asc' : 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    filtered(
      db.selectFrom('credit_operations').select((eb) => eb.fn.countAll<number | string>().as('n')),
      issuerId,
      query.filter,
    ).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findCreditOperation(db: Kysely<Database>, issuerId: number, id: number) {
  return db
    .selectFrom('credit_operations')
    .select(COLUMNS)
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .executeTakeFirst();
}
