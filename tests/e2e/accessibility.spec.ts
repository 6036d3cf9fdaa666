import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility';
import { expect, publishBadgeCampaign, sessionToken, signInByMail, test } from './fixtures';

/**
 * Every screen, dialog and menu of the app passes axe-core's critical and serious rules, in the light and the dark
 * theme (issue 13, "Every screen usable by everyone"). One Laurel and one signed-in browser per theme; a screen that
 * cannot be reached is reported with the others rather than stopping the walk.
 */

const ADMIN = 'admin@example.org';

/**
 * Waits until what the last action started has been drawn: two frames (a transition starts on the frame after the
 * state change), then every finite animation or transition running (MUI's menus, dialogs and drawers enter in up to
 * 225 ms; axe reads colours after them). Spinners and skeletons loop for ever and are not waited for.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    // a paused animation never finishes: a second at most
    const finished = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 1000))]);
  });
}

/** Opens a screen and waits until its lazy chunks and first calls have settled (and MUI's transitions ended). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await animationsDone(page);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await animationsDone(page);
}

for (const theme of ['light', 'dark'] as const) {
  test(`every screen, dialog and menu passes axe in the ${theme} theme`, async ({ page, laurel }) => {
    test.setTimeout(480_000);
    const problems: string[] = [];
    /** One screen: what it takes to show it, then axe; a screen that fails to show is listed, the walk goes on. */
    const screen = async (name: string, show: () => Promise<void>, include?: string) => {
      await test.step(name, async () => {
        const started = Date.now();
        try {
          await show();
          await expectNoSeriousViolations(page, `${name} (${theme})`, { include });
        } catch (error) {
          problems.push(`${name}: ${String(error).split('\n')[0]}`);
        }
        if (process.env.LAUREL_A11Y_TIMES) console.info(`${name}: ${Date.now() - started} ms`);
      });
    };
    // a screen that does not show fails its step in seconds, not at the test's time limit
    page.setDefaultTimeout(15_000);
    await page.addInitScript((chosen) => localStorage.setItem('RaStorelaurel.theme', JSON.stringify(chosen)), theme);

    // public screens
    await screen('sign-in', () => open(page, '/login'));
    await screen('verify', () => open(page, '/verify'));

    // the welcome questionnaire of a free-trial account, then the guided tour
    await signInByMail(page, laurel, ADMIN, { acceptTerms: false, onboarding: true });
    await screen('welcome questionnaire', async () => {
      await expect(page.getByRole('dialog', { name: 'Which sector does your organisation work in?' })).toBeVisible();
      await settle(page);
    });
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
    await screen('guided tour', async () => {
      await page.goto('/templates');
      await expect(page.getByRole('dialog', { name: 'Design your first badge' })).toBeVisible();
      await settle(page);
    });
    await page.evaluate(() => localStorage.setItem('laurel_tour_done', 'true'));

    // the back-office
    await screen('templates', () => open(page, '/templates'));
    await screen('template actions menu', async () => {
      await page
        .getByRole('button', { name: /More actions/ })
        .first()
        .click();
      await settle(page);
    });
    await screen('template disable confirmation', async () => {
      await page.getByRole('menuitem', { name: 'Disable' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    });
    await page.keyboard.press('Escape');
    await screen('templates filter drawer', async () => {
      await open(page, '/templates');
      await page.getByRole('button', { name: /^Filters/ }).click();
      await settle(page);
    });
    await screen('account menu', async () => {
      await open(page, '/templates');
      await page.getByRole('button', { name: /account menu/i }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await settle(page);
    });
    await screen('language dialog', async () => {
      await page.getByRole('menuitem', { name: 'Language' }).click();
      await expect(page.getByRole('dialog', { name: /language/i })).toBeVisible();
      await settle(page);
    });
    await page.keyboard.press('Escape');
    await screen('help drawer', async () => {
      await open(page, '/templates');
      await page.getByRole('button', { name: 'Help' }).click();
      await settle(page);
    });
    await screen('badge editor', () => open(page, '/badge'));
    await screen('badge editor, content step', async () => {
      // a new badge: the published template's editor would first warn that it is already used
      await open(page, '/badge');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await settle(page);
    });
    await screen('registry editor', () => open(page, '/rncp'));
    await screen('publication', () => open(page, `/publication?templateId=${templateId}`));
    await screen('campaigns', () => open(page, '/campaigns'));
    await screen('campaign report', () => open(page, `/reports/${campaignId}`));
    await screen('report filter drawer', async () => {
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
      await settle(page);
    });
    await page.keyboard.press('Escape');
    await screen('certificate delete confirmation', async () => {
      await open(page, `/reports/${campaignId}`);
      await page.locator('tbody .RaDataTable-row').filter({ hasText: 'Lovelace' }).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
    });
    await page.keyboard.press('Escape');
    await screen('email page', async () => {
      await open(page, `/reports/${campaignId}`);
      await page.getByRole('button', { name: 'Send all by email' }).click();
      await expect(page.getByRole('heading', { name: 'Send emails' })).toBeVisible();
      await settle(page);
    });
    await screen('template report', () => open(page, `/templatereport/${templateId}`));
    await screen('search', () => open(page, '/search'));
    await screen('dashboard', () => open(page, '/dashboard'));
    await screen('badge library', () => open(page, '/badgeImageLibrary'));
    await screen('badge designer', () => open(page, '/badgeImageEditor'));
    await screen('reference table', () => open(page, `/reftable/${templateId}`));
    for (const tab of ['issuer', 'emailing', 'analytics', 'attestations_display', 'sharing', 'functionnalities']) {
      await screen(`profile: ${tab}`, () => open(page, `/profile/${tab}`));
    }
    await screen('notifications', () => open(page, '/admin/notifications'));
    await screen('My plan', () => open(page, '/myplan'));
    await screen('security', () => open(page, '/security'));
    await screen('help page', () => open(page, '/help'));
    await screen('users', () => open(page, '/admin/users'));
    await screen('user create', () => open(page, '/admin/users/create'));
    await screen('org units', () => open(page, '/admin/org-units'));
    await screen('API keys', () => open(page, '/admin/api-keys'));
    await screen('tags', () => open(page, '/template-tags'));
    await screen('tag create', () => open(page, '/template-tags/create'));
    await screen('user edit', async () => {
      await open(page, '/admin/users');
      await page
        .getByRole('row', { name: /admin@example\.org/ })
        .getByRole('link')
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/users\/\d+/);
      await settle(page);
    });
    await screen('access denied / not found', () => open(page, '/no-such-screen'));

    expect(problems, 'screens that could not be shown').toEqual([]);
  });
}
