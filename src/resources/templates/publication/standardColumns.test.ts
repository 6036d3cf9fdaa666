import { describe, expect, it } from 'vitest';
import fr from '../../../../locales/fr.json';
import { standardColumnKey } from './ImportedRows';

describe("the imported rows' headers", () => {
  it('name the standard columns in the reader\'s language, not as the file writes them (issue 29: "Language")', () => {
    const french = (key: string | null) =>
      key?.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr);
    expect(french(standardColumnKey('Language'))).toBe('Langue');
    expect(french(standardColumnKey('Email'))).toBe('E-mail');
    expect(french(standardColumnKey('firstName'))).toBe('Prénom');
    // a template's own column keeps its name
    expect(standardColumnKey('score')).toBeNull();
  });
});
