import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminWrapper, testI18nProvider } from '../../../tests/unit/adminWrapper';
import { CampaignList } from './CampaignList';

const queries: URLSearchParams[] = [];
const server = setupServer(
  http.post('*/api/admin/campaigns', ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    return HttpResponse.json({
      campaigns: [
        {
          ID: 7,
          templateId: 4,
          label: { en: 'Data literacy' },
          date: '2026-11-20T10:00:00.000Z',
          Status: 'Done',
          nbActive: 9,
          certifiedDegrees: 10,
          userFirstname: 'Ada',
          userLastname: 'Lovelace',
          Notes: '',
        },
      ],
      lastCampaign: null,
      nbCampaigns: 1,
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  queries.length = 0;
  server.resetHandlers();
});
afterAll(() => server.close());

describe('the campaigns list', () => {
  it("starts on one template's campaigns from ?templateId=", async () => {
    render(
      <AdminWrapper i18nProvider={await testI18nProvider()} path="/campaigns?templateId=4">
        <CampaignList />
      </AdminWrapper>,
    );
    expect(await screen.findByText('Template: Data literacy')).toBeInTheDocument();
    await waitFor(() => expect(queries.at(-1)?.get('templateId')).toBe('4'));
    expect(screen.getByRole('heading', { name: '1 campaign' })).toBeInTheDocument();
  });
});
