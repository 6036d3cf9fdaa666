import { PROFILE } from '../../domain/roles';
import { runCli } from '../../server/cli/runCli';
import { insertIssuer } from '../../server/repositories/issuers';
import { insertUser } from '../../server/repositories/users';
import type { Page } from '@playwright/test';
import {
  createBadgeTemplate,
  expect,
  type Laurel,
  publishRows,
  screenshot,
  sessionToken,
  test,
  signIn,
} from './fixtures';

const ADMIN = 'admin@example.org';
/** A badge template created through the template call, then `recipients` certificates published to it. */
async function publishBadge(laurel: Laurel, token: string, title: string, recipients: number): Promise<number> {
  const id = await createBadgeTemplate(laurel, token, {
    content: { en: { microcertitle: title, label: title, outcome: 'Shows the skill.' } },
  });
  const rows = Array.from({ length: recipients }, (_, i) => ({
    ID: `L-${i + 1}`,
    Language: 'en',
    Email: `learner${i + 1}.${id}@example.org`,
    firstName: `Learner${i + 1}`,
    lastName: 'Doe',
  }));
  await publishRows(laurel, token, id, rows);
  return id;
}

/** Marks the template's first certificates as emailed now: `sent` delivered, of which `opened` opened. */
async function emailCertificates(laurel: Laurel, templateId: number, sent: number, opened: number): Promise<void> {
  const { db } = laurel.app.laurel;
  const rows = await db
    .selectFrom('certificates')
    .select('id')
    .where('template_id', '=', templateId)
    .orderBy('id')
    .execute();
  const now = new Date().toISOString();
  const ids = rows.slice(0, sent).map((row) => row.id);
  await db.updateTable('certificates').set({ mail_sent: 1, mail_sent_at: now }).where('id', 'in', ids).execute();
  if (opened > 0) {
    await db.updateTable('certificates').set({ mail_read_at: now }).where('id', 'in', ids.slice(0, opened)).execute();
  }
}

async function turnTrackingOn(laurel: Laurel, issuerId: number): Promise<void> {
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select('params').where('id', '=', issuerId).executeTakeFirstOrThrow();
  const params = { ...(JSON.parse(issuer.params) as Record<string, unknown>), tracking: true };
  await db
    .updateTable('issuers')
    .set({ params: JSON.stringify(params) })
    .where('id', '=', issuerId)
    .execute();
}

/** The full-page picture from the top, so that the sticky header does not cover the page's heading. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const ownIssuer = (laurel: Laurel) =>
  laurel.app.laurel.db.selectFrom('users').select('issuer_id').where('email', '=', ADMIN).executeTakeFirstOrThrow();

test('an administrator follows the figures, changes the period, sorts the templates and opens their campaigns', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const token = await sessionToken(laurel, ADMIN);
  const { issuer_id: issuerId } = await ownIssuer(laurel);
  await turnTrackingOn(laurel, issuerId);
  const analysis = await publishBadge(laurel, token, 'Data analysis', 3);
  await publishBadge(laurel, token, 'Open science', 1);
  await emailCertificates(laurel, analysis, 2, 1);

  await signIn(page, laurel, ADMIN);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Data for My organisation')).toBeVisible();
  await expect(page.getByText('Certificates issued')).toBeVisible();
  const issued = page.getByText('Certificates issued').locator('..');
  await expect(issued).toContainText('4');
  await expect(page.getByText('Emails sent', { exact: true }).locator('..')).toContainText('2');
  // published 4, sent 1 and opened 1: round(2 × 100 / 4)
  await expect(page.getByTestId('sent-percentage')).toHaveText('50%');
  await expect(page.getByText('Opened', { exact: true }).first()).toBeVisible();

  const table = page.getByRole('table', { name: 'Active templates of the period' });
  const firstTemplate = () => table.getByRole('row').nth(1).getByRole('cell').first();
  await expect(table.getByRole('columnheader', { name: 'Issuer' })).toHaveCount(0);
  // most active first, then by template on request
  await expect(firstTemplate()).toHaveText('Data analysis');
  await table.getByRole('button', { name: 'Template' }).click();
  await expect(firstTemplate()).toHaveText('Data analysis');
  await table.getByRole('button', { name: 'Template' }).click();
  await expect(firstTemplate()).toHaveText('Open science');
  await table.getByRole('button', { name: 'Active' }).click();
  await expect(firstTemplate()).toHaveText('Data analysis');
  await shot(page, 'dashboard-en');

  // a period without any publication, then back to the default one
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page.getByText('Nothing published or emailed in this period')).toBeVisible();
  await expect(page.getByText('No active template in this period')).toBeVisible();
  await shot(page, 'dashboard-empty-en');
  await page.getByRole('button', { name: 'Last 3 months' }).click();
  await expect(page.getByTestId('sent-percentage')).toHaveText('50%');
  await page.getByLabel('From').fill('2020-01-01');
  await expect(page.getByTestId('sent-percentage')).toHaveText('50%');
  await page.getByRole('button', { name: 'Reset the period' }).click();
  await expect(page.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'true');

  await table.getByRole('button', { name: 'See the campaigns of Data analysis' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns\\?templateId=${analysis}$`));
  await expect(page.getByText('Template: Data analysis')).toBeVisible();
});

test('a validator sees the issuers it validates in Spanish, filters them and compares them', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const { db } = laurel.app.laurel;
  const token = await sessionToken(laurel, ADMIN);
  const { issuer_id: issuerId } = await ownIssuer(laurel);
  await publishBadge(laurel, token, 'Data analysis', 3);

  const own = await db.selectFrom('issuers').selectAll().where('id', '=', issuerId).executeTakeFirstOrThrow();
  const otherId = await insertIssuer(db, {
    name: 'Universidad Politécnica de la Costa Norte y del Mar Cantábrico',
    plan: own.plan,
    credits: 120,
    metatemplates: own.metatemplates,
  });
  await insertUser(db, { issuer_id: otherId, email: 'admin@costa.example', profile_id: PROFILE.Administrator });
  const otherToken = await sessionToken(laurel, 'admin@costa.example');
  await publishBadge(laurel, otherToken, 'Gestión de proyectos', 5);
  // an issuer it does not validate, whose figures it never sees
  const strangerId = await insertIssuer(db, { name: 'Instituto Ajeno', plan: own.plan, credits: 999 });
  await insertUser(db, { issuer_id: strangerId, email: 'admin@ajeno.example', profile_id: PROFILE.Administrator });
  // the operators' tool makes the seeded issuer a validator of the Universidad only. It runs in this process, where
  // its synchronous wait on a locked database would hold the very server that holds the lock: the publications'
  // background work is finished first (an operator's tool is a process of its own in production)
  await laurel.app.laurel.jobs.runUntilIdle();
  const operator: string[] = [];
  const io = { out: (line: string) => operator.push(line), err: (line: string) => operator.push(line) };
  expect(
    await runCli(
      ['add-validated', String(issuerId), String(otherId)],
      { DATA_DIR: laurel.app.laurel.config.dataDir },
      io,
    ),
    operator.join('\n'),
  ).toBe(0);

  await signIn(page, laurel, ADMIN, { at: '/dashboard?lang=es' });
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
  await expect(page.getByText('Datos de 2 emisores')).toBeVisible();
  await expect(page.getByText('Certificados emitidos').locator('..')).toContainText('8');
  await expect(page.getByText('Créditos restantes por emisor')).toBeVisible();
  await expect(page.getByText('Instituto Ajeno')).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Plantillas activas del periodo' });
  await expect(table.getByRole('columnheader', { name: 'Emisor' })).toBeVisible();
  // the campaigns shortcut only on the validator's own issuer's rows
  await expect(table.getByRole('button', { name: /Ver las campañas de/ })).toHaveCount(1);
  await expect(table.getByRole('link', { name: /Ver la página pública de/ })).toHaveCount(2);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await shot(page, 'dashboard-validator-es');

  await page.getByRole('button', { name: 'Filtrar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Emisores' });
  await drawer.getByRole('checkbox', { name: /Universidad/ }).uncheck();
  await expect(page.getByText('Datos de 1 emisor', { exact: true })).toBeVisible();
  await shot(page, 'dashboard-filter-es');
  await drawer.getByRole('button', { name: 'Desmarcar todo' }).click();
  await expect(drawer.getByRole('button', { name: 'Seleccionar todo' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Seleccionar todo' }).click();
  await drawer.getByRole('checkbox', { name: 'My organisation' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Datos de 1 emisor', { exact: true })).toBeVisible();
  await expect(page.getByText('Certificados emitidos').locator('..')).toContainText('5');
  await expect(table.getByRole('row')).toHaveCount(2);
});
