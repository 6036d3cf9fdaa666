import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import frenchMessages from 'ra-language-french';
import { useState } from 'react';
import { AdminContext, memoryStore, type I18nProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import fr from '../../locales/fr.json';
import { LocalDateField } from './LocalDateField';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getI18nProvider(createInstance(), {
    lng: 'fr',
    resources: { fr: { translation: { ...convertRaTranslationsToI18next(frenchMessages), ...fr } } },
    interpolation: { escapeValue: false },
  });
});

const changes: string[] = [];
function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LocalDateField
        label="Du"
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
      <button onClick={() => setValue('2026-01-31')}>Raccourci</button>
    </>
  );
}

function renderField(initial: string) {
  changes.length = 0;
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <Field initial={initial} />
      </AdminContext>
    </MemoryRouter>,
  );
  return screen.getByRole('textbox', { name: 'Du' });
}

describe('a date field in the interface language', () => {
  it('shows and reads dates as a French reader writes them, whatever the browser', async () => {
    const user = userEvent.setup();
    const field = renderField('2026-11-05');
    expect(field).toHaveValue('05/11/2026');
    expect(field).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await user.clear(field);
    expect(changes).toEqual(['']);
    await user.type(field, '3/1/2026');
    expect(changes.at(-1)).toBe('2026-01-03');
    expect(field).toHaveValue('3/1/2026');
    await user.click(screen.getByRole('button', { name: 'Raccourci' }));
    expect(field).toHaveValue('31/01/2026');
    expect(screen.getByRole('button', { name: 'Choisir dans un calendrier' })).toBeVisible();
  });

  it('names a text that is not a date, and changes nothing until it is one', async () => {
    const user = userEvent.setup();
    const field = renderField('');
    await user.type(field, '31/02/2026');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(changes).toEqual([]);
    expect(field).toHaveAccessibleDescription('Saisissez une date au format jj/mm/aaaa.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
