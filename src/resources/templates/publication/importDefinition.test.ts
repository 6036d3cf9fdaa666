import { describe, expect, it } from 'vitest';
import type { TemplateImportData } from '../../../../domain/templates';
import { importDefinitionOf } from './importDefinition';

describe('importDefinitionOf', () => {
  it('imports up to 100,000 rows without file fields, 10,000 with (the archive goes with the one-call publish)', () => {
    const template = {
      languages: ['en'],
      DefaultLanguage: 'en',
      technicalFields: ['ID'],
      fieldsToCertified: [],
      openbadge: true,
    };
    expect(importDefinitionOf({ ...template, fileFields: [] } as unknown as TemplateImportData).maxRows).toBe(100_000);
    expect(importDefinitionOf({ ...template, fileFields: ['pdf'] } as unknown as TemplateImportData).maxRows).toBe(
      10_000,
    );
  });
});
