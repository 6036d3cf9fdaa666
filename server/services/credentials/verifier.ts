import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Verdict, VerificationCheck, VerificationReport } from '../../../domain/credentialVerification';
import type { Database } from '../../db/schema';
import { isAnchoredCertificate } from '../../repositories/certificates';
import { findIssuer } from '../../repositories/issuers';
import { contextDocumentLoader, type RemoteDocument } from './contexts/documentLoader';
import { dataIntegrityLibraries } from './dataIntegrity';
import {
  certificateKeyOfCredentialId,
  issuerDid,
  STATUS_PURPOSES,
  statusListCredentialUrl,
  type StatusPurpose,
} from './identifiers';
import { issuerDidDocument, listIssuerKeys, type IssuerDidDocument } from './issuerKeys';
import type { StatusLists } from './statusLists';

type Json = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asObject = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;

function issuerOf(credential: Json): { id: string | null; name: string | null } {
  if (typeof credential.issuer === 'string') return { id: credential.issuer, name: null };
  const issuer = asObject(credential.issuer);
  return { id: text(issuer?.id), name: text(issuer?.name) };
}

function proofsOf(credential: Json): Json[] {
  const proof = credential.proof;
  return (Array.isArray(proof) ? proof : [proof]).map(asObject).filter((p): p is Json => p !== null);
}

/** The issuer id of one of our issuers' DIDs under this PUBLIC_URL, or null for any other DID. */
export function ourIssuerId(publicUrl: string, did: string | null): number | null {
  const match = did ? /:ob:issuers:([1-9][0-9]{0,15})$/.exec(did) : null;
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && issuerDid(publicUrl, id) === did ? id : null;
}

/** The issuer and purpose of one of our status lists at this address, or null. */
function ourStatusList(publicUrl: string, url: string | null): { issuerId: number; purpose: StatusPurpose } | null {
  const match = url ? /\/ob\/issuers\/([1-9][0-9]{0,15})\/status\/(revocation|suspension)$/.exec(url) : null;
  if (!match) return null;
  const issuerId = Number(match[1]);
  const purpose = match[2] as StatusPurpose;
  return statusListCredentialUrl(publicUrl, issuerId, purpose) === url ? { issuerId, purpose } : null;
}

let schemaValidator: Promise<(credential: unknown) => string[]> | null = null;

/**
 * The official OB 3.0 AchievementCredential schema (shipped beside the contexts), compiled on first use; Ajv is
 * loaded then too, so a server that verifies nothing never holds it (issue 16 point 5).
 */
export async function ob3SchemaErrors(credential: unknown): Promise<string[]> {
  schemaValidator ??= (async () => {
    const [{ default: Ajv2019 }, { default: addFormats }] = await Promise.all([
      import('ajv/dist/2019.js'),
      import('ajv-formats'),
    ]);
    const schema = JSON.parse(
      fs.readFileSync(new URL('./contexts/ob-v3p0-achievementcredential.json', import.meta.url), 'utf8'),
    ) as object;
    // strict: false because the schema uses a 2-tuple `items` on @context, which strict mode refuses
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    return (value: unknown) =>
      validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
  })().catch((error: unknown) => {
    schemaValidator = null;
    throw error;
  });
  return (await schemaValidator)(credential);
}

export interface VerifierContext {
  db: Kysely<Database>;
  publicUrl: string;
  statusLists: StatusLists;
}

/**
 * The public verifier: the checks anyone can make on a credential, each with its own verdict. It reads only
 * what this server publishes (our issuers' DID documents and status lists, from the database) and the shipped
 * contexts; another issuer's documents are not fetched (that would be network access on a visitor's behalf),
 * so their checks say "unknown".
 */
export class CredentialVerifier {
  constructor(private readonly ctx: VerifierContext) {}

  async verify(credential: Json, now: Date = new Date()): Promise<VerificationReport> {
    const issuer = issuerOf(credential);
    const issuerId = ourIssuerId(this.ctx.publicUrl, issuer.id);
    const issuerRow = issuerId === null ? undefined : await findIssuer(this.ctx.db, issuerId);
    const didDocument = issuerRow
      ? issuerDidDocument(this.ctx.publicUrl, issuerRow.id, await listIssuerKeys(this.ctx.db, issuerRow.id))
      : null;

    const checks: VerificationCheck[] = [
      await this.signatureCheck(credential, issuerId, didDocument),
      this.issuerCheck(credential, issuer.id, issuerId, didDocument),
      datesCheck(credential, now),
      ...(await this.statusChecks(credential, issuerId)),
      await schemaCheck(credential),
    ];
    const key = issuerRow ? certificateKeyOfCredentialId(this.ctx.publicUrl, text(credential.id)) : null;
    return {
      verified: checks.every((check) => check.verdict === 'pass'),
      checks,
      credential: {
        id: text(credential.id),
        name: text(credential.name),
        issuer: { id: issuer.id, name: issuerRow?.name ?? issuer.name },
        validFrom: text(credential.validFrom),
        validUntil: text(credential.validUntil),
        anchored: key !== null && (await isAnchoredCertificate(this.ctx.db, key)),
      },
    };
  }

  private async signatureCheck(
    credential: Json,
    issuerId: number | null,
    didDocument: IssuerDidDocument | null,
  ): Promise<VerificationCheck> {
    const check = (verdict: Verdict, code: string, details: string[] = []): VerificationCheck => ({
      check: 'signature',
      verdict,
      code,
      details,
    });
    if (issuerId === null) return check('unknown', 'unresolvable');
    const documentLoader = async (url: string): Promise<RemoteDocument> => {
      if (didDocument && url.startsWith('did:')) {
        const [did, fragment] = url.split('#');
        if (did === didDocument.id) {
          if (fragment === undefined) return { contextUrl: null, documentUrl: url, document: didDocument };
          const method = didDocument.verificationMethod.find((candidate) => candidate.id === url);
          if (method) {
            return {
              contextUrl: null,
              documentUrl: url,
              document: { '@context': 'https://w3id.org/security/multikey/v1', ...method },
            };
          }
        }
      }
      return contextDocumentLoader(url);
    };
    // Dates and statuses are checked on their own: the library sees the credential at its own validFrom.
    const validFrom = text(credential.validFrom);
    const at = validFrom && !Number.isNaN(Date.parse(validFrom)) ? new Date(validFrom) : undefined;
    const { vc, DataIntegrityProof, eddsaRdfc2022 } = await dataIntegrityLibraries();
    const result = await vc.verifyCredential({
      credential,
      suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
      documentLoader,
      checkStatus: async () => ({ verified: true }),
      ...(at ? { now: at } : {}),
    });
    if (result.verified) return check('pass', 'valid');
    const details: string[] = [];
    const collect = (error: unknown) => {
      const { message, errors } = (error ?? {}) as { message?: string; errors?: unknown[] };
      if (Array.isArray(errors) && errors.length > 0) errors.forEach(collect);
      else if (message) details.push(message);
    };
    collect(result.error);
    for (const proof of (result.results ?? []) as { error?: unknown }[]) collect(proof.error);
    return check('fail', 'invalid', [...new Set(details)].slice(0, 5));
  }

  private issuerCheck(
    credential: Json,
    did: string | null,
    issuerId: number | null,
    didDocument: IssuerDidDocument | null,
  ): VerificationCheck {
    const check = (verdict: Verdict, code: string, details: string[] = []): VerificationCheck => ({
      check: 'issuer',
      verdict,
      code,
      details,
    });
    if (!did) return check('fail', 'missing');
    if (issuerId === null) return check('unknown', 'foreign', [did]);
    if (!didDocument) return check('fail', 'unknown_issuer', [did]);
    const methods = proofsOf(credential).map((proof) => text(proof.verificationMethod));
    const known = new Set(didDocument.assertionMethod);
    const unknown = methods.filter((method) => !method || !known.has(method));
    if (methods.length === 0 || unknown.length > 0) {
      return check(
        'fail',
        'unknown_key',
        unknown.filter((method): method is string => method !== null),
      );
    }
    return check('pass', 'known', [did]);
  }

  private async statusChecks(credential: Json, issuerId: number | null): Promise<VerificationCheck[]> {
    const statuses = credential.credentialStatus;
    const entries = (Array.isArray(statuses) ? statuses : statuses === undefined ? [] : [statuses])
      .map(asObject)
      .filter((entry): entry is Json => entry !== null);
    const ourEntry = entries.find((entry) => STATUS_PURPOSES.includes(entry.statusPurpose as StatusPurpose));
    const checks: VerificationCheck[] = [];
    for (const purpose of STATUS_PURPOSES) {
      const check = (verdict: Verdict, code: string, details: string[] = []): VerificationCheck => ({
        check: purpose,
        verdict,
        code,
        details,
      });
      const [clear, flagged] = purpose === 'revocation' ? ['not_revoked', 'revoked'] : ['not_suspended', 'suspended'];
      // A certificate has the same place in both lists of its issuer, and the schema allows one status: our
      // credentials carry the suspension entry (older ones the revocation entry), and the other list is read at
      // its place (docs/credentials.md).
      const entry = entries.find((candidate) => candidate.statusPurpose === purpose) ?? ourEntry;
      if (!entry) {
        checks.push(check('unknown', 'no_status'));
        continue;
      }
      const listUrl = text(entry.statusListCredential);
      const list = ourStatusList(this.ctx.publicUrl, listUrl);
      const index = Number(text(entry.statusListIndex) ?? Number.NaN);
      if (!list || list.issuerId !== issuerId || !Number.isSafeInteger(index) || index < 0) {
        checks.push(check('unknown', 'foreign_list', listUrl ? [listUrl] : []));
        continue;
      }
      const set = await this.ctx.statusLists.isSet(list.issuerId, purpose, index);
      if (set === null) checks.push(check('unknown', 'foreign_list', [listUrl as string]));
      else checks.push(set ? check('fail', flagged) : check('pass', clear));
    }
    return checks;
  }
}

function datesCheck(credential: Json, now: Date): VerificationCheck {
  const check = (verdict: Verdict, code: string, details: string[] = []): VerificationCheck => ({
    check: 'dates',
    verdict,
    code,
    details,
  });
  const validFrom = text(credential.validFrom);
  const validUntil = text(credential.validUntil);
  const from = validFrom ? Date.parse(validFrom) : Number.NaN;
  const until = validUntil ? Date.parse(validUntil) : null;
  if (Number.isNaN(from) || (until !== null && Number.isNaN(until))) {
    return check('fail', 'invalid_dates');
  }
  if (from > now.getTime()) return check('fail', 'not_yet_valid', [validFrom as string]);
  if (until !== null && until < now.getTime()) return check('fail', 'expired', [validUntil as string]);
  return check('pass', 'valid');
}

async function schemaCheck(credential: Json): Promise<VerificationCheck> {
  const errors = await ob3SchemaErrors(credential);
  return {
    check: 'schema',
    verdict: errors.length === 0 ? 'pass' : 'fail',
    code: errors.length ? 'invalid' : 'valid',
    details: errors.slice(0, 10),
  };
}
