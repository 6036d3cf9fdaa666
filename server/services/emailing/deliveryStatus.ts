import type { Kysely } from 'kysely';
import type { ReportRow } from '../../../domain/reports';
import type { Database } from '../../db/schema';
import { mailDeliveriesOf } from '../../repositories/mailDeliveries';

/**
 * Adds to a page of report or search rows what the mail outage handling knows (docs/decisions.md, mail statuses):
 * a pending message (email status "not sent") gets its failed attempts, last failure and next attempt; a message
 * refused for good ("not delivered") gets the reason. One query by the page's ids.
 */
export async function withMailDeliveries<T extends Pick<ReportRow, 'EvidenzId'>>(
  db: Kysely<Database>,
  issuerId: number,
  rows: T[],
): Promise<T[]> {
  const deliveries = new Map(
    (
      await mailDeliveriesOf(
        db,
        issuerId,
        rows.map((row) => row.EvidenzId),
      )
    ).map((delivery) => [delivery.certificate_id, delivery]),
  );
  for (const row of rows) {
    const delivery = deliveries.get(row.EvidenzId);
    Object.assign(row, {
      EmailPending: delivery?.state === 'pending',
      EmailAttempts: delivery?.attempts ?? 0,
      EmailReason: delivery?.last_error || null,
      EmailNextAttempt: delivery?.state === 'pending' ? delivery.next_attempt_at : null,
    });
  }
  return rows;
}
