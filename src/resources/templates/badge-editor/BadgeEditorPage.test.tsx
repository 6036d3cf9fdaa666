import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../../../../domain/templateRules/style';
import type { TemplateDefinition } from '../../../../domain/templates';
import { AdminWrapper } from '../../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../../tests/unit/componentTestServer';
import { MANAGER_WHO } from '../../../../tests/unit/testUsers';
import { BadgeEditorPage } from './BadgeEditorPage';

const MANAGER = MANAGER_WHO;

const LOGO = 'templates/5/aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa.svg';
const usedBadge: TemplateDefinition = {
  id: 12,
  type: 'openbadge',
  mode: 'update',
  DefaultLanguage: 'en',
  network: null,
  cstyle: defaultStyle(),
  badge: { en: LOGO },
  partnerLogo: null,
  issuerLogo: null,
  content: { en: { microcertitle: 'Data analysis', issuer: 'North College', badge_logo: LOGO } },
  params: {},
  meta: { meta_url: '', meta_startdate: null, meta_enddate: null, meta_landscape: false, meta_type: 'certificate' },
  label: 'Data analysis',
  languagesList: 'en',
  technicalFields: ['ID'],
  publicSample: false,
  namesOptional: false,
  certificationCounter: 3,
  lockedLanguages: ['en'],
};

let who: Record<string, unknown> = MANAGER;
let saveAnswer: () => Response = () => HttpResponse.json({ id: 40 }, { status: 201 });
const saved: { json: Record<string, unknown>; files: string[] }[] = [];

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/issuer/5/template/12/json', () => HttpResponse.json(usedBadge)),
    http.post('*/api/template/mc', async ({ request }) => {
      const form = await request.formData();
      // jsdom's File reaches msw as a plain blob: the part names are checked here, the file names end to end
      const files = [...form.keys()].filter((name) => name !== 'json');
      saved.push({ json: JSON.parse(String(form.get('json'))) as Record<string, unknown>, files });
      return saveAnswer();
    }),
  ],
  {
    who: () => who,
    afterEachTest: () => {
      who = MANAGER;
      saveAnswer = () => HttpResponse.json({ id: 40 }, { status: 201 });
      saved.length = 0;
    },
  },
);

function renderEditor(path = '/badge') {
  render(
    <AdminWrapper i18nProvider={i18nProvider()} path={path}>
      <Routes>
        <Route path="/badge" element={<BadgeEditorPage />} />
        <Route path="/templates" element={<p>Templates list</p>} />
      </Routes>
    </AdminWrapper>,
  );
}

const svgFile = () =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], 'logo.svg', { type: 'image/svg+xml' });

async function fillEnglishStep() {
  await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Badge logo'), svgFile());
  await screen.findByText('logo.svg');
  fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Data analysis' } });
}

// rendering MUI in jsdom is slow on a busy machine
describe('BadgeEditorPage', { timeout: 60_000 }, () => {
  it('creates a badge: parameters, the English step with its checks, the summary, validation and save', async () => {
    renderEditor();
    expect(await screen.findByRole('heading', { name: 'New badge template' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('textbox', { name: 'Issuer' })).toHaveValue('North College');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(screen.getByText('Please choose an image.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields');

    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Badge logo'), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('This type of image is not accepted here.')).toBeVisible();
    await fillEnglishStep();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const preview = await screen.findByTestId('credential-preview');
    expect(within(preview).getByRole('heading', { name: 'Data analysis' })).toBeVisible();
    expect(within(preview).getByText('North College')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check before saving' });
    expect(dialog).toHaveTextContent('Everything is in order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the template' }));

    const done = await screen.findByRole('dialog', { name: 'Template saved' });
    expect(saved).toHaveLength(1);
    expect(saved[0].json).toMatchObject({
      mode: 'add',
      type: 'openbadge',
      DefaultLanguage: 'en',
      network: null,
      badge: { en: 'logo.svg' },
      content: { en: { microcertitle: 'Data analysis', issuer: 'North College' } },
      cstyle: defaultStyle(),
    });
    expect(saved[0].files).toEqual(['badgeImage']);
    // the next step is offered first: publishing from the new template
    expect(within(done).getByRole('button', { name: 'Publish now' })).toHaveFocus();
    fireEvent.click(within(done).getByRole('button', { name: 'Back to templates' }));
    expect(await screen.findByText('Templates list')).toBeVisible();
  });

  it('shows the server’s field errors next to their fields', async () => {
    saveAnswer = () =>
      HttpResponse.json(
        {
          code: 'VALIDATION_ERROR',
          message: 'The template is not valid',
          fields: { 'content.en.microcertitle': 'too_long' },
        },
        { status: 400 },
      );
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('textbox', { name: 'Title' });
    await fillEnglishStep();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save the template' }));
    expect(await screen.findByText('Some values were refused. They are highlighted in the steps.')).toBeVisible();
    expect(await screen.findByText('At most 300 characters.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Data analysis');
  });

  it('warns before editing a template already used, and returns to the templates when declined', async () => {
    renderEditor('/badge?id=12');
    const warning = await screen.findByRole('dialog', { name: 'This template is already in use' });
    expect(warning).toHaveTextContent('(3)');
    fireEvent.click(within(warning).getByRole('button', { name: 'Back to templates' }));
    expect(await screen.findByText('Templates list')).toBeVisible();
  });

  it('locks the languages already used once the warning is accepted, and saves in update mode', async () => {
    renderEditor('/badge?id=12');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit anyway' }));
    expect(await screen.findByRole('heading', { name: 'Edit “Data analysis”' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeDisabled();
    expect(screen.queryByRole('radio', { name: 'NFT, recorded on the gnosis network' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save the template' }));
    await screen.findByRole('dialog', { name: 'Template saved' });
    expect(saved[0].json).toMatchObject({ mode: 'update', id: 12, badge: { en: LOGO } });
    expect(saved[0].json).not.toHaveProperty('network');
    expect(saved[0].files).toEqual([]);
  });

  it('sends a user who may not edit templates back to the templates', async () => {
    who = { ...MANAGER, profileId: 3 };
    renderEditor();
    await waitFor(() => expect(screen.getByText('Templates list')).toBeVisible());
  });
});
