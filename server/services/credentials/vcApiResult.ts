import type { VerificationCheck, VerificationReport } from '../../../domain/credentialVerification';
import type { PresentationVerification } from './verifier';

/** An RFC 9457 problem, as the VC-API puts them in a verification answer's `errors` and `warnings`. */
export interface ProblemDetail {
  type: string;
  title: string;
  detail?: string;
  /** the VC-API name of the check it comes from (proof, issuer, validity, …) */
  check?: string;
}

/** The VC-API answer to POST /credentials/verify and /presentations/verify. */
export interface VcApiVerification {
  verified: boolean;
  /** the checks made and passed */
  checks: string[];
  warnings: ProblemDetail[];
  errors: ProblemDetail[];
}

/** VC Data Model 2.0's error types (its "Verification" algorithm names them), and ours for the warnings. */
const VC_ERROR = 'https://www.w3.org/TR/vc-data-model-2.0/#';
const problemType = (check: string, code: string) => `urn:laurel:verify:${check}:${code}`;

/** The VC-API names of our checks: the signature is the proof, the schema the data model. */
const CHECK_NAMES: Record<VerificationCheck['check'], string> = {
  signature: 'proof',
  issuer: 'issuer',
  dates: 'validity',
  revocation: 'revocation',
  suspension: 'suspension',
  schema: 'dataModel',
};

/** Every check a caller may name in `options.checks`. */
export const VC_API_CHECKS = ['proof', 'issuer', 'validity', 'revocation', 'suspension', 'dataModel'] as const;
export type VcApiCheck = (typeof VC_API_CHECKS)[number];

const TITLES: Record<string, string> = {
  'signature:invalid': 'The proof does not verify',
  'signature:unresolvable': "The proof cannot be checked: the issuer's DID could not be resolved",
  'issuer:unknown_key': "The proof's key is not one of the issuer's assertion keys",
  'issuer:unknown_issuer': 'No such issuer on this service',
  'issuer:missing': 'The credential names no issuer',
  'issuer:foreign': "The issuer's DID could not be resolved",
  'dates:invalid_dates': 'The validity dates are not dates',
  'dates:expired': 'The credential has expired',
  'dates:not_yet_valid': 'The credential is not valid yet',
  'revocation:revoked': 'The credential is revoked',
  'revocation:foreign_list': 'The revocation list could not be read',
  'suspension:suspended': 'The credential is suspended',
  'suspension:foreign_list': 'The suspension list could not be read',
  'schema:invalid': 'The credential does not follow its data model',
};

/**
 * Our report in the VC-API's shape. As the VC-API group settles it (verified speaks for the proof and the data
 * model; the rest is the relying party's policy): `errors`, which make `verified` false, are a broken or
 * uncheckable proof, a key that is not the issuer's, and a credential that is not well formed; a revoked,
 * suspended, expired or not yet valid credential, an issuer or a status list we could not read are `warnings`.
 * The /verify page reads the same report check by check.
 */
export function vcApiVerification(report: VerificationReport): VcApiVerification {
  const checks: string[] = [];
  const warnings: ProblemDetail[] = [];
  const errors: ProblemDetail[] = [];
  for (const check of report.checks) {
    if (check.verdict === 'pass') {
      checks.push(CHECK_NAMES[check.check]);
      continue;
    }
    if (check.code === 'no_status') continue;
    const key = `${check.check}:${check.code}`;
    const isError =
      check.check === 'signature' ||
      check.check === 'schema' ||
      key === 'dates:invalid_dates' ||
      key === 'issuer:unknown_key' ||
      key === 'issuer:missing' ||
      key === 'issuer:unknown_issuer';
    const problem: ProblemDetail & { check: string } = {
      check: CHECK_NAMES[check.check],
      type: isError
        ? `${VC_ERROR}${check.check === 'signature' || check.check === 'issuer' ? 'CRYPTOGRAPHIC_SECURITY_ERROR' : 'MALFORMED_VALUE_ERROR'}`
        : problemType(check.check, check.code),
      title: TITLES[key] ?? key,
      ...(check.details.length ? { detail: check.details.join('; ') } : {}),
    };
    (isError ? errors : warnings).push(problem);
  }
  return { verified: errors.length === 0, checks, warnings, errors };
}

/**
 * The answer to a caller that asked for some checks only (`options.checks`): the others are left out of `checks`,
 * `warnings` and `errors`, and `verified` speaks for the asked ones (a credential whose status alone was asked is
 * verified while its list says it is valid, whatever its proof; the verify page always asks for every check).
 */
export function onlyChecks(answer: VcApiVerification, asked: readonly VcApiCheck[] | undefined): VcApiVerification {
  if (!asked) return answer;
  const keep = new Set<string>(asked);
  const errors = answer.errors.filter((problem) => keep.has(problem.check ?? ''));
  return {
    verified: errors.length === 0,
    checks: answer.checks.filter((check) => keep.has(check)),
    warnings: answer.warnings.filter((problem) => keep.has(problem.check ?? '')),
    errors,
  };
}

/** A presentation's verdict in the VC-API's shape: the proof's errors first, then each credential's. */
export function vcApiPresentationVerification(result: PresentationVerification): VcApiVerification & {
  holder: string | null;
  credentialResults: VcApiVerification[];
} {
  const credentialResults = result.credentials.map(vcApiVerification);
  const errors: ProblemDetail[] = result.proof.errors.map((detail) => ({
    type: `${VC_ERROR}CRYPTOGRAPHIC_SECURITY_ERROR`,
    title: 'The presentation proof does not verify',
    detail,
  }));
  credentialResults.forEach((answer, index) => {
    errors.push(
      ...answer.errors.map((problem) => ({ ...problem, title: `Credential ${index + 1}: ${problem.title}` })),
    );
  });
  const warnings = credentialResults.flatMap((answer, index) =>
    answer.warnings.map((problem) => ({ ...problem, title: `Credential ${index + 1}: ${problem.title}` })),
  );
  return {
    verified: result.proof.verified && errors.length === 0,
    checks: result.proof.verified ? ['proof'] : [],
    warnings,
    errors,
    holder: result.holder,
    credentialResults,
  };
}
