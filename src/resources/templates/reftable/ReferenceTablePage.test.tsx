import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReferenceTables } from '../../../../domain/templateRules/referenceTables';
import type { TemplateTablesDefinition } from '../../../../domain/templates';
import { AdminWrapper } from '../../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../../tests/unit/componentTestServer';
import { REFTABLE_PATH, ReferenceTablePage } from './ReferenceTablePage';
import type { ReferenceTableEntry } from './tableEditing';

let stored: ReferenceTables;
let canEdit: boolean;
let refuseWith: object | null;
const saves: { templateId: number; tables: ReferenceTableEntry[] }[] = [];

const definition = (): TemplateTablesDefinition => ({
  id: 7,
  label: { en: 'Welding diploma', fr: 'Diplôme de soudure' },
  template: stored,
  storage: { network: 'gnosis' },
  canEdit,
});

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/template/tables', ({ request }) => {
      const id = new URL(request.url).searchParams.get('templateId');
      return id === '7' ? HttpResponse.json(definition()) : HttpResponse.json({ code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.put('*/api/template/tables', async ({ request }) => {
      const body = (await request.json()) as { templateId: number; tables: ReferenceTableEntry[] };
      saves.push(body);
      if (refuseWith) return HttpResponse.json(refuseWith, { status: 400 });
      const tables: Record<string, Record<string, Record<string, string>>> = {};
      for (const { table, key, definition: entry } of body.tables) (tables[table] ??= {})[key] = entry;
      stored = tables;
      return HttpResponse.json(definition());
    }),
  ],
  {
    signedIn: true,
    afterEachTest: () => {
      saves.length = 0;
    },
  },
);

beforeEach(() => {
  stored = {
    ref_cities: { paris: { name: 'Paris', country: 'ref_countries[fr]' }, lyon: { name: 'Lyon' } },
    ref_countries: { fr: { name: 'France', code: 'FR' } },
  };
  canEdit = true;
  refuseWith = null;
});

function renderPage(templateId = 7) {
  return render(
    <AdminWrapper i18nProvider={i18nProvider()} path={`/reftable/${templateId}`}>
      <Routes>
        <Route path={REFTABLE_PATH} element={<ReferenceTablePage />} />
      </Routes>
    </AdminWrapper>,
  );
}

/** found again once a closing dialog no longer hides the page */
const grid = (name: string) => screen.findByRole('table', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function updateEntry(key: string, column: string, value: string) {
  await userEvent.click(button(`Update the entry ${key}`));
  const dialog = await screen.findByRole('dialog', { name: new RegExp(`^Entry ${key} of`) });
  const field = within(dialog).getByRole('textbox', { name: column });
  await userEvent.clear(field);
  // pasted rather than typed: a keystroke each redraws the dialog (typing made this file's longest test 25 s)
  await userEvent.paste(value);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
}

describe('ReferenceTablePage', { timeout: 30_000 }, () => {
  it('shows the label and each ref_ table as a grid: the key, then the union of the fields', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Welding diploma' })).toBeVisible();
    const cities = await grid('ref_cities');
    expect(
      within(cities)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Key', 'name', 'country']);
    expect(within(cities).getAllByRole('row')).toHaveLength(3);
    expect(within(await grid('ref_countries')).getByText('FR')).toBeVisible();
    expect(screen.getAllByRole('separator', { name: /Resize the column/ })).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /Update the entry/ })).toBeNull();
  });

  it('adds an entry with a key not yet used, and Save without changes goes back to view without a call', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(button('Save'));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeVisible();
    expect(saves).toHaveLength(0);

    await userEvent.click(button('Edit'));
    await userEvent.click(button('Add an entry to ref_countries'));
    const dialog = await screen.findByRole('dialog', { name: 'New entry in ref_countries' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Key/ }), 'fr');
    expect(within(dialog).getByText('This key is already used in this table.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Key/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Key/ }), 'es');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'name' }), 'Spain');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(await grid('ref_countries')).getByText('Spain')).toBeVisible();

    await userEvent.click(button('Cancel'));
    expect(within(await grid('ref_countries')).queryByText('Spain')).toBeNull();
    expect(saves).toHaveLength(0);
  });

  it('is stopped by a recursive reference, then saves once it is fixed and confirmed', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await updateEntry('paris', 'country', 'ref_cities[lyon]');
    await userEvent.click(button('Save'));
    const errors = await screen.findByRole('dialog', { name: 'References error' });
    expect(within(errors).getByText('ref_cities[lyon] points into its own table (recursive).')).toBeVisible();
    expect(within(errors).getByText('In ref_cities, entry paris, column country')).toBeVisible();
    await userEvent.click(within(errors).getByRole('button', { name: 'Close' }));
    expect(saves).toHaveLength(0);

    await updateEntry('paris', 'country', 'ref_countries[de]');
    await userEvent.click(button('Save'));
    const again = await screen.findByRole('dialog', { name: 'References error' });
    expect(within(again).getByText(/ref_countries\[de\] points to a table or entry that does not exist/)).toBeVisible();
    await userEvent.click(within(again).getByRole('button', { name: 'Close' }));

    await updateEntry('paris', 'country', 'ref_countries[fr]');
    await updateEntry('lyon', 'name', 'Lyon 2');
    await userEvent.click(button('Save'));
    const confirm = await screen.findByRole('dialog', { name: 'Save the reference tables?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The reference tables were saved.')).toBeVisible();
    expect(saves).toEqual([
      {
        templateId: 7,
        tables: [
          { table: 'ref_cities', key: 'paris', definition: { name: 'Paris', country: 'ref_countries[fr]' } },
          { table: 'ref_cities', key: 'lyon', definition: { name: 'Lyon 2' } },
          { table: 'ref_countries', key: 'fr', definition: { name: 'France', code: 'FR' } },
        ],
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(await grid('ref_cities')).getByText('Lyon 2')).toBeVisible();
  });

  it('lists the errors the server answers and keeps the draft', async () => {
    refuseWith = {
      code: 'REFERENCE_ERRORS',
      errors: [{ table: 'ref_cities', key: 'lyon', column: 'name', reference: 'ref_x[y]', error: 'inexistant' }],
    };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await updateEntry('lyon', 'name', 'Lyon 3');
    await userEvent.click(button('Save'));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Save the reference tables?' })).getByRole('button', {
        name: 'Save',
      }),
    );
    const errors = await screen.findByRole('dialog', { name: 'References error' });
    expect(within(errors).getByText(/ref_x\[y\] points to a table or entry that does not exist/)).toBeVisible();
    await userEvent.click(within(errors).getByRole('button', { name: 'Close' }));
    expect(within(await grid('ref_cities')).getByText('Lyon 3')).toBeVisible();
    expect(button('Save')).toBeVisible();
  });

  it('offers no Edit when the tables may not change, and says when there are none', async () => {
    canEdit = false;
    stored = {};
    renderPage();
    expect(await screen.findByText('This template has no reference tables.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says when the template is not found', async () => {
    renderPage(99);
    expect(await screen.findByText(/This template does not exist/)).toBeVisible();
  });
});
