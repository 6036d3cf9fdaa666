import { addPeriod } from '../../domain/expiry';
import { todayIso } from '../../domain/import';
import { formatLocalDate } from '../../domain/localDate';
import {
  campaignDone,
  createBadgeTemplate,
  expect,
  publishRows,
  screenshot,
  sessionToken,
  signIn,
  test,
  xlsxFile,
} from './fixtures';

const ADMIN = 'admin@example.org';
const HEADER = ['language', 'ID', 'Email', 'firstName', 'lastName', 'obtentionDate', 'ExpirationDate'];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a certificate is renewed from the report: the recipient gets the mail, the old page links the new one, which has the new expiry', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token, {
    technicalFields: 'ID',
    expiry: {
      validity: { amount: 2, unit: 'years' },
      reminderDays: [60, 7],
      remindIssuer: false,
      issuerReminderEmail: '',
    },
  });
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'R-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: 'R-2', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
  ]);
  await campaignDone(laurel, campaignId);
  const { db } = laurel.app.laurel;
  const oldKey = (
    await db
      .selectFrom('certificates')
      .select('key')
      .where('campaign_id', '=', campaignId)
      .where('email', '=', 'ada@example.org')
      .executeTakeFirstOrThrow()
  ).key;
  const newExpiry = addPeriod(todayIso(), { amount: 2, unit: 'years' });

  await signIn(page, laurel, ADMIN, { at: `/reports/${campaignId}` });
  const rows = page.locator('tbody .RaDataTable-row');
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: 'Lovelace' }).getByRole('checkbox').check();
  const renewButton = page.getByRole('button', { name: 'Renew', exact: true });
  await renewButton.click();
  const dialog = page.getByRole('dialog', { name: 'Renew a certificate' });
  await expect(dialog.getByTestId('renew-validity')).toContainText(
    `today + 2 years, that is ${formatLocalDate(newExpiry, 'en')}`,
  );
  await expect(dialog.getByTestId('renew-cost')).toContainText('Cost: 1 credit.');
  await expect(dialog.getByRole('button', { name: 'Renew' })).toBeFocused();
  await screenshot(page, 'renewal-dialog-en');
  const mailsBefore = laurel.mailbox.messages.length;
  // Enter confirms
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 certificate renewed')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // the selection is cleared
  await expect(rows.filter({ hasText: 'Lovelace' }).getByRole('checkbox')).not.toBeChecked();

  const mail = await laurel.mailbox.waitFor('ada@example.org', {
    since: mailsBefore,
    matching: /renewed/,
    timeoutMs: 30_000,
  });
  expect(mail.subject).toMatch(/was renewed/);

  // the old page says it was renewed and links the new one, which shows the new expiry and links back
  await page.goto(`/certificate/${oldKey}`);
  await expect(page.locator('body')).toContainText('Renewed on');
  await page.locator('a.renewal-link').click();
  await expect(page).not.toHaveURL(new RegExp(oldKey));
  await expect(page.locator(`time[datetime="${newExpiry}"]`)).toBeVisible();
  await expect(page.locator('body')).toContainText('This credential renews an earlier one.');
  await screenshot(page, 'renewal-new-page-en');

  // in French on a phone: the row's card and the dialog
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports/${campaignId}?lang=fr`);
  const grace = page.getByRole('listitem').filter({ hasText: 'Hopper' });
  await grace.getByRole('button', { name: 'Renouveler le certificat de Grace Hopper' }).click();
  const dialogFr = page.getByRole('dialog', { name: 'Renouveler un certificat' });
  await expect(dialogFr.getByTestId('renew-validity')).toContainText(
    `aujourd'hui + 2 ans, soit le ${formatLocalDate(newExpiry, 'fr')}`,
  );
  await expect(dialogFr.getByTestId('renew-cost')).toContainText('Coût : 1 crédit.');
  await screenshot(page, 'renewal-dialog-fr-390');
  // Escape closes, and the focus goes back to the button
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(grace.getByRole('button', { name: 'Renouveler le certificat de Grace Hopper' })).toBeFocused();
});

test('a file renews the certificates its recipients hold: a row dated today or earlier is flagged first, then each renewal costs one credit and the old page links the new one', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token, {
    technicalFields: 'ID',
    expiry: { validity: { amount: 1, unit: 'years' }, reminderDays: [7], remindIssuer: false, issuerReminderEmail: '' },
  });
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'R-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: 'R-2', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
  ]);
  await campaignDone(laurel, campaignId);
  const { db } = laurel.app.laurel;
  const held = await db
    .selectFrom('certificates')
    .select(['id', 'key', 'email', 'issuer_id'])
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
  // Grace's certificate has expired: it counts for renew only
  await db
    .updateTable('certificates')
    .set({ expiration_date: inDays(-10) })
    .where('id', '=', held[1].id)
    .execute();
  const credits = async () =>
    (await db.selectFrom('issuers').select('credits').where('id', '=', held[0].issuer_id).executeTakeFirstOrThrow())
      .credits;
  const creditsBefore = await credits();

  await signIn(page, laurel, ADMIN, { at: `/publication?templateId=${templateId}` });
  // Ada's row gives yesterday as its new expiry: renewing her is refused before anything is sent
  await page
    .getByLabel('Spreadsheet file')
    .setInputFiles(
      xlsxFile('renewal-past.xlsx', [
        HEADER,
        ['en', 'R-1', 'ada@example.org', 'Ada', 'Lovelace', inDays(-30), inDays(-1)],
        ['en', 'R-2', 'grace@example.org', 'Grace', 'Hopper', '', ''],
      ]),
    );
  await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Some recipients already hold this certificate' });
  await expect(dialog).toContainText('Counting expired certificates, 2 recipients hold one that can be renewed.');
  await dialog.getByRole('radio', { name: /Renew them .*renew 2, publish 2 certificates/ }).check();
  const flagged = dialog.getByRole('alert');
  await expect(flagged).toContainText('1 recipient to renew has an ExpirationDate in the file that is not after today');
  await expect(flagged).toContainText('Row 2: R-1');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await screenshot(page, 'renewal-file-past-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // the corrected file: no date, the template's validity
  await page
    .getByLabel('Spreadsheet file')
    .setInputFiles(
      xlsxFile('renewal.xlsx', [
        HEADER,
        ['en', 'R-1', 'ada@example.org', 'Ada', 'Lovelace', '', ''],
        ['en', 'R-2', 'grace@example.org', 'Grace', 'Hopper', '', ''],
      ]),
    );
  await expect(page.getByText('renewal.xlsx: 2 rows ready')).toBeVisible();
  await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
  await dialog.getByRole('radio', { name: /Renew them/ }).check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await screenshot(page, 'renewal-file-dialog-en');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await confirm.getByLabel(/PUBLISH/).fill('PUBLISH');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  const success = page.getByRole('dialog', { name: 'Certificates published' });
  await expect(success).toContainText(
    '2 of them renew certificates the recipients held, whose pages now link the new ones.',
  );
  await screenshot(page, 'renewal-file-done-en');

  // one credit per renewal, nothing more; both old certificates are linked to their renewals, not revoked
  expect(await credits()).toBe(creditsBefore - 2);
  const links = await db
    .selectFrom('certificate_replacements')
    .select(['old_certificate_id', 'kind'])
    .orderBy('old_certificate_id')
    .execute();
  expect(links).toEqual([
    { old_certificate_id: held[0].id, kind: 'renewal' },
    { old_certificate_id: held[1].id, kind: 'renewal' },
  ]);
  const newExpiry = addPeriod(todayIso(), { amount: 1, unit: 'years' });
  await page.goto(`/certificate/${held[0].key}`);
  await expect(page.locator('body')).toContainText('Renewed on');
  await page.locator('a.renewal-link').click();
  await expect(page).not.toHaveURL(new RegExp(held[0].key));
  await expect(page.locator(`time[datetime="${newExpiry}"]`)).toBeVisible();
  await expect(page.locator('body')).toContainText('This credential renews an earlier one.');
});

test('in French on a phone: a renewed row dated today is flagged, and a renewal without any date is refused with its own message', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const token = await sessionToken(laurel, ADMIN);
  // no validity period: only the rows' own dates give a renewal its expiry
  const templateId = await createBadgeTemplate(laurel, token, { technicalFields: 'ID' });
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'R-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
  ]);
  await campaignDone(laurel, campaignId);
  const { db } = laurel.app.laurel;
  const state = async () => ({
    credits: (await db.selectFrom('issuers').select('credits').execute()).map((row) => row.credits),
    certificates: (await db.selectFrom('certificates').select('id').execute()).length,
  });
  const before = await state();

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, laurel, ADMIN, { at: `/publication?templateId=${templateId}&lang=fr` });
  await page
    .getByLabel('Fichier tableur')
    .setInputFiles(
      xlsxFile('renouvellement.xlsx', [
        HEADER,
        ['en', 'R-1', 'ada@example.org', 'Ada', 'Lovelace', inDays(-30), todayIso()],
        ['en', 'R-2', 'grace@example.org', 'Grace', 'Hopper', '', inDays(365)],
      ]),
    );
  await page.getByRole('button', { name: 'Publier 2 certificats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Certains destinataires ont déjà ce certificat' });
  await dialog.getByRole('radio', { name: /Les renouveler/ }).check();
  await expect(dialog.getByRole('alert')).toContainText('alors qu’un renouvellement doit expirer plus tard');
  await expect(dialog.getByRole('alert')).toContainText('Ligne 2 : R-1');
  await screenshot(page, 'renewal-file-past-fr-390');
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  // Ada's row gives no date, and the template has no validity: the server refuses, nothing is spent
  await page
    .getByLabel('Fichier tableur')
    .setInputFiles(
      xlsxFile('renouvellement-2.xlsx', [
        HEADER,
        ['en', 'R-1', 'ada@example.org', 'Ada', 'Lovelace', '', ''],
        ['en', 'R-2', 'grace@example.org', 'Grace', 'Hopper', '', inDays(365)],
      ]),
    );
  await expect(page.getByText('renouvellement-2.xlsx : 2 lignes prêtes')).toBeVisible();
  await page.getByRole('button', { name: 'Publier 2 certificats' }).click();
  await dialog.getByRole('radio', { name: /Les renouveler/ }).check();
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publier les certificats ?' });
  await confirm.getByLabel(/PUBLIER/).fill('PUBLIER');
  await confirm.getByRole('button', { name: 'Publier' }).click();
  const refused = page.getByRole('dialog', { name: 'Le renouvellement a été refusé' });
  await expect(refused).toContainText('1 destinataire à renouveler n’obtient aucune nouvelle date d’expiration');
  await expect(refused).toContainText('Destinataires : R-1');
  await screenshot(page, 'renewal-file-no-validity-fr-390');
  expect(await state()).toEqual(before);

  // the same refusal at 1280 px, in English
  await page.setViewportSize({ width: 1280, height: 800 });
  await refused.getByRole('button', { name: 'Fermer' }).click();
  await page.goto(`/publication?templateId=${templateId}&lang=en`);
  await page
    .getByLabel('Spreadsheet file')
    .setInputFiles(
      xlsxFile('renewal-2.xlsx', [
        HEADER,
        ['en', 'R-1', 'ada@example.org', 'Ada', 'Lovelace', '', ''],
        ['en', 'R-2', 'grace@example.org', 'Grace', 'Hopper', '', inDays(365)],
      ]),
    );
  await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
  const dialogEn = page.getByRole('dialog', { name: 'Some recipients already hold this certificate' });
  await dialogEn.getByRole('radio', { name: /Renew them/ }).check();
  await dialogEn.getByRole('button', { name: 'Continue' }).click();
  const confirmEn = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await confirmEn.getByLabel(/PUBLISH/).fill('PUBLISH');
  await confirmEn.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('dialog', { name: 'The renewal was refused' })).toContainText('Recipients: R-1');
  await screenshot(page, 'renewal-file-no-validity-en');
  expect(await state()).toEqual(before);
});
