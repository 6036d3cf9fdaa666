import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { I18nProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminWrapper, testI18nProvider } from '../../../tests/unit/adminWrapper';
import { templateSummary } from '../../../tests/unit/templateSummary';
import { MANAGER_WHO } from '../../../tests/unit/testUsers';
import { forgetCurrentUser } from '../../authProvider/authProvider';
import { TemplateList } from './TemplateList';

const MANAGER = { ...MANAGER_WHO, plan: 'PREMIUM', hasPathway: false, metatemplates: [{ Type: 'openbadge' }] };

const template = (id: number, label: string) => templateSummary({ id, label: { en: label } });

const TEMPLATES = [template(7, 'Data literacy'), template(8, 'Robotics')];

/** The searches GET /api/templates received; a search's answer waits until `release` is called. */
const searches: string[] = [];
/** The sort of every call, as ra-data-simple-rest sends it: `["label","ASC"]`. */
const sorts: string[] = [];
let release: () => void = () => undefined;
let answered = Promise.resolve();

const server = setupServer(
  http.get('*/api/admin/who', () => HttpResponse.json(MANAGER)),
  http.get('*/api/templates/facets', () =>
    HttpResponse.json({ count: 2, types: ['openbadge'], modes: ['Classic'], pathwayParents: false, tags: [] }),
  ),
  http.get('*/api/templates', async ({ request }) => {
    const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { q?: string };
    const q = (filter.q ?? '').toLowerCase();
    searches.push(q);
    sorts.push(new URL(request.url).searchParams.get('sort') ?? '');
    if (q !== '') {
      await answered;
      await delay(10);
    }
    const rows = TEMPLATES.filter((t) => JSON.stringify(t.label).toLowerCase().includes(q));
    return HttpResponse.json(rows, {
      headers: { 'content-range': `templates 0-${Math.max(0, rows.length - 1)}/${rows.length}` },
    });
  }),
);

/** A signed-in session token (the list checks it locally before asking the server). */
const token = () => {
  const claims = { authenticated: true, authLevel: 2, exp: Math.floor(Date.now() / 1000) + 3600 };
  return `e30.${btoa(JSON.stringify(claims))}.sig`;
};

/** jsdom lays nothing out, so it has no IntersectionObserver (the infinite list's "load more" sentinel). */
class NoLayoutObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

let i18nProvider: I18nProvider;
beforeAll(async () => {
  vi.stubGlobal('IntersectionObserver', NoLayoutObserver);
  server.listen({ onUnhandledRequest: 'error' });
  i18nProvider = await testI18nProvider();
});
beforeEach(() => {
  localStorage.setItem('auth_token', token());
  answered = new Promise((resolve) => (release = resolve));
});
afterEach(() => {
  server.resetHandlers();
  forgetCurrentUser();
  release();
  searches.length = 0;
  sorts.length = 0;
  localStorage.clear();
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const cards = () => screen.queryAllByTestId('template-card');
const card = (label: string) => cards().find((c) => within(c).queryByRole('heading', { name: label }));

/** The templates page, drawn with its two templates. */
async function showTemplates() {
  render(
    <AdminWrapper i18nProvider={i18nProvider} path="/templates">
      <TemplateList />
    </AdminWrapper>,
  );
  expect(await screen.findByRole('heading', { name: '2 templates' })).toBeVisible();
}

async function searchWhileMenuOpen(label: string) {
  await showTemplates();
  fireEvent.change(screen.getByPlaceholderText('Search by label, id or notes'), {
    target: { value: 'literacy' },
  });
  fireEvent.click(within(card(label)!).getByRole('button', { name: `More actions for ${label}` }));
  expect(await screen.findByRole('menu')).toBeVisible();
  // the debounce is over and the search's answer is on its way: the cards and the menu stay, a bar says it loads
  // (the open menu hides the page from assistive technologies, hence hidden: true)
  await waitFor(() => expect(searches).toContain('literacy'));
  expect(
    await screen.findByRole('progressbar', { name: 'Loading the matching templates…', hidden: true }),
  ).toBeVisible();
  expect(cards()).toHaveLength(2);
  expect(screen.getByRole('menu')).toBeVisible();
  release();
  await waitFor(() =>
    expect(screen.queryByRole('progressbar', { name: 'Loading the matching templates…', hidden: true })).toBeNull(),
  );
  expect(screen.getByRole('heading', { name: '1 template', hidden: true })).toBeVisible();
  expect(cards()).toHaveLength(1);
}

// rendering MUI in jsdom is slow on a busy machine
describe('the templates list', { timeout: 60_000 }, () => {
  it("keeps its cards and an open card's menu while a search's answer loads", async () => {
    await searchWhileMenuOpen('Data literacy');
    expect(screen.getByRole('menu')).toBeVisible();
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  });

  it("closes the menu of a card that the search's answer no longer holds", async () => {
    await searchWhileMenuOpen('Robotics');
    expect(card('Robotics')).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('keeps a sort chosen while a typed search waits for its pause', async () => {
    release();
    await showTemplates();
    fireEvent.change(screen.getByPlaceholderText('Search by label, id or notes'), { target: { value: 'o' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Sort by/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name, Z to A' }));
    await waitFor(() => expect(sorts.at(-1)).toBe('["label","DESC"]'));
    await waitFor(() => expect(searches).toContain('o'));
    // the search went out with the sort chosen during the pause, and nothing put the old sort back after it
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sorts.at(-1)).toBe('["label","DESC"]');
    expect(searches.at(-1)).toBe('o');
    expect(screen.getByRole('combobox', { name: /Sort by/ })).toHaveTextContent('Name, Z to A');
  });

  it('keeps both the search and a sort chosen as the search pause ends, a few milliseconds either side', async () => {
    release();
    await showTemplates();
    // the search pause is 400 ms: each round chooses its sort 4 to 16 ms before it ends (failed 2 rounds in 10 before)
    const rounds = [
      { text: 'o', lead: 4, sort: 'Name, Z to A', sent: '["label","DESC"]' },
      { text: 'ob', lead: 8, sort: 'Name, A to Z', sent: '["label","ASC"]' },
      { text: 'o', lead: 12, sort: 'Oldest', sent: '["dateCreation","ASC"]' },
      { text: 'ob', lead: 16, sort: 'Name, Z to A', sent: '["label","DESC"]' },
    ];
    for (const { text, lead, sort, sent } of rounds) {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: /Sort by/ }));
      const option = await screen.findByRole('option', { name: sort });
      fireEvent.change(screen.getByPlaceholderText('Search by label, id or notes'), { target: { value: text } });
      await new Promise((resolve) => setTimeout(resolve, 400 - lead));
      fireEvent.click(option);
      await waitFor(() => expect([searches.at(-1), sorts.at(-1)]).toEqual([text, sent]));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([searches.at(-1), sorts.at(-1)]).toEqual([text, sent]);
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    }
  });
});
