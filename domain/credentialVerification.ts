/**
 * What the public verifier answers (POST /api/verify), shared by the server, which makes the checks, and the
 * /verify page, which shows them. Each check has a verdict and a code the page translates
 * (`verify.checks.<check>.<code>`).
 */
export type Verdict = 'pass' | 'fail' | 'unknown';

export const VERIFICATION_CHECKS = ['signature', 'issuer', 'dates', 'revocation', 'suspension', 'schema'] as const;
export type VerificationCheckName = (typeof VERIFICATION_CHECKS)[number];

/** Each check's codes: the first passes; "unknown" ones are what cannot be known without another issuer's site. */
export const CHECK_CODES = {
  signature: ['valid', 'invalid', 'unresolvable'],
  issuer: ['known', 'unknown_key', 'unknown_issuer', 'foreign', 'missing'],
  dates: ['valid', 'expired', 'not_yet_valid', 'invalid_dates'],
  revocation: ['not_revoked', 'revoked', 'foreign_list', 'no_status'],
  suspension: ['not_suspended', 'suspended', 'foreign_list', 'no_status'],
  schema: ['valid', 'invalid'],
} as const satisfies Record<VerificationCheckName, readonly string[]>;

export interface VerificationCheck {
  check: VerificationCheckName;
  verdict: Verdict;
  code: string;
  /** what failed, in the libraries' words (signature errors, schema paths), or the date in question */
  details: string[];
}

export interface VerificationReport {
  /** true when every check passes */
  verified: boolean;
  checks: VerificationCheck[];
  /** what the credential says, for display; null where it says nothing readable */
  credential: {
    id: string | null;
    name: string | null;
    issuer: { id: string | null; name: string | null };
    validFrom: string | null;
    validUntil: string | null;
    /** one of this service's certificates anchored in its issuer's transparency log (an NFT), whose inclusion the
     * verify page then checks; false for every other credential */
    anchored: boolean;
  };
}

/** The error codes of POST /api/verify the page explains (others read as a generic failure). */
export const VERIFY_ERROR_CODES = [
  'FOREIGN_URL',
  'CERTIFICATE_NOT_FOUND',
  'CREDENTIAL_NOT_READY',
  'NO_CREDENTIAL_IN_IMAGE',
  'JWT_NOT_SUPPORTED',
  'UNREADABLE_FILE',
  'FILE_TOO_LARGE',
  'TOO_MANY_REQUESTS',
] as const;
export type VerifyErrorCode = (typeof VERIFY_ERROR_CODES)[number];

/** Certificate keys are letters and digits (128 of them for ours). */
export const CERTIFICATE_KEY_INPUT = /^[A-Za-z0-9]{1,128}$/;
