import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility';
import { expect, publishBadgeCampaign, screenshot, sessionToken, signIn, test } from './fixtures';

const ADMIN = 'admin@example.org';
const PHONE = { width: 390, height: 844 };

/**
 * What sticks out of a phone's screen: the page's own width, and every element reaching past the right edge that no
 * box of its own scrolls or clips (a table inside a scrolling card is the card's business, not the page's).
 */
async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page (${document.documentElement.scrollWidth})`);
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      let parent = element.parentElement;
      let contained = false;
      while (parent && !contained) {
        const overflow = getComputedStyle(parent).overflowX;
        contained = overflow !== 'visible' && parent.getBoundingClientRect().right <= width + 1;
        parent = parent.parentElement;
      }
      if (!contained) found.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    }
    return found.slice(0, 5);
  });
}

async function expectFitsPhone(page: Page, where: string): Promise<void> {
  await expect.poll(() => widerThanScreen(page), { message: `${where} fits 390 px` }).toEqual([]);
}

const AREAS = {
  en: { templates: 'Templates', campaigns: 'Campaigns', dashboard: 'Dashboard', search: 'Search', admin: 'Admin' },
  fr: {
    templates: 'Modèles',
    campaigns: 'Campagnes',
    dashboard: 'Tableau de bord',
    search: 'Recherche',
    admin: 'Administration',
  },
  es: {
    templates: 'Plantillas',
    campaigns: 'Campañas',
    dashboard: 'Panel',
    search: 'Búsqueda',
    admin: 'Administración',
  },
} as const;
const PATHS = {
  templates: /\/templates$/,
  campaigns: /\/campaigns$/,
  dashboard: /\/dashboard$/,
  search: /\/search$/,
  admin: /\/admin\/users$/,
};
const MENU = { en: 'Main menu', fr: 'Menu principal', es: 'Menú principal' } as const;
const SEARCH_LABEL = {
  en: "Recipient's email address",
  fr: 'Adresse e-mail du destinataire',
  es: 'Dirección de correo del destinatario',
} as const;
const VIEW_REPORT = { en: 'View the report', fr: 'Voir le rapport', es: 'Ver el informe' } as const;

/**
 * The back office on a phone (issue 31, "a phone"): the header's menu opens every area, and the screens a publisher
 * uses on the go (templates, campaigns, a report with its selection and row actions, search) fit 390 px: the lists
 * turn into cards instead of tables wider than the screen. In the light and the dark theme, in en/fr/es.
 */
for (const { language, theme } of [
  { language: 'en', theme: 'light' },
  { language: 'fr', theme: 'dark' },
  { language: 'es', theme: 'light' },
] as const) {
  test(`on a phone in ${language} (${theme}): every area from the menu, a report's cards, its selection and search`, async ({
    page,
    laurel,
  }) => {
    const token = await sessionToken(laurel, ADMIN);
    const { campaignId } = await publishBadgeCampaign(laurel, token, [
      { ID: 'r1', Language: 'en', Email: 'ana.lopez-garcia@example.org', firstName: 'Ana', lastName: 'López García' },
      { ID: 'r2', Language: 'en', Email: 'jean.dupont@example.org', firstName: 'Jean', lastName: 'Dupont' },
    ]);
    await page.addInitScript((chosen) => localStorage.setItem('RaStorelaurel.theme', JSON.stringify(chosen)), theme);
    await page.setViewportSize(PHONE);
    await signIn(page, laurel, ADMIN, { at: `/templates?lang=${language}` });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsPhone(page, 'templates');

    // the header's entries are in its menu: each opens its area, which fits the screen
    for (const [area, name] of Object.entries(AREAS[language])) {
      await page.getByRole('button', { name: MENU[language] }).click();
      await page.getByRole('menuitem', { name, exact: true }).click();
      await expect(page).toHaveURL(PATHS[area as keyof typeof PATHS]);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectFitsPhone(page, area);
    }

    // campaigns: a card per campaign, with its way to the report
    await page.getByRole('button', { name: MENU[language] }).click();
    await page.getByRole('menuitem', { name: AREAS[language].campaigns, exact: true }).click();
    const campaignCard = page.getByRole('listitem').filter({ hasText: 'Data analysis' });
    await expect(campaignCard).toBeVisible();
    await expectFitsPhone(page, 'campaigns');
    if (language === 'en') await screenshot(page, `phone-campaigns-${language}-${theme}`);
    await campaignCard.getByRole('link', { name: new RegExp(VIEW_REPORT[language]) }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/${campaignId}$`));

    // the report: one card per certificate, its statuses, lines and row actions
    const jean = page.getByRole('listitem').filter({ hasText: 'Jean Dupont' });
    await expect(jean).toBeVisible();
    await expect(jean.getByText('jean.dupont@example.org')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'López García' })).toBeVisible();
    await expectFitsPhone(page, 'report');
    await screenshot(page, `phone-report-${language}-${theme}`);
    await expectNoSeriousViolations(page, `the report's cards (${language}, ${theme})`);

    // the selection works as in the table: a checkbox per card, the bulk actions above the cards
    await jean.getByRole('checkbox').check();
    const disable = page.getByRole('button', {
      name: { en: 'Disable', fr: 'Désactiver', es: 'Desactivar' }[language],
      exact: true,
    });
    await expect(disable).toBeVisible();
    await expectFitsPhone(page, 'report with a selection');
    if (language === 'fr') await screenshot(page, `phone-report-selection-${language}-${theme}`);
    await disable.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: { en: 'Disable', fr: 'Désactiver', es: 'Desactivar' }[language] })
      .click();
    await expect(
      jean.getByText({ en: 'Disabled', fr: 'Désactivé', es: 'Desactivado' }[language], { exact: true }),
    ).toBeVisible();
    const stored = await laurel.app.laurel.db
      .selectFrom('certificates')
      .select(['status_id', 'email'])
      .where('email', 'in', ['jean.dupont@example.org', 'ana.lopez-garcia@example.org'])
      .orderBy('email')
      .execute();
    expect(stored.map((row) => row.status_id)).toEqual([1, 9]);

    // search: the results are cards too
    await page.getByRole('button', { name: MENU[language] }).click();
    await page.getByRole('menuitem', { name: AREAS[language].search, exact: true }).click();
    await expect(page).toHaveURL(PATHS.search);
    await page.getByRole('textbox', { name: SEARCH_LABEL[language] }).fill('ana.lopez-garcia@example.org');
    await page.keyboard.press('Enter');
    const found = page.getByRole('listitem').filter({ hasText: 'López García' });
    await expect(found).toBeVisible();
    await expectFitsPhone(page, 'search');
    if (language !== 'fr') await screenshot(page, `phone-search-${language}-${theme}`);
  });
}
