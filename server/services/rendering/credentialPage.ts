import type { IssuerPublicProfile } from '../../../domain/issuerPublicProfile';
import { renderMarkdown } from '../../../domain/rendering/markdown';
import { safeStyle } from '../../../domain/rendering/styleSanitiser';
import { serverLanguage, translate } from '../../i18n';
import type { CredentialView } from './credentialView';
import { escapeHtml, isSafeImageSource, languageTag, safeHref } from './html';
import { designRules, designVariables, PAGE_STYLES } from './pageStyles';

/**
 * The public pages' policy: nothing runs, nothing is fetched but our own images and data URIs, styles only
 * inline. Sent as a header, and also in the document for where headers do not reach (a preview's srcdoc).
 */
export const PAGE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";
export const PAGE_POLICY_HEADER = `${PAGE_POLICY}; frame-ancestors 'none'`;

/** A valid credential's ways out: each an ordinary link, no third-party script (the page runs none). */
export interface CredentialShareActions {
  /** the page's absolute address, shown to copy */
  pageUrl: string;
  linkedInProfile: string;
  linkedIn: string;
  x: string;
  email: string;
}

/** How the page presents the credential: its state for a real certificate, or a sample or preview. */
export type PageState = 'valid' | 'disabled' | 'expired' | 'minting' | 'replaced' | 'sample' | 'preview';

export interface CredentialPage {
  view: CredentialView;
  state: PageState;
  /** when the certificate expired, for the expired state */
  expiredOn?: string | null;
  /** for the replaced state (issue 28): when, the issuer's reason, and the page of the certificate that replaced it */
  replacement?: { date: string; reason: string; href: string } | null;
  /** a renewed certificate (issue 28: still valid until its own expiry): when, and the page of its renewal */
  renewal?: { date: string; href: string } | null;
  /** a renewal: the page of the certificate it renews */
  renews?: { href: string } | null;
  /** the NFT network, for the minting state and anchored certificates */
  network?: string | null;
  /** the download and verification addresses; only a valid certificate offers downloads */
  actions?: {
    credential?: string;
    badge?: string;
    /** the printable PDF, in the certificate's language and the template's design */
    pdf?: string;
    verify?: string;
    /** LinkedIn's Add to profile, plain share links and the page's own address (issue 31) */
    share?: CredentialShareActions;
    /** the "Add to a wallet" page (issue 30): a code mailed to the certificate's address, then a wallet offer */
    wallet?: string;
    /** the "Request a correction" page (issue 28): a code mailed to the certificate's address, then the request */
    correction?: string;
    /** an NFT certificate's claim page, with what it offers there */
    nft?: { href: string; label: 'claim' | 'reveal' | 'owned' };
  } | null;
  /** the issuer's public profile (issue 31): what its credentials say of it, shown under its name */
  issuerProfile?: IssuerPublicProfile | null;
  /** the template page's language switcher */
  languages?: { language: string; href: string }[];
  /** a template page opened by staff through a preview token before it is public: a banner says so, never indexed */
  unpublished?: boolean;
  brandName: string;
}

/** One long-date formatter per language: making one costs more than the rest of a page (issue 16). */
const dateFormats = new Map<string, Intl.DateTimeFormat | null>();

function dateFormat(language: string): Intl.DateTimeFormat | null {
  let format = dateFormats.get(language);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'long', timeZone: 'UTC' });
    } catch {
      format = null;
    }
    // languages come from templates: a bound keeps a stream of odd codes from growing the map
    if (dateFormats.size >= 64) dateFormats.clear();
    dateFormats.set(language, format);
  }
  return format;
}

/** A date (YYYY-MM-DD) as people of `language` write it: 5 March 2025, 5 mars 2025, 5 de marzo de 2025. */
export function formatDate(date: string, language: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return dateFormat(language)?.format(parsed) ?? date;
}

const languageNames = new Map<string, string>();

/** A language's own name (français, español), for the language switcher. */
export function languageName(language: string): string {
  let name = languageNames.get(language);
  if (name === undefined) {
    const tag = languageTag(language);
    try {
      const own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
      name = own ? own.charAt(0).toLocaleUpperCase(tag) + own.slice(1) : language;
    } catch {
      name = language;
    }
    if (languageNames.size >= 64) languageNames.clear();
    languageNames.set(language, name);
  }
  return name;
}

type Texts = (key: string, vars?: Record<string, string>) => string;

function textsIn(language: string): Texts {
  const pageLanguage = serverLanguage(language);
  return (key, vars = {}) => translate(pageLanguage, `publicPage.${key}`, vars);
}

const STATUS_ICONS: Record<PageState | 'deleted', string> = {
  valid: '&#10003;',
  disabled: '!',
  expired: '!',
  minting: '&#8987;',
  replaced: '&#215;',
  sample: 'i',
  preview: 'i',
  deleted: '&#215;',
};

function statusBanner(state: PageState | 'deleted', title: string, text: string): string {
  return `<div class="status status-${state}" role="status"><span class="status-icon" aria-hidden="true">${STATUS_ICONS[state]}</span><div><strong>${escapeHtml(title)}</strong><p>${escapeHtml(text)}</p></div></div>`;
}

/** The banner of a template page that staff see before it is public (a preview token). */
function unpublishedBanner(t: Texts): string {
  return `<div class="status status-unpublished" role="status"><span class="status-icon" aria-hidden="true">!</span><div><strong>${escapeHtml(t('unpublished.title'))}</strong><p>${escapeHtml(t('unpublished.text'))}</p></div></div>`;
}

/** "Replaced on {date}: {reason}", and the link to the certificate that replaced it (issue 28). */
function replacedBanner(page: CredentialPage, t: Texts): string {
  const replacement = page.replacement;
  if (!replacement) return statusBanner('replaced', t('status.replaced.title'), t('status.replaced.undated'));
  const text = t('status.replaced.text', {
    date: formatDate(replacement.date.slice(0, 10), page.view.language),
    reason: replacement.reason,
  });
  const href = escapeHtml(replacement.href);
  return `<div class="status status-replaced" role="status"><span class="status-icon" aria-hidden="true">${STATUS_ICONS.replaced}</span><div><strong>${escapeHtml(t('status.replaced.title'))}</strong><p>${escapeHtml(text)}</p><p><a href="${href}" class="replacement-link">${escapeHtml(t('status.replaced.link'))}</a></p></div></div>`;
}

/** "Renewed on {date}" with the link to the renewal, or "Renews an earlier credential" with the link back (issue 28). */
function renewalNote(page: CredentialPage, t: Texts): string {
  const note = (text: string, href: string, label: string, className: string) =>
    `<div class="renewal-note" role="note"><p>${escapeHtml(text)} <a href="${escapeHtml(href)}" class="${className}">${escapeHtml(label)}</a></p></div>`;
  if (page.renewal)
    return note(
      t('renewal.renewedOn', { date: formatDate(page.renewal.date.slice(0, 10), page.view.language) }),
      page.renewal.href,
      t('renewal.renewedLink'),
      'renewal-link',
    );
  if (page.renews) return note(t('renewal.renews'), page.renews.href, t('renewal.renewsLink'), 'renews-link');
  return '';
}

function image(source: string | null, alt: string, className = ''): string {
  if (!source || !isSafeImageSource(source)) return '';
  return `<img src="${escapeHtml(source)}" alt="${escapeHtml(alt)}"${className ? ` class="${className}"` : ''} loading="lazy">`;
}

function link(address: string | null, label: string, className = ''): string {
  const href = safeHref(address);
  if (!href) return escapeHtml(label);
  return `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank"${className ? ` class="${className}"` : ''}>${escapeHtml(label)}</a>`;
}

function subtitle(text: string): string {
  return `<h2 class="subtitle">${escapeHtml(text)}</h2>`;
}

function part(name: string, inner: string): string {
  return inner.trim() === '' ? '' : `<section class="part ${name}">${inner}</section>`;
}

function statusOf(page: CredentialPage, t: Texts): string {
  const { view } = page;
  const network = page.network ?? '';
  switch (page.state) {
    case 'valid': {
      const text = t('status.valid.text', { issuer: view.issuer.name });
      const anchored = network ? ` ${t('status.anchored', { network })}` : '';
      return statusBanner('valid', t('status.valid.title'), `${text}${anchored}`);
    }
    case 'expired':
      return statusBanner(
        'expired',
        t('status.expired.title'),
        page.expiredOn
          ? t('status.expired.text', { date: formatDate(page.expiredOn, view.language) })
          : t('status.expired.undated'),
      );
    case 'disabled':
    case 'sample':
    case 'preview':
      return statusBanner(page.state, t(`status.${page.state}.title`), t(`status.${page.state}.text`));
    case 'minting':
      return statusBanner('minting', t('status.minting.title'), t('status.minting.text', { network }));
    case 'replaced':
      return replacedBanner(page, t);
  }
}

function recipientPart(view: CredentialView, t: Texts): string {
  const dates: string[] = [];
  if (view.obtained.date) {
    dates.push(
      `<div><dt>${escapeHtml(view.obtained.title ?? t('obtained'))}</dt><dd><time datetime="${view.obtained.date}">${escapeHtml(formatDate(view.obtained.date, view.language))}</time></dd></div>`,
    );
  }
  if (view.expires) {
    dates.push(
      `<div><dt>${escapeHtml(view.expires.title ?? t('expires'))}</dt><dd><time datetime="${view.expires.date}">${escapeHtml(formatDate(view.expires.date, view.language))}</time></dd></div>`,
    );
  }
  const name = view.recipient.name
    ? `<p class="label">${escapeHtml(view.recipient.title ?? t('awardedTo'))}</p><p class="graduate-name">${escapeHtml(view.recipient.name)}</p>`
    : '';
  return `${name}${dates.length > 0 ? `<dl class="dates">${dates.join('')}</dl>` : ''}`;
}

function mainPart(view: CredentialView, t: Texts): string {
  const blocks = view.sections.map(
    (section) =>
      `<div class="block">${subtitle(section.title ?? t(section.section))}<div class="md">${renderMarkdown(section.markdown)}</div></div>`,
  );
  if (view.registry && view.registry.entries.length > 0) {
    const entries = view.registry.entries
      .map(
        ({ entry, prefix, value }) =>
          `<dt class="paragraph">${escapeHtml(prefix ?? t(`registry.${entry}`))}</dt><dd class="paragraph">${escapeHtml(value)}</dd>`,
      )
      .join('');
    blocks.unshift(`<div class="block"><dl class="entries">${entries}</dl></div>`);
  }
  return blocks.join('');
}

function asidePart(view: CredentialView, t: Texts): string {
  const blocks: string[] = [];
  if (view.skills) {
    const tags = view.skills.tags.map((tag) => `<li class="skill">${escapeHtml(tag)}</li>`).join('');
    blocks.push(
      `<div class="block">${subtitle(view.skills.title ?? t('skills'))}<ul class="skills">${tags}</ul></div>`,
    );
  }
  if (view.details.length > 0) {
    const entries = view.details
      .map(
        ({ name, value }) =>
          `<dt class="paragraph">${escapeHtml(name)}</dt><dd class="paragraph">${escapeHtml(value)}</dd>`,
      )
      .join('');
    blocks.push(`<div class="block">${subtitle(t('details'))}<dl class="entries">${entries}</dl></div>`);
  }
  if (view.link) {
    blocks.push(`<div class="block">${link(view.link.url, view.link.label ?? t('moreInformation'), 'button')}</div>`);
  }
  return blocks.join('');
}

/** The issuer's contact and registry lines (issue 31), as its credentials carry them. */
function issuerProfileLines(profile: IssuerPublicProfile | null | undefined, t: Texts): string {
  if (!profile) return '';
  const lines: string[] = [];
  if (profile.description) lines.push(`<p class="paragraph issuer-description">${escapeHtml(profile.description)}</p>`);
  const address = [profile.address?.text, profile.address?.countryCode].filter(Boolean).join(', ');
  if (address) lines.push(`<p class="paragraph">${escapeHtml(address)}</p>`);
  if (profile.email) {
    const href = escapeHtml(`mailto:${profile.email}`);
    lines.push(
      `<p class="paragraph">${escapeHtml(t('issuerProfile.email'))} <a href="${href}">${escapeHtml(profile.email)}</a></p>`,
    );
  }
  if (profile.phone) {
    const href = escapeHtml(`tel:${profile.phone.replace(/[^+0-9]/gu, '')}`);
    lines.push(
      `<p class="paragraph">${escapeHtml(t('issuerProfile.phone'))} <a href="${href}">${escapeHtml(profile.phone)}</a></p>`,
    );
  }
  for (const entry of profile.identifiers) {
    if (entry.kind === 'linkedInOrganizationId') continue; // for LinkedIn and the credential, not for people
    lines.push(`<p class="paragraph">${escapeHtml(t(`issuerProfile.${entry.kind}`, { value: entry.identifier }))}</p>`);
  }
  return lines.join('');
}

function organisationsPart(view: CredentialView, t: Texts, profile?: IssuerPublicProfile | null): string {
  const { issuer, partner, otherPartners } = view;
  const organisations: string[] = [];
  if (issuer.name) {
    const site = issuer.url ? `<p class="paragraph">${link(issuer.url, issuer.urlLabel ?? t('website'))}</p>` : '';
    organisations.push(
      `<div class="org">${image(issuer.logo, t('logoAlt', { name: issuer.name }))}<div><p class="label">${escapeHtml(issuer.title ?? t('issuedBy'))}</p><p class="org-name paragraph">${escapeHtml(issuer.name)}</p>${site}${issuerProfileLines(profile, t)}</div></div>`,
    );
  }
  if (partner) {
    const name = partner.url ? link(partner.url, partner.name) : escapeHtml(partner.name);
    organisations.push(
      `<div class="org">${image(partner.logo, t('logoAlt', { name: partner.name }))}<div><p class="label">${escapeHtml(partner.title ?? t('partner'))}</p><p class="org-name paragraph">${name}</p></div></div>`,
    );
  }
  if (otherPartners) {
    const names = otherPartners.names.map((name) => `<li class="paragraph">${escapeHtml(name)}</li>`).join('');
    organisations.push(
      `<div class="org"><div><p class="label">${escapeHtml(otherPartners.title ?? t('otherPartners'))}</p><ul class="tags">${names}</ul></div></div>`,
    );
  }
  return organisations.join('');
}

function actionsOf(page: CredentialPage, t: Texts): string {
  const actions = page.actions;
  if (!actions) return '';
  const links: string[] = [];
  if (actions.credential) {
    links.push(
      `<a class="primary" href="${escapeHtml(actions.credential)}" download>${escapeHtml(t('actions.credential'))}</a>`,
    );
  }
  if (actions.pdf) {
    links.push(`<a href="${escapeHtml(actions.pdf)}" download>${escapeHtml(t('actions.pdf'))}</a>`);
  }
  if (actions.badge) {
    links.push(`<a href="${escapeHtml(actions.badge)}" download>${escapeHtml(t('actions.badge'))}</a>`);
  }
  if (actions.share) {
    links.push(
      `<a href="${escapeHtml(actions.share.linkedInProfile)}" rel="noopener" target="_blank">${escapeHtml(t('actions.linkedInProfile'))}</a>`,
    );
  }
  if (actions.wallet) {
    links.push(`<a href="${escapeHtml(actions.wallet)}" class="wallet-action">${escapeHtml(t('actions.wallet'))}</a>`);
  }
  if (actions.correction) {
    links.push(
      `<a href="${escapeHtml(actions.correction)}" class="correction-action">${escapeHtml(t('actions.correction'))}</a>`,
    );
  }
  if (actions.nft) {
    links.push(`<a href="${escapeHtml(actions.nft.href)}">${escapeHtml(t(`actions.nft.${actions.nft.label}`))}</a>`);
  }
  if (actions.verify) links.push(`<a href="${escapeHtml(actions.verify)}">${escapeHtml(t('actions.verify'))}</a>`);
  const nav =
    links.length > 0
      ? `<nav class="actions" aria-label="${escapeHtml(t('actions.label'))}">${links.join('')}</nav>`
      : '';
  return nav + shareSection(actions.share, t);
}

/**
 * The page's address in a read-only field (selected and copied by hand: the page runs no script) and plain share
 * links, each opening the network's own form.
 */
function shareSection(share: CredentialShareActions | undefined, t: Texts): string {
  if (!share) return '';
  const network = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" rel="noopener" target="_blank">${escapeHtml(label)}</a>`;
  return `<section class="share" aria-labelledby="share-title">
<h2 id="share-title" class="label">${escapeHtml(t('share.title'))}</h2>
<label for="share-url">${escapeHtml(t('share.copy'))}</label>
<input id="share-url" type="url" readonly value="${escapeHtml(share.pageUrl)}">
<p class="share-links">${network(share.linkedIn, t('share.linkedIn'))}${network(share.x, t('share.x'))}${network(share.email, t('share.email'))}</p>
</section>`;
}

function languageSwitcher(page: CredentialPage, t: Texts): string {
  const languages = page.languages ?? [];
  if (languages.length < 2) return '';
  const items = languages.map(({ language, href }) => {
    const name = escapeHtml(languageName(language));
    const lang = escapeHtml(languageTag(language));
    return language === page.view.language
      ? `<span lang="${lang}" aria-current="page">${name}</span>`
      : `<a href="${escapeHtml(href)}" lang="${lang}" hreflang="${lang}">${name}</a>`;
  });
  return `<nav class="languages" aria-label="${escapeHtml(t('languages'))}">${items.join('')}</nav>`;
}

interface DocumentParts {
  language: string;
  title: string;
  layout: string;
  styles: string;
  body: string;
  /** whether search engines may list the page (never for a recipient's credential) */
  indexable: boolean;
}

function htmlDocument({ language, title, layout, styles, body, indexable }: DocumentParts): string {
  return `<!doctype html>
<html lang="${escapeHtml(languageTag(language))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PAGE_POLICY)}">
<meta name="referrer" content="same-origin">
${indexable ? '' : '<meta name="robots" content="noindex, nofollow">\n'}<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body class="layout-${escapeHtml(layout)}">
${body}
</body>
</html>
`;
}

/** A credential's page: its state, the template's design filled with the recipient's data, and its links. */
export function renderCredentialPage(page: CredentialPage): string {
  const { view } = page;
  const t = textsIn(view.language);
  const style = safeStyle(view.cstyle);
  const register = view.registry?.type ? `<p class="register">${escapeHtml(view.registry.type)}</p>` : '';
  // the custom layout shows its design image, when it has one, in the badge's place
  const badge = style.designImage
    ? image(style.designImage, t('designAlt', { title: view.title }), 'design-image')
    : image(view.badgeImage, t('badgeAlt', { title: view.title }));
  const parts = [
    part('badge', badge),
    part('recipient', recipientPart(view, t)),
    part('main', mainPart(view, t)),
    part('aside', asidePart(view, t)),
    part('orgs', organisationsPart(view, t, page.issuerProfile)),
  ].join('');
  const body = `<main class="page">
${page.unpublished ? `${unpublishedBanner(t)}\n` : ''}${languageSwitcher(page, t)}
${statusOf(page, t)}${renewalNote(page, t)}
<article class="card">
<header class="title"><h1>${escapeHtml(view.title)}</h1>${register}</header>
<div class="body">${parts}</div>
</article>
${actionsOf(page, t)}
<p class="footer">${escapeHtml(t('footer', { brand: page.brandName }))}</p>
</main>`;
  return htmlDocument({
    language: view.language,
    title: view.recipient.name ? `${view.title} — ${view.recipient.name}` : view.title,
    layout: style.layout,
    styles: `${designVariables(style)}\n${PAGE_STYLES}\n${designRules(style)}`,
    body,
    indexable: page.state === 'sample' && !page.unpublished,
  });
}

/** A page that only says something: a withdrawn credential, a disabled template, or an address that leads nowhere. */
export function renderNoticePage(
  kind: 'deleted' | 'templateDisabled' | 'notFound',
  language: string,
  brandName: string,
  verify: string | null = null,
  /** a disabled template's notice seen through a preview token before the template is public */
  unpublished = false,
): string {
  const t = textsIn(language);
  const style = safeStyle(null);
  const texts = {
    deleted: { state: 'deleted', title: t('status.deleted.title'), text: t('status.deleted.text') },
    templateDisabled: { state: 'disabled', title: t('templateDisabled.title'), text: t('templateDisabled.text') },
    notFound: { state: 'disabled', title: t('notFound.title'), text: t('notFound.text') },
  } as const;
  const { state, title, text } = texts[kind];
  const banner = statusBanner(state, title, text);
  const actions = verify
    ? `<nav class="actions" aria-label="${escapeHtml(t('actions.label'))}"><a href="${escapeHtml(verify)}">${escapeHtml(t('actions.verify'))}</a></nav>`
    : '';
  return htmlDocument({
    language: serverLanguage(language),
    title,
    layout: 'oneCol',
    styles: `${designVariables(style)}\n${PAGE_STYLES}`,
    body: `<main class="page">\n${unpublished ? `${unpublishedBanner(t)}\n` : ''}${banner}\n${actions}\n<p class="footer">${escapeHtml(t('footer', { brand: brandName }))}</p>\n</main>`,
    indexable: false,
  });
}
