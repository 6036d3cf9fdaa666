/** Template kinds of spec 001 section 1. */
export const TEMPLATE_TYPES = ['openbadge', 'openbadge_custom', 'cpf_onshelf', 'cpf', 'certificate'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** A label: one string, or one per language. */
export type Label = string | Record<string, string>;

/** The template as the list call answers it (spec 001 section 3, the fields the list uses). */
export interface TemplateSummary {
  id: number;
  label: Label;
  type: string;
  enable: boolean;
  usable: boolean;
  mode: 'NFT' | 'Classic';
  tags: string[];
  notes: string;
  certificationCounter: number;
  dateCreation: string;
  lastCampaignId: number | null;
  lastCampaignDate: string | null;
  thumbnail: string | null;
  languagesList: string;
  DefaultLanguage: string;
}

/** The label in `language`, falling back to English, then to the first language present. */
export function labelIn(label: Label, language: string): string {
  if (typeof label === 'string') return label;
  return label[language] ?? label.en ?? Object.values(label)[0] ?? '';
}
