import type { TemplateSummary } from '../../domain/templates';

/** A template as GET /api/templates lists it, for the web app's tests: an English badge, then `change`. */
export const templateSummary = (change: Partial<TemplateSummary> = {}): TemplateSummary => ({
  id: 7,
  label: { en: 'Data literacy' },
  type: 'openbadge',
  enable: true,
  usable: true,
  mode: 'Classic',
  tags: [],
  notes: '',
  certificationCounter: 0,
  dateCreation: '2026-01-01T00:00:00.000Z',
  lastCampaignId: null,
  lastCampaignDate: null,
  thumbnail: null,
  languagesList: 'en',
  DefaultLanguage: 'en',
  meta_type: 'certificate',
  isPathwayParent: false,
  isPathwayChild: false,
  pathwayDefinition: null,
  hasReferenceTables: false,
  ...change,
});
