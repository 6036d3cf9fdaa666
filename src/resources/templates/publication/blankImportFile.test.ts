import { describe, expect, it } from 'vitest';
import { BLANK_IMPORT_COLUMNS } from '../../../../domain/import';
import type { TemplateImportData } from '../../../../domain/templates';
import { blankFileName, blankFileNotes, blankFileRows } from './blankImportFile';
import { importDefinitionOf, isTemplateAvailable, templateBlankColumns } from './importDefinition';

const template: TemplateImportData = {
  id: 12,
  type: 'openbadge',
  usable: true,
  enable: true,
  languages: ['en', 'fr'],
  DefaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertified: ['score', 'firstname'],
  fileFields: ['diploma'],
  requiresFiles: true,
  NbCharMax: 300,
  openbadge: true,
  namesOptional: false,
  validity: null,
};

describe("the template's import", () => {
  it('checks files against the template with at most 10,000 rows', () => {
    expect(importDefinitionOf(template)).toEqual({
      languages: ['en', 'fr'],
      defaultLanguage: 'en',
      technicalFields: ['ID'],
      fieldsToCertify: ['score', 'firstname'],
      fileFields: ['diploma'],
      openbadge: true,
      maxRows: 10_000,
      register: false,
      namesOptional: false,
    });
    expect(isTemplateAvailable(template)).toBe(true);
    expect(isTemplateAvailable({ ...template, usable: false })).toBe(false);
    expect(isTemplateAvailable({ ...template, enable: false })).toBe(false);
  });

  it("writes the blank file's standard columns, then the template's own, with today's date", () => {
    expect(blankFileRows(templateBlankColumns(template, '2026-11-23'))).toEqual([
      [...BLANK_IMPORT_COLUMNS, 'score', 'diploma'],
      ['', '', '', '', '', '2026-11-23', '', '', '', '', '', ''],
    ]);
    expect(blankFileName(12)).toBe('import-template-12.xlsx');
  });

  it('explains every column in a notes sheet: required or not, allowed languages, date format', () => {
    const translate = (key: string, options?: Record<string, unknown>) =>
      options ? `${key} ${JSON.stringify(options)}` : key;
    const notes = blankFileNotes(templateBlankColumns(template, '2026-11-23'), importDefinitionOf(template), translate);
    expect(notes[0]).toEqual([
      'publication.blank_notes.column',
      'publication.blank_notes.required',
      'publication.blank_notes.meaning',
    ]);
    const byColumn = Object.fromEntries(
      notes.slice(1, -2).map(([column, required, meaning]) => [column, [required, meaning]]),
    );
    expect(Object.keys(byColumn)).toEqual([...BLANK_IMPORT_COLUMNS, 'score', 'diploma']);
    expect(byColumn.language).toEqual([
      'publication.blank_notes.yes',
      'publication.blank_notes.language {"languages":"en, fr","default":"en"}',
    ]);
    expect(byColumn.firstName[0]).toBe('publication.blank_notes.yes');
    expect(byColumn.lastName[0]).toBe('publication.blank_notes.yes');
    expect(byColumn.obtentionDate[0]).toBe('publication.blank_notes.no');
    expect(byColumn.obtentionDate[1]).toMatch(/^publication\.blank_notes\.obtentionDate /);
    expect(byColumn.ID[1]).toMatch(/^publication\.blank_notes\.technical /);
    expect(byColumn.diploma).toEqual(['publication.blank_notes.yes', expect.stringMatching(/blank_notes\.file /)]);
    expect(byColumn.score).toEqual(['publication.blank_notes.yes', expect.stringMatching(/blank_notes\.other /)]);
    expect(notes.at(-1)).toEqual(['publication.blank_notes.rules']);
  });
});
