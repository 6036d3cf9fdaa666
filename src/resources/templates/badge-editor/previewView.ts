import {
  REGISTRY_ENTRIES,
  type MarkdownSection,
  type RegistryEntry,
} from '../../../../domain/rendering/credentialParts';
import { safeHref } from '../../../../domain/rendering/html';
import { cleanTags } from '../../../../domain/templateRules/inputCleaning';
import { templateImagePath } from '../../../../domain/templates';
import type { EditorState, LogoValue } from './editorModel';

/**
 * What the live preview shows of the template being written, in one language: the public page's view
 * (server/services/rendering/credentialView.ts) built from the editor's state and a sample recipient. Titles
 * are the author's; null means the page shows its own translated title.
 */
export interface PreviewView {
  language: string;
  title: string;
  register: string | null;
  badgeImage: string | null;
  registryEntries: { entry: RegistryEntry; prefix: string | null; value: string }[];
  issuer: { title: string | null; name: string; logo: string | null; url: string | null; urlLabel: string | null };
  partner: { title: string | null; name: string; logo: string | null; url: string | null } | null;
  otherPartners: { title: string | null; names: string[] } | null;
  recipientTitle: string | null;
  obtained: { title: string | null; date: string };
  expires: { title: string; date: string } | null;
  sections: { section: MarkdownSection; title: string | null; markdown: string }[];
  skills: { title: string | null; tags: string[] } | null;
}

const objectUrls = new WeakMap<File, string>();

/** Where a logo is shown from: the stored image's address, or an object address of the chosen file. */
export function logoSource(logo: LogoValue): string | null {
  if (!logo) return null;
  if (logo.kind === 'stored') return templateImagePath(logo.key);
  let url = objectUrls.get(logo.file);
  if (!url) {
    url = URL.createObjectURL(logo.file);
    objectUrls.set(logo.file, url);
  }
  return url;
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function addYears(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

/**
 * The preview of `language`. The sample recipient obtained the credential `today`; when the author wrote an
 * expiration caption, a date a year later shows it (the sample page has no expiration otherwise).
 */
export function previewView(state: EditorState, language: string, today: string): PreviewView {
  const content = state.content[language] ?? {};
  const partnerName = text(content.partner);
  const otherPartners = cleanTags(content.otherpartners).tags;
  const skills = cleanTags(content.skills).tags;
  const expirationTitle = text(content.expiration_date);
  const markdown = {
    outcome: [content.outcome_title, content.outcome],
    assessment: [content.assessment_title, content.assessment],
    component: [content.component_title, content.componentof],
  } as const;
  return {
    language,
    title: text(content.microcertitle) ?? text(content.label) ?? '',
    register: state.family === 'registry' ? state.registry.type : null,
    badgeImage: logoSource(state.badgeLogos[language] ?? null),
    registryEntries:
      state.family === 'registry'
        ? REGISTRY_ENTRIES.flatMap((entry) => {
            const value = text(content[entry]);
            return value ? [{ entry, prefix: text(content[`${entry}_prefix`]), value }] : [];
          })
        : [],
    issuer: {
      title: text(content.issuer_title),
      name: text(content.issuer) ?? state.issuerName,
      logo: state.family === 'badge' ? logoSource(state.issuerLogo) : null,
      url: safeHref(content.issuer_url),
      urlLabel: text(content.issuer_url_label),
    },
    partner: partnerName
      ? {
          title: text(content.partner_title),
          name: partnerName,
          logo: logoSource(state.partnerLogo),
          url: safeHref(content.partner_url),
        }
      : null,
    otherPartners: otherPartners.length > 0 ? { title: text(content.otherpartners_title), names: otherPartners } : null,
    recipientTitle: text(content.issued_to),
    obtained: { title: text(content.certification_date), date: today },
    expires: expirationTitle ? { title: expirationTitle, date: addYears(today, 1) } : null,
    sections: (Object.keys(markdown) as (keyof typeof markdown)[]).flatMap((section) => {
      const [title, value] = markdown[section];
      const source = text(value);
      return source ? [{ section, title: text(title), markdown: source }] : [];
    }),
    skills: skills.length > 0 ? { title: text(content.skills_title), tags: skills } : null,
  };
}
