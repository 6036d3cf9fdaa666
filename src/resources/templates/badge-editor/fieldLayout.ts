import type { BadgeContentField, RegistryField } from '../../../../domain/templateRules/badgeLimits';

/**
 * How the data steps lay out the content elements (spec 001 section 2): sections of rows, each row one or
 * two fields. Captions are the headings the public page shows above a value; left empty, the page shows
 * its own (publicPage.*), which the input offers as its placeholder.
 */
export type FieldKind = 'text' | 'textarea' | 'markdown' | 'tags' | 'caption' | 'logo';

export interface FieldSpec {
  field: BadgeContentField | RegistryField;
  kind: FieldKind;
  required?: boolean;
}

export interface FieldSection {
  id: string;
  rows: FieldSpec[][];
}

const caption = (field: FieldSpec['field']): FieldSpec => ({ field, kind: 'caption' });
const text = (field: FieldSpec['field'], required = false): FieldSpec => ({ field, kind: 'text', required });

export const BADGE_SECTIONS: FieldSection[] = [
  {
    id: 'badge',
    rows: [[{ field: 'badge_logo', kind: 'logo', required: true }], [text('microcertitle', true)], [text('label')]],
  },
  {
    id: 'recipient',
    rows: [[caption('issued_to'), caption('certification_date')], [caption('expiration_date')]],
  },
  {
    id: 'description',
    rows: [
      [caption('outcome_title')],
      [{ field: 'outcome', kind: 'markdown' }],
      [caption('skills_title')],
      [{ field: 'skills', kind: 'tags' }],
      [caption('assessment_title')],
      [{ field: 'assessment', kind: 'markdown' }],
      [caption('component_title')],
      [{ field: 'componentof', kind: 'markdown' }],
    ],
  },
  {
    id: 'issuer',
    rows: [
      [caption('issuer_title'), text('issuer', true)],
      [text('issuer_url'), text('issuer_url_label')],
      [{ field: 'issuer_logo', kind: 'logo' }],
    ],
  },
  {
    id: 'partner',
    rows: [
      [caption('partner_title'), text('partner')],
      [text('partner_url')],
      [{ field: 'partner_logo', kind: 'logo' }],
      [caption('otherpartners_title')],
      [{ field: 'otherpartners', kind: 'tags' }],
    ],
  },
];

export const REGISTRY_SECTIONS: FieldSection[] = [
  {
    id: 'badge',
    rows: [[{ field: 'badge_logo', kind: 'logo', required: true }], [text('microcertitle', true)], [text('label')]],
  },
  {
    id: 'organisations',
    rows: [
      [caption('issuer_title'), text('issuer', true)],
      [caption('partner_title'), text('partner')],
      [{ field: 'partner_logo', kind: 'logo' }],
    ],
  },
  { id: 'recipient', rows: [[caption('issued_to'), caption('certification_date')]] },
  {
    id: 'registry',
    rows: [
      [caption('location_prefix'), text('location')],
      [caption('certificator_prefix'), text('certificator')],
      [caption('qualification_prefix'), text('qualification')],
      [caption('speciality_prefix'), { field: 'speciality', kind: 'textarea' }],
      [caption('decision_prefix'), { field: 'decision', kind: 'textarea' }],
      [caption('reference_prefix'), text('reference')],
    ],
  },
];

/** The page's own text (publicPage.<key>) a caption replaces. */
export const CAPTION_DEFAULTS: Partial<Record<FieldSpec['field'], string>> = {
  issued_to: 'awardedTo',
  certification_date: 'obtained',
  expiration_date: 'expires',
  outcome_title: 'outcome',
  skills_title: 'skills',
  assessment_title: 'assessment',
  component_title: 'component',
  issuer_title: 'issuedBy',
  partner_title: 'partner',
  otherpartners_title: 'otherPartners',
  location_prefix: 'registry.location',
  certificator_prefix: 'registry.certificator',
  qualification_prefix: 'registry.qualification',
  speciality_prefix: 'registry.speciality',
  decision_prefix: 'registry.decision',
  reference_prefix: 'registry.reference',
};

export function sectionFields(sections: FieldSection[]): FieldSpec['field'][] {
  return sections.flatMap((section) => section.rows.flat().map((spec) => spec.field));
}
