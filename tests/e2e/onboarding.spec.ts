import { expect, runTimersFor, screenshot, signInByMail, test, type Laurel } from './fixtures';

const issuerParams = async (laurel: Laurel) =>
  JSON.parse(
    (await laurel.app.laurel.db.selectFrom('issuers').select('params').executeTakeFirstOrThrow()).params,
  ) as Record<string, unknown>;

test('a free-trial administrator answers the questionnaire, accepts the terms, then takes the guided tour', async ({
  page,
  laurel,
}) => {
  await signInByMail(page, laurel, 'admin@example.org', { acceptTerms: false, onboarding: true });
  await expect(page.getByRole('dialog', { name: 'Which sector does your organisation work in?' })).toBeVisible();
  // the dialog is named by its current question: the only dialog on screen
  const dialog = page.getByRole('dialog');
  // the questionnaire replaces the terms dialog, which asks for the same acceptances
  await expect(page.getByRole('dialog', { name: 'Before you continue' })).toHaveCount(0);
  const next = dialog.getByRole('button', { name: 'Next' });
  const back = dialog.getByRole('button', { name: 'Back' });

  // step 1: next waits for an answer, back is off on the first step
  await expect(dialog.getByText('Step 1/6')).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(back).toBeDisabled();
  await screenshot(page, 'onboarding-step1-en');
  await dialog.getByRole('radio', { name: 'Higher education' }).check();
  await next.click();

  // step 2: addressed by first name
  await expect(dialog.getByText('Step 2/6')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Admin, what is your role?' })).toBeVisible();
  await expect(next).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Registrar / Student Services and Experiences' }).check();
  await screenshot(page, 'onboarding-step2-en');
  await next.click();

  // step 3 in French: the whole form follows the language
  await expect(dialog.getByText('Step 3/6')).toBeVisible();
  await screenshot(page, 'onboarding-step3-en');
  await dialog.getByRole('button', { name: 'Français' }).click();
  const suivant = dialog.getByRole('button', { name: 'Suivant' });
  await expect(dialog.getByText('Étape 3/6')).toBeVisible();
  await expect(suivant).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Entre 500 et 2 000' }).check();
  await screenshot(page, 'onboarding-step3-fr');
  await suivant.click();

  // step 4 (several answers): the register-certifier option exists in French only
  await expect(dialog.getByText('Étape 4/6')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Rattachement à un certificateur/ })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Diplômes' }).check();
  await dialog.getByRole('checkbox', { name: 'Micro-certifications et badges' }).check();
  await screenshot(page, 'onboarding-step4-fr');
  await dialog.getByRole('button', { name: 'Español' }).click();
  await expect(dialog.getByText('Paso 4/6')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Vinculación/ })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'Diplomas' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Siguiente' }).click();

  // step 5 in Spanish, then back to English
  await expect(dialog.getByText('Paso 5/6')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Facilidad de uso' }).check();
  await dialog.getByRole('checkbox', { name: 'Seguridad y privacidad de los datos' }).check();
  await screenshot(page, 'onboarding-step5-es');
  await dialog.getByRole('button', { name: 'English' }).click();
  await expect(dialog.getByText('Step 5/6')).toBeVisible();
  await screenshot(page, 'onboarding-step5-en');
  await next.click();

  // step 6, with a look back that keeps the answers
  await expect(dialog.getByText('Step 6/6')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Yes, significantly' }).check();
  await screenshot(page, 'onboarding-step6-en');
  await back.click();
  await expect(dialog.getByRole('checkbox', { name: 'Ease of use' })).toBeChecked();
  await next.click();
  await expect(dialog.getByRole('radio', { name: 'Yes, significantly' })).toBeChecked();
  await next.click();

  // the final step: the submit button shows once both boxes are ticked
  await expect(dialog.getByRole('heading', { name: 'Thank you, Admin!' })).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Start using Laurel' });
  await expect(submit).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Read the general conditions' })).toHaveAttribute(
    'href',
    '/legal/terms.en.html',
  );
  await dialog.getByRole('checkbox', { name: /I accept the general conditions/ }).check();
  await expect(submit).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: /I have read the data-protection notice/ }).check();
  await screenshot(page, 'onboarding-final-en');
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Before you continue' })).toHaveCount(0);

  const { db } = laurel.app.laurel;
  const stored = await db.selectFrom('onboarding_answers').selectAll().execute();
  expect(stored).toHaveLength(1);
  expect(stored[0].language).toBe('en');
  expect(JSON.parse(stored[0].answers)).toEqual({
    company_industry: ['Higher education'],
    job_role: ['Registrar / Student Services and Experiences'],
    number_of_recipients_to_certify: ['Between 500 and 2000'],
    product_usage: ['Diplomas', 'Micro-credentials & Badges'],
    credentialing_solution_factors: ['Ease of use', 'Security & Data Privacy'],
    expected_credentialing_growth: ['Yes, significantly'],
  });
  const user = await db
    .selectFrom('users')
    .select(['ok_cgu', 'ok_notice'])
    .where('email', '=', 'admin@example.org')
    .executeTakeFirstOrThrow();
  expect(user).toEqual({ ok_cgu: 1, ok_notice: 1 });
  expect(await issuerParams(laurel)).toMatchObject({ onboarded: true });

  // the guided tour follows, step by step
  const tour = page.getByRole('dialog', { name: 'Design your first badge' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('1 of 5');
  await screenshot(page, 'onboarding-tour-step1-en');
  await tour.getByRole('button', { name: 'Next' }).click();
  const search = page.getByRole('dialog', { name: 'Find a template' });
  await expect(search).toContainText('2 of 5');
  await search.getByRole('button', { name: 'Back' }).click();
  await expect(tour).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await search.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Your main pages' }).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Help is always here' }).getByRole('button', { name: 'Next' }).click();
  const last = page.getByRole('dialog', { name: 'Your account' });
  await expect(last).toContainText('5 of 5');
  await screenshot(page, 'onboarding-tour-step5-en');
  await last.getByRole('button', { name: 'Finish' }).click();
  await expect(last).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('laurel_tour_done'))).toBe('true');

  // neither the questionnaire nor the tour comes back. The page's clock (Playwright's, from the next load on, time
  // passing as usual) is moved past the tour's 750 ms delay instead of the test waiting for it
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No templates' })).toBeVisible();
  await runTimersFor(page, 1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the help drawer's reset starts the tour again at the next load; its close button ends it
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('button', { name: 'Restart the guided tour' }).click();
  await page.reload();
  await expect(tour).toBeVisible();
  await tour.getByRole('button', { name: 'Close the tour' }).click();
  await expect(tour).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No templates' })).toBeVisible();
  await runTimersFor(page, 1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a student sees a thank-you with one button that signs out; a failed submission is reported', async ({
  page,
  laurel,
}) => {
  await page.goto('/login?lang=es');
  // the choice is kept (localStorage) when the page has switched to it: the sign-in's own visit to /login reads it
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  let answersPosted = 0;
  await page.route('**/api/onboarding/answers', async (route) => {
    answersPosted += 1;
    await route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'down' } });
  });
  await signInByMail(page, laurel, 'admin@example.org', { acceptTerms: false, onboarding: true });
  await expect(page.getByRole('dialog', { name: '¿En qué sector trabaja su organización?' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  const next = dialog.getByRole('button', { name: 'Siguiente' });
  const choose = async (role: 'radio' | 'checkbox', name: string) => {
    await dialog.getByRole(role, { name }).check();
    await next.click();
  };
  await choose('radio', 'Formación de empleados');
  await choose('radio', 'Estudiante / Alumno');
  await choose('radio', 'Hasta 500 destinatarios');
  await choose('checkbox', 'Diplomas');
  await choose('checkbox', 'Coste / Precio');
  await expect(dialog.getByText('Paso 6/6')).toBeVisible();
  await screenshot(page, 'onboarding-step6-es');
  await choose('radio', 'No lo sé');

  // reaching the last step sends a student's answers at once; the failure is reported and the flow goes on
  await expect(dialog.getByRole('heading', { name: '¡Gracias, Admin!' })).toBeVisible();
  await expect(page.getByText('No se pudieron enviar los datos')).toBeVisible();
  expect(answersPosted).toBe(1);
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Atrás' })).toBeHidden();
  await screenshot(page, 'onboarding-final-student-es');
  await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  expect(await issuerParams(laurel)).toMatchObject({ onboarded: true });
  const user = await laurel.app.laurel.db
    .selectFrom('users')
    .select(['ok_cgu', 'ok_notice'])
    .where('email', '=', 'admin@example.org')
    .executeTakeFirstOrThrow();
  expect(user).toEqual({ ok_cgu: 0, ok_notice: 0 });
});
