import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { EditBase, Notification, SimpleForm, TextInput, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyModel, newElement, type BadgeModel } from '../../../domain/badgeImage/model';
import en from '../../../locales/en.json';
import { AdminWrapper, testI18nProvider } from '../../../tests/unit/adminWrapper';
import { BadgeImageEditor } from './BadgeImageEditor';
import { BADGE_IMAGE_EDITOR_PATH, BADGE_IMAGE_LIBRARY_PATH } from './paths';
import { pasteInto } from '../../../tests/unit/pasteInto';

/**
 * The editor as a react-admin form of `badge-images` (issue 13): the name's validator, the designer as the model's
 * input, the save through the data provider (ra-data-simple-rest, answered by msw) and a refused name on its field.
 */
const PUBLISHER = {
  id: 1,
  issuerId: 5,
  issuerName: 'North College',
  profileId: 2,
  email: 'publisher@example.org',
  firstName: 'Pat',
  lastName: 'Lee',
  params: { tracking: false, hasCustomDesign: false, canEditTables: false },
  metatemplates: [{ Type: 'openbadge' }],
};

const saved: { method: string; path: string; body: { name: string; model: BadgeModel } }[] = [];
const stored = {
  id: 7,
  name: 'Gold',
  model: { ...emptyModel(), data: [newElement('shape')] },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};
let refuse: ((body: { name: string }) => Response | null) | null = null;

async function record(request: Request) {
  const body = (await request.json()) as { name: string; model: BadgeModel };
  saved.push({ method: request.method, path: new URL(request.url).pathname, body });
  return refuse?.(body) ?? null;
}

const server = setupServer(
  http.get('*/api/admin/who', () => HttpResponse.json(PUBLISHER)),
  // jsdom has no canvas: until its fonts come the designer leaves its canvas out (its panels work)
  http.get('*/api/badge_lib/fonts', async () => {
    await delay('infinite');
    return HttpResponse.json([]);
  }),
  http.get('*/api/badge-images/7', () => HttpResponse.json(stored)),
  http.post('*/api/badge-images', async ({ request }) => {
    const refused = await record(request);
    if (refused) return refused;
    return HttpResponse.json({ ...stored, ...saved.at(-1)!.body, id: 42 }, { status: 201 });
  }),
  http.put('*/api/badge-images/7', async ({ request }) => {
    const refused = await record(request);
    if (refused) return refused;
    return HttpResponse.json({ ...stored, ...saved.at(-1)!.body });
  }),
);

let i18nProvider: I18nProvider;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  i18nProvider = await testI18nProvider();
});
/** A signed-in session token (react-admin's create and edit check it locally before asking the server). */
const token = () => {
  const claims = { authenticated: true, authLevel: 2, exp: Math.floor(Date.now() / 1000) + 3600 };
  return `e30.${btoa(JSON.stringify(claims))}.sig`;
};
beforeEach(() => localStorage.setItem('auth_token', token()));
afterEach(() => {
  saved.length = 0;
  refuse = null;
});
afterAll(() => server.close());

function renderEditor(path: string) {
  return render(
    <AdminWrapper i18nProvider={i18nProvider} path={path}>
      <Routes>
        <Route path={BADGE_IMAGE_EDITOR_PATH} element={<BadgeImageEditor />} />
        <Route path={`${BADGE_IMAGE_EDITOR_PATH}/:id`} element={<BadgeImageEditor />} />
        <Route path={BADGE_IMAGE_LIBRARY_PATH} element={<p>The library</p>} />
      </Routes>
      <Notification />
    </AdminWrapper>,
  );
}

describe('the badge image editor form', () => {
  it('validates the name, then creates the image with the trimmed name and goes to the library', async () => {
    const user = userEvent.setup();
    renderEditor(BADGE_IMAGE_EDITOR_PATH);
    const name = await screen.findByRole('textbox', { name: 'Image name' });
    expect(name).toHaveValue('New image');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(name);
    expect(await screen.findByText('Give the image a name.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(name);
    await user.paste('x'.repeat(201));
    expect(await screen.findByText('At most 200 characters.')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(name);
    await pasteInto(name, '  Sunrise  ', user);
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByText('Give the image a name.')).not.toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByText('The library')).toBeInTheDocument();
    expect(saved).toEqual([
      { method: 'POST', path: '/api/badge-images', body: { name: 'Sunrise', model: emptyModel() } },
    ]);
  });

  it("shows the server's refusal of the name on the field and stays", async () => {
    const user = userEvent.setup();
    refuse = () =>
      HttpResponse.json(
        { code: 'BADGE_IMAGE_NAME_INVALID', message: 'The image name is empty or too long', problem: 'too_long' },
        { status: 400 },
      );
    renderEditor(BADGE_IMAGE_EDITOR_PATH);
    const name = await screen.findByRole('textbox', { name: 'Image name' });
    await user.clear(name);
    await user.type(name, 'Moon{Enter}');
    expect(await screen.findByText('At most 200 characters.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(name).toHaveValue('Moon');
    expect(screen.queryByText('The library')).not.toBeInTheDocument();
  });

  it("says in the user's language that the server refused the image's design, and stays", async () => {
    const user = userEvent.setup();
    refuse = () =>
      HttpResponse.json(
        {
          code: 'INVALID_BADGE_MODEL',
          message: 'The badge model is not valid',
          errors: ['data[0]: unknown element type "star"'],
        },
        { status: 400 },
      );
    renderEditor(`${BADGE_IMAGE_EDITOR_PATH}/7`);
    const name = await screen.findByRole('textbox', { name: 'Image name' });
    await user.type(name, ' 2{Enter}');
    expect(await screen.findByText(en.resources['badge-images'].errors.INVALID_BADGE_MODEL)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(name).toHaveValue('Gold 2');
    expect(screen.queryByText('The library')).not.toBeInTheDocument();
  });

  it("shows the server's message when a plain react-admin form is refused with a list of errors", async () => {
    // react-admin reads a refusal body's `errors` as a map of field errors and then notifies nothing: the list
    // must not reach it under that name (src/dataProvider/httpClient.ts)
    const user = userEvent.setup();
    refuse = () =>
      HttpResponse.json(
        { code: 'INVALID_BADGE_MODEL', message: 'The badge model is not valid', errors: ['data: not a list'] },
        { status: 400 },
      );
    render(
      <AdminWrapper i18nProvider={i18nProvider} path="/">
        <EditBase resource="badge-images" id={7} mutationMode="pessimistic">
          <SimpleForm>
            <TextInput source="name" />
          </SimpleForm>
        </EditBase>
        <Notification />
      </AdminWrapper>,
    );
    // the form mounts its input again once the record is there
    const name = await screen.findByDisplayValue('Gold');
    await user.type(name, ' 2');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('The badge model is not valid')).toBeInTheDocument();
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('loads an image, marks the form changed by the designer (undo makes it clean again) and updates it', async () => {
    const user = userEvent.setup();
    renderEditor(`${BADGE_IMAGE_EDITOR_PATH}/7`);
    const name = await screen.findByRole('textbox', { name: 'Image name' });
    expect(name).toHaveValue('Gold');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // the designer is the model's input: adding a text changes the form, undoing it leaves nothing to save
    await user.click(await screen.findByRole('button', { name: 'Text' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(save).toBeDisabled());

    await user.click(screen.getByRole('button', { name: 'Text' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('The library')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0].method).toBe('PUT');
    expect(saved[0].path).toBe('/api/badge-images/7');
    expect(saved[0].body.name).toBe('Gold');
    expect(saved[0].body.model.data.map((e) => e.type)).toEqual(['shape', 'text']);
  });

  it('says so when the image does not exist', async () => {
    renderEditor(`${BADGE_IMAGE_EDITOR_PATH}/8`);
    server.use(http.get('*/api/badge-images/8', () => HttpResponse.json({ code: 'NOT_FOUND' }, { status: 404 })));
    expect(await screen.findByText(/not exist/i)).toBeInTheDocument();
  });
});
