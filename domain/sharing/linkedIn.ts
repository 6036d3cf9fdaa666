/**
 * LinkedIn's "Add to profile" link for a certification (issue 31): the recipient lands on their profile's
 * "Add license or certification" form with every field filled in. The parameters are LinkedIn's documented ones
 * (https://addtoprofile.linkedin.com): `startTask=CERTIFICATION_NAME`, `name`, `organizationId` (the issuer's
 * LinkedIn page, which shows its logo) or else `organizationName`, `issueYear`/`issueMonth`, `expirationYear`/
 * `expirationMonth`, `certUrl` and `certId`. Empty values are left out; URLSearchParams encodes each value.
 */
export const LINKEDIN_ADD_TO_PROFILE = 'https://www.linkedin.com/profile/add';

export interface LinkedInCertification {
  /** the credential's title, as the recipient's profile will list it */
  name: string;
  /** the issuer's LinkedIn organisation id (digits), when its profile gives one */
  organizationId?: string | null;
  /** the issuer's name, used when there is no organisation id */
  organizationName: string;
  /** YYYY-MM-DD */
  issued: string | null;
  /** YYYY-MM-DD, when the credential expires */
  expires?: string | null;
  /** the credential's public page (absolute) */
  certUrl: string;
  /** the certificate key */
  certId: string;
}

/** The year and month (1–12) of a YYYY-MM-DD date, or null when it is not one. */
function yearMonth(date: string | null | undefined): { year: string; month: string } | null {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(date ?? '');
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: match[1], month: String(month) } : null;
}

/** The LinkedIn organisation id of an issuer's params (the profile's sharing tab), or null. */
export function linkedInOrganizationId(params: Readonly<Record<string, unknown>>): string | null {
  const value = params.organizationId;
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? value.trim() : null;
}

export function linkedInAddToProfileUrl(certification: LinkedInCertification): string {
  const params = new URLSearchParams({ startTask: 'CERTIFICATION_NAME' });
  const put = (name: string, value: string | null | undefined) => {
    const trimmed = value?.trim() ?? '';
    if (trimmed !== '') params.set(name, trimmed);
  };
  put('name', certification.name);
  const organizationId = certification.organizationId?.trim() ?? '';
  if (/^\d+$/.test(organizationId)) put('organizationId', organizationId);
  else put('organizationName', certification.organizationName);
  const issued = yearMonth(certification.issued);
  put('issueYear', issued?.year);
  put('issueMonth', issued?.month);
  const expires = yearMonth(certification.expires);
  put('expirationYear', expires?.year);
  put('expirationMonth', expires?.month);
  put('certUrl', certification.certUrl);
  put('certId', certification.certId);
  return `${LINKEDIN_ADD_TO_PROFILE}?${params.toString()}`;
}

/**
 * Plain share links (no third-party script on our page: each is an ordinary link that opens the network's own
 * share form): a LinkedIn post, an X post, and a mail.
 */
export function shareLinks(pageUrl: string, text: string): { linkedIn: string; x: string; email: string } {
  const url = encodeURIComponent(pageUrl);
  return {
    linkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    x: `https://x.com/intent/post?url=${url}&text=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent(text)}&body=${url}`,
  };
}
