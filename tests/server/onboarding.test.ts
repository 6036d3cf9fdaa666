import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { listOnboardingAnswers } from '../../server/repositories/onboarding';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const ANSWERS = {
  company_industry: 'Higher education',
  job_role: 'Registrar / Student Services and Experiences',
  number_of_recipients_to_certify: 'Between 500 and 2000',
  product_usage: ['Diplomas', 'Micro-credentials & Badges'],
  credentialing_solution_factors: ['Ease of use', 'Security & Data Privacy', 'Scalability'],
  expected_credentialing_growth: 'Yes, significantly',
};

describe.each(TEST_DATABASES)('onboarding questionnaire on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId, userId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const submit = (payload: unknown, as = headers) =>
    t.app.inject({ method: 'POST', url: '/api/onboarding/answers', headers: as, payload: payload as object });
  const onboard = (id = issuerId, as = headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/issuer/${id}/account/onboard`, headers: as });
  const account = async (as = headers) =>
    (await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/account`, headers: as })).json<{
      onboarding: boolean;
    }>();
  const stored = () => listOnboardingAnswers(db(), issuerId);

  it('stores the answers with several values for the multiple questions', async () => {
    const response = await submit({ language: 'en', answers: ANSWERS });
    expect(response.statusCode, response.body).toBe(201);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: response.json<{ id: number }>().id, user_id: userId, language: 'en' });
    expect(JSON.parse(rows[0].answers)).toEqual({
      ...ANSWERS,
      company_industry: ['Higher education'],
      job_role: ['Registrar / Student Services and Experiences'],
      number_of_recipients_to_certify: ['Between 500 and 2000'],
      expected_credentialing_growth: ['Yes, significantly'],
    });
  });

  it('accepts the register-certifier option in French only', async () => {
    const french = { ...ANSWERS, product_usage: ['Register certifier attachment'] };
    expect((await submit({ language: 'en', answers: french })).statusCode).toBe(400);
    expect((await submit({ language: 'fr', answers: french })).statusCode).toBe(201);
  });

  it('refuses unknown keys and values, missing answers and a list for a single question, storing nothing', async () => {
    const refused = [
      { language: 'en', answers: { ...ANSWERS, shoe_size: '42' } },
      { language: 'en', answers: { ...ANSWERS, job_role: 'Astronaut' } },
      { language: 'en', answers: { ...ANSWERS, product_usage: ['Diplomas', 'Spaceships'] } },
      { language: 'en', answers: { ...ANSWERS, company_industry: ['Higher education', 'Employee training'] } },
      { language: 'en', answers: { ...ANSWERS, credentialing_solution_factors: [] } },
      { language: 'de', answers: ANSWERS },
      { language: 'en', answers: ANSWERS, extra: true },
    ];
    for (const payload of refused) {
      const response = await submit(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
    const unknownValue = await submit({ language: 'en', answers: { ...ANSWERS, job_role: 'Astronaut' } });
    expect(unknownValue.json()).toMatchObject({ fields: { job_role: 'unknown_value' } });
    expect(await stored()).toHaveLength(0);
  });

  it('onboards the account for every user of the issuer, once', async () => {
    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    expect((await account(reader)).onboarding).toBe(false);
    const response = await onboard(issuerId, reader);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ onboarding: true });
    expect((await account()).onboarding).toBe(true);
    expect((await onboard()).statusCode).toBe(200);
    const params = (await db().selectFrom('issuers').select('params').where('id', '=', issuerId).executeTakeFirst())
      ?.params;
    expect(JSON.parse(params ?? '{}')).toMatchObject({ onboarded: true });
    // the questionnaire is over: later answers are refused
    expect((await submit({ language: 'en', answers: ANSWERS })).json()).toMatchObject({ code: 'ALREADY_ONBOARDED' });
  });

  it('records the terms through the existing call, as the final step does', async () => {
    expect((await submit({ language: 'en', answers: ANSWERS })).statusCode).toBe(201);
    const terms = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/terms',
      headers,
      payload: { terms: true, gprd: true },
    });
    expect(terms.json()).toEqual({ okCGU: true, okNotice: true });
    expect((await onboard()).statusCode).toBe(200);
    const who = (await t.app.inject({ method: 'GET', url: '/api/admin/who', headers })).json();
    expect(who).toMatchObject({ okCGU: true, okNotice: true, provider: 'issuer', plan: 'FREE_TRIAL' });
    expect((await account()).onboarding).toBe(true);
  });

  it('is for free-trial accounts only, and not for another issuer', async () => {
    const otherIssuer = await addIssuer(t.app, 'Other College');
    expect((await onboard(otherIssuer)).statusCode).toBe(404);
    await db().updateTable('issuers').set({ plan: 'ESSENTIALS_PACK' }).where('id', '=', issuerId).execute();
    expect((await submit({ language: 'en', answers: ANSWERS })).json()).toMatchObject({
      code: 'ONBOARDING_NOT_OFFERED',
    });
    expect((await onboard()).statusCode).toBe(409);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses anonymous calls and API keys: only people answer', async () => {
    expect((await submit({ language: 'en', answers: ANSWERS }, {})).statusCode).toBe(401);
    const key = (
      await t.app.inject({ method: 'POST', url: '/api/admin/apikey', headers, payload: { level: 1 } })
    ).json<{ token: string }>().token;
    expect((await submit({ language: 'en', answers: ANSWERS }, bearer(key))).statusCode).toBe(403);
    expect((await onboard(issuerId, bearer(key))).statusCode).toBe(403);
    expect(await stored()).toHaveLength(0);
    expect((await account()).onboarding).toBe(false);
  });
});
