import type { Locator, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { newElement } from '../../domain/badgeImage/model';
import { PROFILE } from '../../domain/roles';
import { totpFor } from '../../domain/totp';
import { insertIssuer } from '../../server/repositories/issuers';
import { insertTag } from '../../server/repositories/tags';
import { insertUser, setTotpSecret } from '../../server/repositories/users';
import { addValidatedIssuers } from '../../server/repositories/validators';
import { expectNoSeriousViolations } from './accessibility';
import {
  createBadgeTemplate,
  expect,
  publishBadgeCampaign,
  publishRows,
  sessionToken,
  signIn,
  signInByMail,
  test,
  type Laurel,
} from './fixtures';
import { animationsDone, OVERLAY, openInApp } from './navigate';
import { drawnTheme, showTheme, startInTheme } from './themes';

/**
 * Every screen, dialog and menu of the app passes axe-core's critical and serious rules, in the light and the dark
 * theme (issue 13, "Every screen usable by everyone"). One walk: each screen is checked with every rule in the light
 * theme and, switched in place, with the rules that read colours in the dark theme (the others see the same
 * elements, names and roles in both themes), starting with the theme it is drawn in: one switch a screen. A screen
 * that cannot be reached is reported with the others rather than stopping the walk.
 */

const ADMIN = 'admin@example.org';

/** Closes what floats over the page by Escape, so that the walk goes on from the same page without reloading it. */
async function closeOverlays(page: Page): Promise<void> {
  const shown = page.locator(OVERLAY).filter({ visible: true });
  for (let presses = 0; presses < 3 && (await shown.count()) > 0; presses++) {
    await page.keyboard.press('Escape');
    await expect(shown)
      .toHaveCount(0, { timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(shown).toHaveCount(0);
}

/**
 * Opens a screen and waits until its lazy chunks and first calls have settled (and MUI's transitions ended): inside
 * the loaded app when it can (`openInApp`, which says when a load is made instead), `load` for a real load.
 */
async function open(page: Page, path: string, { load = false }: { load?: boolean } = {}): Promise<void> {
  await openInApp(page, path, { load });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await animationsDone(page);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await animationsDone(page);
}

/** A spreadsheet of recipients for the publication page, as a file input takes it. */
function recipientsFile() {
  const book = XLSX.utils.book_new();
  const rows = [
    ['language', 'ID', 'Email', 'firstName', 'lastName'],
    ['en', 'grace-hopper', 'grace@example.org', 'Grace', 'Hopper'],
    ['en', 'katherine-johnson', 'katherine@example.org', 'Katherine', 'Johnson'],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  const buffer = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return {
    name: 'cohort.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  };
}

/** The axe rules whose outcome depends on the colours drawn, checked again in the dark theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The walk's two steps, over one page: a screen checked in both themes, and a dialog opened by keyboard alone. */
function walker(page: Page) {
  // a screen that does not show fails its step in seconds, not at the test's time limit
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  /** One screen: what it takes to show it, then axe; a screen that fails to show is listed, the walk goes on. */
  const screen = async (
    name: string,
    show: () => Promise<void>,
    { include, exclude, themed = true }: { include?: string; exclude?: string; themed?: boolean } = {},
  ) => {
    await test.step(name, async () => {
      const started = Date.now();
      let axeTime = 0;
      try {
        await show();
        // LAUREL_A11Y_SHOTS=<folder>: a picture of every walked screen in both themes, to look at what axe checked
        const shots = process.env.LAUREL_A11Y_SHOTS;
        const shot = (theme: string) =>
          shots ? page.screenshot({ path: `${shots}/${theme}-${name.replace(/[^\w]+/g, '-')}.png` }) : null;
        const light = async () => {
          const axeStarted = Date.now();
          await expectNoSeriousViolations(page, `${name} (light)`, { include, exclude });
          axeTime += Date.now() - axeStarted;
          await shot('light');
        };
        const dark = async () => {
          const axeStarted = Date.now();
          await expectNoSeriousViolations(page, `${name} (dark)`, { include, exclude, rules: COLOUR_RULES });
          axeTime += Date.now() - axeStarted;
          await shot('dark');
        };
        if (!themed) return await light();
        // one switch of theme per screen, not two: checked first in the theme it is drawn in (the previous screen's
        // last, or light after a load), then in the other
        if ((await drawnTheme(page)) === 'light') {
          await light();
          await showTheme(page, 'dark');
          await dark();
        } else {
          await dark();
          await showTheme(page, 'light');
          await light();
        }
      } catch (error) {
        problems.push(`${name}: ${String(error).split('\n')[0]}`);
      }
      if (process.env.LAUREL_A11Y_TIMES) console.info(`${name}: ${Date.now() - started} ms (axe ${axeTime} ms)`);
    });
  };
  /**
   * A dialog opened by keyboard alone: the opener focused and Enter pressed, the focus inside the dialog, axe on the
   * dialog (the page behind is walked as a screen of its own; `ready`: what the dialog loads before it is checked),
   * then Escape closes it and gives the focus back to the opener (unless the opener leaves with the dialog).
   */
  const dialogByKeyboard = async (
    name: string,
    opener: Locator,
    dialog: Locator,
    { focusBack = true, exclude, ready }: { focusBack?: boolean; exclude?: string; ready?: Locator } = {},
  ) => {
    await screen(
      name,
      async () => {
        await expect(opener).toBeEnabled();
        await opener.focus();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeVisible();
        if (ready) await expect(ready).toBeVisible();
        await animationsDone(page);
        const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
        expect.soft(inside, `${name}: the focus moves into the dialog`).toBe(true);
        // axe's scope: this dialog only (colours are still read against what is drawn behind it)
        await dialog.evaluate((element) => {
          for (const before of document.querySelectorAll('[data-axe-scope]')) before.removeAttribute('data-axe-scope');
          element.setAttribute('data-axe-scope', '');
        });
      },
      { include: '[data-axe-scope]', exclude },
    );
    await page.keyboard.press('Escape');
    await expect.soft(dialog, `${name}: Escape closes the dialog`).toBeHidden();
    if (focusBack) await expect.soft(opener, `${name}: the focus goes back to its opener`).toBeFocused();
  };
  return { problems, screen, dialogByKeyboard };
}

interface Seeded {
  issuerId: number;
  token: string;
  templateId: number;
  campaignId: number;
  nftTemplateId: number;
  nftCampaignId: number;
  imageId: number;
}

/**
 * What the walk's screens and dialogs need, seeded through the API or the database rather than the screens: a badge
 * campaign of two people, an NFT campaign whose certificate the follow-up job signs while the walk goes on (the claim
 * page), reference tables (an NFT badge's may change), a library image, a second user with two-step verification, a
 * validated issuer (the dashboard's issuer filter), and Ada's mail refused (the report's resend). The administrator
 * counts as onboarded with the terms accepted.
 */
async function seed(laurel: Laurel): Promise<Seeded> {
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select(['id', 'params']).executeTakeFirstOrThrow();
  await db
    .updateTable('issuers')
    .set({ params: JSON.stringify({ ...(JSON.parse(issuer.params) as object), onboarded: true }) })
    .where('id', '=', issuer.id)
    .execute();
  await db.updateTable('users').set({ ok_cgu: 1, ok_notice: 1 }).where('email', '=', ADMIN).execute();
  const token = await sessionToken(laurel, ADMIN);
  const { templateId, campaignId } = await publishBadgeCampaign(laurel, token, [
    { ID: 'ada-lovelace', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: 'alan-turing', Language: 'en', Email: 'alan@example.org', firstName: 'Alan', lastName: 'Turing' },
  ]);
  const nftTemplateId = await createBadgeTemplate(laurel, token, { network: 'gnosis', title: 'Ledger literacy' });
  const nftCampaignId = await publishRows(laurel, token, nftTemplateId, [
    { ID: 'nft-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
  ]);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const tables = await fetch(`${laurel.baseURL}/api/template/tables`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      templateId: nftTemplateId,
      tables: [
        { table: 'ref_sites', key: 'lyon', definition: { name: 'Lyon workshop', country: 'ref_countries[fr]' } },
        { table: 'ref_countries', key: 'fr', definition: { name: 'France', code: 'FR' } },
      ],
    }),
  });
  expect(tables.status, await tables.clone().text()).toBe(200);
  const created = await fetch(`${laurel.baseURL}/api/badge-images`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Welding expert', model: { version: 1, data: [newElement('shape')] } }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id: imageId } = (await created.json()) as { id: number };
  const graceId = await insertUser(db, {
    issuer_id: issuer.id,
    email: 'grace@example.org',
    first_name: 'Grace',
    last_name: 'Hopper',
    profile_id: PROFILE.Publisher,
  });
  await setTotpSecret(db, graceId, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  const validatedId = await insertIssuer(db, { name: 'Costa Norte University', plan: 'FREE_TRIAL', credits: 50 });
  await addValidatedIssuers(db, issuer.id, [validatedId]);
  await db
    .updateTable('certificates')
    .set({ mail_sent: 0 })
    .where('campaign_id', '=', campaignId)
    .where('email', '=', 'ada@example.org')
    .execute();
  return { issuerId: issuer.id, token, templateId, campaignId, nftTemplateId, nftCampaignId, imageId };
}

/**
 * A walk of one part of the app: the light theme first, the administrator seeded and signed in (the sign-in screens,
 * the questionnaire and the tour are walked by the first part, which signs in through them itself).
 */
async function signedInWalk(page: Page, laurel: Laurel) {
  await startInTheme(page, 'light');
  const seeded = await seed(laurel);
  await page.addInitScript(() => localStorage.setItem('laurel_tour_done', 'true'));
  await signIn(page, laurel, ADMIN, { at: '/templates' });
  // the app drawn, so that the walk's first screen opens inside it
  await expect(page.locator('#main-content')).toBeVisible();
  return { ...seeded, db: laurel.app.laurel.db, ...walker(page) };
}

/*
 * The walk is cut in five parts, each a test with its own server, so that the two browser workers share it (it was
 * one test of 7 minutes, the longest of the run). Every part seeds the same data (seed) and ends with the screens
 * that could not be shown.
 */
test('axe, part 1: sign-in, verify, the questionnaire, the tour, the templates page and the editors', async ({
  page,
  laurel,
}) => {
  test.setTimeout(600_000);
  const { problems, screen, dialogByKeyboard } = walker(page);
  await startInTheme(page, 'light');
  // public screens
  await screen('sign-in', () => open(page, '/login', { load: true }));
  await screen('verify', () => open(page, '/verify', { load: true }));

  // the welcome questionnaire of a free-trial account, then the guided tour
  await signInByMail(page, laurel, ADMIN, { acceptTerms: false, onboarding: true });
  await screen('welcome questionnaire', async () => {
    await expect(page.getByRole('dialog', { name: 'Which sector does your organisation work in?' })).toBeVisible();
    await settle(page);
  });
  const { templateId } = await seed(laurel);
  await screen('guided tour', async () => {
    await page.goto('/templates');
    await expect(page.getByRole('dialog', { name: 'Design your first badge' })).toBeVisible();
    await settle(page);
  });
  await page.evaluate(() => localStorage.setItem('laurel_tour_done', 'true'));

  // the back-office
  await screen('templates', () => open(page, '/templates'));
  await screen(
    'template actions menu',
    async () => {
      await page
        .getByRole('button', { name: /More actions/ })
        .first()
        .click();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await screen(
    'template disable confirmation',
    async () => {
      await page.getByRole('menuitem', { name: 'Disable' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  // the templates page stays: its drawer, the account menu and the help drawer open over it in turn
  await screen(
    'templates filter drawer',
    async () => {
      await closeOverlays(page);
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await screen(
    'account menu',
    async () => {
      await closeOverlays(page);
      await page.getByRole('button', { name: /account menu/i }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await screen(
    'language dialog',
    async () => {
      await page.getByRole('menuitem', { name: 'Language' }).click();
      await expect(page.getByRole('dialog', { name: /language/i })).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await screen(
    'help drawer',
    async () => {
      await closeOverlays(page);
      await page.getByRole('button', { name: 'Help' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await screen('badge editor', () => open(page, '/badge'));
  await screen('badge editor, content step', async () => {
    // a new badge (the published template's editor would first warn that it is already used), still open
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await settle(page);
  });
  await dialogByKeyboard(
    'badge image picker',
    page.getByRole('button', { name: 'Choose from the image library' }).first(),
    page.getByRole('dialog', { name: 'Badge image library' }),
    { ready: page.getByRole('dialog').getByText('Welding expert') },
  );
  await screen('registry editor', () => open(page, '/rncp'));
  await screen('publication', () => open(page, `/publication?templateId=${templateId}`));
  // dialogs of the templates page and the badge editor
  await open(page, '/templates');
  await dialogByKeyboard(
    'template tag dialog',
    page.getByRole('button', { name: 'Add a tag to Data analysis' }),
    page.getByRole('dialog'),
  );
  await screen('badge editor, already-used warning', async () => {
    await open(page, `/badge?id=${templateId}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
  });

  expect(problems, 'screens that could not be shown').toEqual([]);
});

test('axe, part 2: campaigns, reports, email, search, the dashboard, a register campaign and an NFT claim', async ({
  page,
  laurel,
}) => {
  test.setTimeout(600_000);
  const { problems, screen, dialogByKeyboard, db, token, templateId, campaignId, nftCampaignId } = await signedInWalk(
    page,
    laurel,
  );
  await screen('campaigns', () => open(page, '/campaigns'));
  await screen('campaign report', () => open(page, `/reports/${campaignId}`));
  await screen(
    'report filter drawer',
    async () => {
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await screen(
    'certificate delete confirmation',
    async () => {
      await closeOverlays(page);
      await page.locator('tbody .RaDataTable-row').filter({ hasText: 'Lovelace' }).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await closeOverlays(page);
  // the same selection: Ada's mail was refused, so it can be sent again
  await dialogByKeyboard(
    'report resend confirmation',
    page.getByRole('button', { name: 'Send again' }),
    page.getByRole('dialog', { name: 'Send the undelivered mail again?' }),
  );
  await screen('email page', async () => {
    await open(page, `/reports/${campaignId}`);
    await page.getByRole('button', { name: 'Send all by email' }).click();
    await expect(page.getByRole('heading', { name: 'Send emails' })).toBeVisible();
    await settle(page);
  });
  await screen('template report', () => open(page, `/templatereport/${templateId}`));
  await screen('search', () => open(page, '/search'));
  await screen('dashboard', () => open(page, '/dashboard'));
  await dialogByKeyboard(
    'dashboard issuer filter',
    page.getByRole('button', { name: 'Filter', exact: true }),
    page.getByRole('dialog', { name: 'Issuers' }),
  );
  // the email page's confirmation
  await screen(
    'email send confirmation',
    async () => {
      await open(page, `/reports/${campaignId}`);
      await page.getByRole('button', { name: 'Send all by email' }).click();
      await page.getByRole('textbox', { name: 'Subject' }).fill('Your Data analysis badge');
      await page.getByRole('button', { name: 'Validate' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await page.keyboard.press('Escape');

  // the search page: its mode menu, then a selection's status change and resending (bulk actions)
  await screen(
    'search mode menu',
    async () => {
      await open(page, '/search');
      await page.getByRole('combobox', { name: 'Search by' }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await page.keyboard.press('Escape');
  await screen('search results', async () => {
    await page.getByRole('textbox', { name: "Recipient's email address" }).fill('ada@example.org');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.locator('tbody .RaDataTable-row').first()).toBeVisible();
    await settle(page);
  });
  await page.locator('tbody .RaDataTable-row').first().getByRole('checkbox').check();
  await dialogByKeyboard(
    'bulk status dialog (disable the selection)',
    page.getByRole('button', { name: 'Disable', exact: true }),
    page.getByRole('dialog'),
  );

  // a register template (RNCP/RS): its campaign's email change and refused export, and the register control report
  const registryId = await createBadgeTemplate(laurel, token, { title: 'Welding safety' });
  const registryCampaignId = await publishRows(laurel, token, registryId, [
    { ID: 'grace-hopper', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
  ]);
  await db.updateTable('templates').set({ type: 'cpf_onshelf' }).where('id', '=', registryId).execute();
  await open(page, `/reports/${registryCampaignId}`);
  await dialogByKeyboard(
    'email address change dialog',
    page.getByRole('button', { name: 'Change the address grace@example.org' }),
    page.getByRole('dialog'),
  );
  await dialogByKeyboard(
    'register export refused dialog',
    page.getByRole('button', { name: 'Register export (XML)' }),
    page.getByRole('dialog', { name: 'The register export is refused' }),
  );
  await screen('register control report', () => open(page, `/controlcpf/${registryId}`));

  // the NFT claim page of a certificate the follow-up job has signed (minting → validated)
  const nftKey = async () =>
    (
      await db
        .selectFrom('certificates')
        .select(['key', 'status_id'])
        .where('campaign_id', '=', nftCampaignId)
        .executeTakeFirst()
    )?.status_id === 1;
  await screen('NFT claim', async () => {
    await expect.poll(nftKey, { timeout: 60_000 }).toBe(true);
    const { key } = await db
      .selectFrom('certificates')
      .select('key')
      .where('campaign_id', '=', nftCampaignId)
      .executeTakeFirstOrThrow();
    await open(page, `/nft/claim?key=${key}`, { load: true });
    await page.getByLabel('Wallet address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await expect(page.getByTestId('message-to-sign')).toBeVisible();
    await settle(page);
  });
  await screen('access denied / not found', () => open(page, '/no-such-screen'));

  expect(problems, 'screens that could not be shown').toEqual([]);
});

test('axe, part 3: the badge library and designer, reference tables, the profile, notifications, My plan, security, help', async ({
  page,
  laurel,
}) => {
  test.setTimeout(600_000);
  const { problems, screen, dialogByKeyboard, nftTemplateId } = await signedInWalk(page, laurel);
  await screen('badge library', () => open(page, '/badgeImageLibrary'));
  await screen('badge designer', () => open(page, '/badgeImageEditor'));
  await dialogByKeyboard(
    'designer icon picker',
    page.getByRole('button', { name: 'Icon', exact: true }),
    page.getByRole('dialog', { name: 'Choose an icon' }),
    { ready: page.getByRole('dialog').getByRole('button').nth(3) },
  );
  await screen('reference table', () => open(page, `/reftable/${nftTemplateId}`));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await dialogByKeyboard(
    'reference table entry dialog (add)',
    page.getByRole('button', { name: 'Add an entry to ref_sites' }),
    page.getByRole('dialog', { name: 'New entry in ref_sites' }),
  );
  await dialogByKeyboard(
    'reference table entry dialog (update)',
    page.getByRole('button', { name: 'Update the entry lyon' }),
    page.getByRole('dialog'),
  );
  for (const tab of ['issuer', 'emailing', 'analytics', 'attestations_display', 'sharing', 'functionnalities']) {
    await screen(`profile: ${tab}`, () => open(page, `/profile/${tab}`));
  }
  await screen('notifications', () => open(page, '/admin/notifications'));
  await screen('My plan', () => open(page, '/myplan'));
  await screen('security', () => open(page, '/security'));
  await screen('help page', () => open(page, '/help'));
  expect(problems, 'screens that could not be shown').toEqual([]);
});

test('axe, part 4: users, org units, API keys, tags, the webhook and a library image', async ({ page, laurel }) => {
  test.setTimeout(600_000);
  const { problems, screen, dialogByKeyboard, db, issuerId, imageId } = await signedInWalk(page, laurel);
  await screen('users', () => open(page, '/admin/users'));
  await dialogByKeyboard(
    'user delete confirmation',
    page.getByRole('button', { name: 'Delete: Grace Hopper' }),
    page.getByRole('dialog', { name: 'Delete Grace Hopper?' }),
  );
  await dialogByKeyboard(
    'user two-step reset confirmation',
    page.getByRole('button', { name: 'Turn off two-step verification: Grace Hopper' }),
    page.getByRole('dialog'),
  );
  await screen('user edit', async () => {
    await page
      .getByRole('row', { name: /admin@example\.org/ })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+/);
    await settle(page);
  });
  await screen('user create', () => open(page, '/admin/users/create'));
  await screen('org units', () => open(page, '/admin/org-units'));
  await screen('API keys', () => open(page, '/admin/api-keys'));
  await screen('tags', () => open(page, '/template-tags'));
  await screen('tag create', () => open(page, '/template-tags/create'));

  // tags: the edit screen, and the list's bulk actions
  const tagId = await insertTag(db, { issuerId: issuerId, name: 'Safety', visibility: 'public', isActive: true });
  await screen('tag edit', () => open(page, `/template-tags/${tagId}`));
  await open(page, '/template-tags');
  await page.locator('tbody .RaDataTable-row').first().getByRole('checkbox').check();
  await dialogByKeyboard('tag assign dialog', page.getByRole('button', { name: 'Assign' }), page.getByRole('dialog'));
  await dialogByKeyboard(
    'tag remove confirmation',
    page.getByRole('button', { name: 'Remove' }),
    page.getByRole('dialog'),
  );

  // org units and API keys
  await open(page, '/admin/org-units');
  await dialogByKeyboard(
    'org unit name dialog',
    page.getByRole('button', { name: 'Add an org unit' }),
    page.getByRole('dialog'),
  );
  await screen('API key generation', async () => {
    await open(page, '/admin/api-keys');
    await page.getByRole('button', { name: 'Generate', exact: true }).first().click();
    await settle(page);
  });

  // the webhook: the save confirmation, the new secret shown once, then its rotation
  await screen(
    'notifications save confirmation',
    async () => {
      await open(page, '/admin/notifications');
      await page.getByRole('textbox', { name: 'Address (URL)' }).fill(`${laurel.baseURL}/webhook-receiver`);
      await page.getByRole('textbox', { name: 'Content (JSON)' }).fill('{ "campaign": "${campaignId}" }');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    },
    { include: OVERLAY },
  );
  await screen('webhook secret shown', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The notification settings were saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Create a secret' }).click();
    await expect(page.getByRole('textbox', { name: 'New signing secret' })).toBeVisible();
    await settle(page);
  });
  await open(page, '/admin/notifications');
  await dialogByKeyboard(
    'webhook secret rotation dialog',
    page.getByRole('button', { name: 'Rotate the secret' }),
    page.getByRole('dialog', { name: 'Replace the signing secret?' }),
  );

  // a badge image of the library: its selection's delete confirmation, and its edit screen
  await open(page, '/badgeImageLibrary');
  await page.getByRole('listitem', { name: 'Welding expert', exact: true }).getByRole('button').first().click();
  await dialogByKeyboard(
    'badge image delete confirmation',
    page.getByRole('button', { name: 'Delete', exact: true }),
    page.getByRole('dialog'),
  );
  // the editor is being rewritten (helper 4): walked, its findings reported
  await screen('badge image edit', () => open(page, `/badgeImageEditor/${imageId}`));

  expect(problems, 'screens that could not be shown').toEqual([]);
});

test('axe, part 5: the publication page’s warnings, the checkout, not found, two-step verification and the terms', async ({
  page,
  laurel,
}) => {
  test.setTimeout(600_000);
  const { problems, screen, dialogByKeyboard, db, issuerId, templateId } = await signedInWalk(page, laurel);
  // the publication page's warnings and modals: too few credits (1 left for 2 certificates) and rows too long (a
  // 5-character maximum), the row preview, the publish confirmation, the outcome
  const { credits } = await db
    .selectFrom('issuers')
    .select('credits')
    .where('id', '=', issuerId)
    .executeTakeFirstOrThrow();
  await db.updateTable('issuers').set({ credits: 1 }).where('id', '=', issuerId).execute();
  await db.updateTable('templates').set({ nb_char_max: 5 }).where('id', '=', templateId).execute();
  const creditsAlert = page.getByRole('alert').filter({ hasText: 'This publication needs 2 credits' });
  await screen('publication rows with the credits and long-row warnings', async () => {
    await open(page, `/publication?templateId=${templateId}`);
    await page.getByLabel('Spreadsheet file').setInputFiles(recipientsFile());
    await expect(page.getByTestId('row-count')).toHaveText('2 rows');
    await expect(creditsAlert).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '2 rows hold more than 10 characters' })).toBeVisible();
    await settle(page);
  });
  await dialogByKeyboard(
    'publication row preview',
    page.getByRole('button', { name: 'Preview row 1' }),
    page.getByRole('dialog'),
    // the certificate's own HTML, in a frame sandboxed without scripts: axe cannot run there
    { exclude: 'iframe' },
  );
  const publishButton = page.getByRole('button', { name: 'Publish 2 certificates' });
  await dialogByKeyboard(
    'publication: not enough credits',
    publishButton,
    page.getByRole('dialog', { name: 'Not enough credits' }),
  );
  await db.updateTable('issuers').set({ credits }).where('id', '=', issuerId).execute();
  await creditsAlert.getByRole('button', { name: 'Refresh credits' }).click();
  await expect(creditsAlert).toBeHidden();
  const tooLong = page.getByRole('dialog', { name: 'Some rows are very long' });
  await dialogByKeyboard('publication: rows too long', publishButton, tooLong);
  // publishing the long rows anyway leads on to the typed confirmation, whose Escape gives the focus back to Publish
  await publishButton.click();
  await tooLong.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.getByRole('dialog', { name: 'Publish the certificates?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect.soft(publishButton, `after the long rows' dialog the focus back on Publish`).toBeFocused();
  await dialogByKeyboard(
    'publication confirmation',
    publishButton,
    page.getByRole('dialog', { name: 'Publish the certificates?' }),
  );
  await screen('publication success', async () => {
    await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
    await confirm.getByLabel('Type PUBLISH to confirm').fill('PUBLISH');
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('dialog', { name: 'Certificates published' })).toBeVisible();
    await settle(page);
  });

  // My plan: the billing service's checkout page, then with a pack its upgrade dialog
  await screen(
    'checkout page',
    async () => {
      await open(page, '/myplan');
      await page.getByRole('region', { name: 'Essentials 500' }).getByRole('button', { name: 'Buy' }).click();
      await page.waitForURL(/\/billing\/checkout\/cs_test_/);
      await settle(page);
    },
    // the billing service's own page: it has no dark theme
    { themed: false },
  );
  await screen('My plan with a pack', async () => {
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/myplan');
    await expect(page.getByText('Pack: Essentials 500')).toBeVisible({ timeout: 30_000 });
    await settle(page);
  });
  await dialogByKeyboard(
    'pack upgrade dialog',
    page.getByRole('region', { name: 'Essentials 2,000' }).getByRole('button', { name: 'Upgrade' }),
    page.getByRole('dialog'),
  );

  // two-step verification: its set-up steps and turning it off, then the sign-in's second step and the terms
  await screen('two-step set-up: the key', async () => {
    await open(page, '/security');
    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    await expect(page.getByTestId('totp-secret')).toBeVisible();
    await settle(page);
  });
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  await screen('two-step set-up: the code', async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('6-digit code')).toBeVisible();
    await settle(page);
  });
  // the previous step's code (still accepted), so that the sign-in below uses the current one
  await page.getByLabel('6-digit code').fill(totpFor(secret).generate({ timestamp: Date.now() - 30_000 }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('totp-state')).toHaveText('On');
  await dialogByKeyboard(
    'two-step turn-off confirmation',
    page.getByRole('button', { name: 'Turn off two-step verification' }),
    page.getByRole('dialog'),
  );
  await db.updateTable('users').set({ ok_cgu: 0, ok_notice: 0 }).where('email', '=', ADMIN).execute();
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await screen('second-factor prompt', async () => {
    await signInByMail(page, laurel, ADMIN, { acceptTerms: false });
    await expect(page.getByRole('dialog', { name: 'Two-step verification' })).toBeVisible();
    await settle(page);
  });
  await screen('terms dialog', async () => {
    const prompt = page.getByRole('dialog', { name: 'Two-step verification' });
    await prompt.getByLabel('6-digit code').fill(totpFor(secret).generate());
    await prompt.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('dialog', { name: 'Before you continue' })).toBeVisible();
    await settle(page);
  });

  expect(problems, 'screens that could not be shown').toEqual([]);
});
