/** The parts of a credential's design that the public pages and the editor's preview both lay out. */
export const MARKDOWN_SECTIONS = ['outcome', 'assessment', 'component'] as const;
export type MarkdownSection = (typeof MARKDOWN_SECTIONS)[number];

/** The registry template's entries, in the order they are shown (spec 001 section 2, registry editor). */
export const REGISTRY_ENTRIES = [
  'location',
  'certificator',
  'qualification',
  'speciality',
  'decision',
  'reference',
] as const;
export type RegistryEntry = (typeof REGISTRY_ENTRIES)[number];
