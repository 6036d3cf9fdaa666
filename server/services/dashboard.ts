import type { Kysely } from 'kysely';
import {
  nextDay,
  sortStats,
  templateLabelJson,
  type ActivityItem,
  type IssuerStats,
  type Period,
} from '../../domain/dashboard';
import { isAdministrator } from '../../domain/permissions';
import type { AuthContext } from '../auth/guard';
import type { Database } from '../db/schema';
import {
  activeCertificatesInRange,
  certificatesPerIssuer,
  deliveredEmailsPerIssuer,
  emailsInRange,
  issuersOf,
  templatesById,
  type IssuerScope,
} from '../repositories/dashboard';
import { validatedIssuerIds } from '../repositories/validators';
import { activityInRange } from '../repositories/certificateActivity';
import { issuerNotFound } from './issuerProfile';

/**
 * The issuers whose figures the caller may see: a validator (an Administrator of a validating issuer) its own
 * issuer and those it validates (validated_issuers, set by the operators' tool); anyone else only their own.
 * `asked` narrows the scope to some of them (the validator's issuer filter); asking for any other issuer is
 * refused as for any other issuer's data (404 ISSUER_NOT_FOUND).
 */
export async function dashboardScope(
  db: Kysely<Database>,
  auth: AuthContext,
  asked?: readonly number[],
): Promise<number[]> {
  const own = auth.issuer.id;
  const validator = auth.issuer.is_validator === 1 && isAdministrator(auth.profileId);
  const scope = validator ? [own, ...(await validatedIssuerIds(db, own))] : [own];
  if (asked === undefined) return scope;
  if (asked.some((id) => !scope.includes(id))) throw issuerNotFound();
  return [...new Set(asked)];
}

/** GET /api/admin/stats: each issuer's all-time figures, sorted by name case-insensitively. */
export async function issuerStats(db: Kysely<Database>, scope: IssuerScope): Promise<IssuerStats[]> {
  const [issuers, certificates, emails] = await Promise.all([
    issuersOf(db, scope),
    certificatesPerIssuer(db, scope),
    deliveredEmailsPerIssuer(db, scope),
  ]);
  return sortStats(
    issuers.map((issuer) => ({
      id: issuer.id,
      label: issuer.name,
      certifiedDegrees: certificates.get(issuer.id)?.total ?? 0,
      nbEmailSent: emails.get(issuer.id) ?? 0,
      Credits: issuer.credits,
      nbDeleted: certificates.get(issuer.id)?.deleted ?? 0,
    })),
  );
}

/**
 * GET /api/admin/activity: per template, the active certificates of the campaigns created in the period and the
 * emails sent in the period (days in UTC, both ends included). A template appears when either is non-zero.
 */
export async function periodActivity(
  db: Kysely<Database>,
  scope: IssuerScope,
  period: Period,
): Promise<ActivityItem[]> {
  const range = { from: period.startDate, to: nextDay(period.endDate) };
  const [actives, emails, recipients] = await Promise.all([
    activeCertificatesInRange(db, scope, range),
    emailsInRange(db, scope, range),
    activityInRange(db, scope, range),
  ]);
  const items = new Map<number, ActivityItem>();
  const itemOf = (issuerId: number, templateId: number) => {
    let item = items.get(templateId);
    if (!item) {
      item = {
        id: issuerId,
        label: '',
        TemplateID: templateId,
        TemplateLabel: '{}',
        nbActives: 0,
        nbEmailSent: 0,
        nbEmailOpened: 0,
        nbEmailRejected: 0,
        nbViews: 0,
        nbDownloads: 0,
        nbLinkedIn: 0,
        nbVerifications: 0,
      };
      items.set(templateId, item);
    }
    return item;
  };
  for (const row of actives) itemOf(row.issuerId, row.templateId).nbActives += row.actives;
  for (const row of emails) {
    const item = itemOf(row.issuerId, row.templateId);
    item.nbEmailSent += row.sent;
    item.nbEmailOpened += row.opened;
    item.nbEmailRejected += row.rejected;
  }
  // what recipients did in the period (issue 31), counted per day by the activity recorder
  const recipientFigure = {
    view: 'nbViews',
    pdf: 'nbDownloads',
    image: 'nbDownloads',
    linkedin: 'nbLinkedIn',
    verification: 'nbVerifications',
  } as const;
  for (const row of recipients) {
    const item = itemOf(row.issuerId, row.templateId);
    const figure = recipientFigure[row.kind];
    item[figure] = (item[figure] ?? 0) + row.count;
  }
  const shown = [...items.values()].filter(
    (item) =>
      item.nbActives +
        item.nbEmailSent +
        item.nbEmailOpened +
        item.nbEmailRejected +
        (item.nbViews ?? 0) +
        (item.nbDownloads ?? 0) +
        (item.nbLinkedIn ?? 0) +
        (item.nbVerifications ?? 0) >
      0,
  );
  const issuerIds = [...new Set(shown.map((item) => item.id))];
  const [issuers, templates] = await Promise.all([
    issuersOf(db, issuerIds),
    templatesById(
      db,
      shown.map((item) => item.TemplateID),
    ),
  ]);
  const names = new Map(issuers.map((issuer) => [issuer.id, issuer.name]));
  for (const item of shown) {
    item.label = names.get(item.id) ?? '';
    const template = templates.get(item.TemplateID);
    if (template) item.TemplateLabel = templateLabelJson(template.label, template.default_language);
  }
  return shown.sort((a, b) => a.label.localeCompare(b.label) || a.TemplateID - b.TemplateID);
}
