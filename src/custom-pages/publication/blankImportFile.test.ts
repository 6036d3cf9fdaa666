import { describe, expect, it } from 'vitest';
import { BLANK_IMPORT_COLUMNS } from '../../../domain/import';
import type { TemplateImportData } from '../../../domain/templates';
import { blankFileName, blankFileRows } from './blankImportFile';
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
});
