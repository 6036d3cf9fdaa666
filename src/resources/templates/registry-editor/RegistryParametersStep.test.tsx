import { fireEvent, render, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import type { TemplateDefinition } from '../../../../domain/templates';
import { defaultStyle } from '../../../../domain/templateRules/style';
import { AdminWrapper } from '../../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../../tests/unit/componentTestServer';
import {
  buildPayload,
  editorReducer,
  newEditorState,
  stateFromDefinition,
  type EditorContext,
  type EditorState,
} from '../badge-editor/editorModel';
import { REGISTRY_PREFIXES } from './registryAccount';
import { RegistryParametersStep } from './RegistryParametersStep';

const { i18nProvider } = componentTestServer([]);

/** The step with the editor's own reducer, and the expiry the save would send. */
function Harness({ initial }: { initial: EditorState }) {
  const [state, dispatch] = useReducer(editorReducer, initial);
  return (
    <>
      <RegistryParametersStep state={state} dispatch={dispatch} />
      <pre data-testid="payload-expiry">{JSON.stringify(buildPayload(state).json.expiry)}</pre>
    </>
  );
}

const payloadExpiry = () => JSON.parse(screen.getByTestId('payload-expiry').textContent ?? 'null') as unknown;

const CONTEXT: EditorContext = {
  family: 'registry',
  issuerName: 'North College',
  hasCustomDesign: false,
  clientIds: 'account',
  blankContent: REGISTRY_PREFIXES,
};

// rendering MUI in jsdom is slow on a busy machine
describe('RegistryParametersStep', { timeout: 30_000 }, () => {
  it('has the badge editor’s expiry card, saved in the payload’s expiry field', () => {
    render(
      <AdminWrapper i18nProvider={i18nProvider()}>
        <Harness initial={newEditorState(CONTEXT)} />
      </AdminWrapper>,
    );
    const card = screen.getByRole('heading', { name: 'Expiry' }).closest('section') as HTMLElement;
    expect(payloadExpiry()).toEqual({
      validity: null,
      reminderDays: [60, 7],
      remindIssuer: false,
      issuerReminderEmail: '',
    });

    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Valid for' }));
    fireEvent.click(screen.getByRole('option', { name: 'Years' }));
    // pasted, not typed key by key
    fireEvent.change(within(card).getByRole('spinbutton', { name: 'Amount' }), { target: { value: '3' } });
    fireEvent.change(within(card).getByRole('spinbutton', { name: 'Reminder 2' }), { target: { value: '14' } });
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Also remind the issuer' }));
    expect(payloadExpiry()).toEqual({
      validity: { amount: 3, unit: 'years' },
      reminderDays: [60, 14],
      remindIssuer: true,
      issuerReminderEmail: '',
    });
  });

  it('shows a saved registry template’s expiry', () => {
    const definition: TemplateDefinition = {
      id: 7,
      type: 'cpf_onshelf',
      mode: 'update',
      DefaultLanguage: 'fr',
      network: null,
      cstyle: defaultStyle(),
      badge: { fr: 'templates/5/rncp.png' },
      partnerLogo: null,
      issuerLogo: null,
      content: { fr: { microcertitle: 'Titre RNCP', location: 'Paris', reference: 'RNCP12345' } },
      params: { type: 'RNCP' },
      meta: { meta_url: '', meta_startdate: null, meta_enddate: null, meta_landscape: false, meta_type: 'certificate' },
      label: 'Titre RNCP',
      languagesList: 'fr',
      technicalFields: ['ID'],
      publicSample: false,
      namesOptional: false,
      expiry: {
        validity: { amount: 6, unit: 'months' },
        reminderDays: [30],
        remindIssuer: false,
        issuerReminderEmail: '',
      },
      certificationCounter: 0,
      lockedLanguages: [],
    };
    render(
      <AdminWrapper i18nProvider={i18nProvider()}>
        <Harness initial={stateFromDefinition(definition, CONTEXT, 'update')} />
      </AdminWrapper>,
    );
    const card = screen.getByRole('heading', { name: 'Expiry' }).closest('section') as HTMLElement;
    expect(within(card).getByRole('combobox', { name: 'Valid for' })).toHaveTextContent('Months');
    expect(within(card).getByRole('spinbutton', { name: 'Amount' })).toHaveValue(6);
    expect(within(card).getByRole('spinbutton', { name: 'Reminder 1' })).toHaveValue(30);
    expect(payloadExpiry()).toMatchObject({ validity: { amount: 6, unit: 'months' }, reminderDays: [30] });
  });
});
