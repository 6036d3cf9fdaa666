import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Verdict, VerificationCheck, VerificationReport } from '../../../domain/credentialVerification';
import type { Database } from '../../db/schema';
import { isAnchoredCertificate } from '../../repositories/certificates';
import { findIssuer } from '../../repositories/issuers';
import { contextDocumentLoader, VC_V2_CONTEXT, type RemoteDocument } from './contexts/documentLoader';
import { dataIntegrityLibraries } from './dataIntegrity';
import {
  didKeyDocument,
  didWebDocumentUrl,
  fetchForeignJson,
  type DidDocument,
  type ForeignFetcher,
} from './foreignDocuments';
import {
  certificateKeyOfCredentialId,
  issuerDid,
  STATUS_PURPOSES,
  statusListCredentialUrl,
  type StatusPurpose,
} from './identifiers';
import { issuerDidDocument, listIssuerKeys } from './issuerKeys';
import { decodeStatusList, readStatusBit } from './statusList';
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
  /** how another site's did:web documents and status lists are read (default: fetchForeignJson) */
  fetchForeign?: ForeignFetcher;
}

/** A resolved DID: its document, and our issuer's id when it is one of ours. */
interface ResolvedDid {
  document: DidDocument;
  issuerId: number | null;
}

/** What verifyPresentation answers: the holder (the DID that signed the presentation) and every verdict. */
export interface PresentationVerification {
  /** true when the presentation's proof verifies for this challenge and domain and every credential verifies */
  verified: boolean;
  holder: string | null;
  proof: { verified: boolean; errors: string[] };
  credentials: VerificationReport[];
}

const ids = (values: unknown): string[] =>
  (Array.isArray(values) ? values : [])
    .map((value) => (typeof value === 'string' ? value : text(asObject(value)?.id)))
    .filter((value): value is string => value !== null);

/** The library errors of a verification result, flattened (at most five, without repeats). */
function errorMessages(...errors: unknown[]): string[] {
  const details: string[] = [];
  const collect = (error: unknown) => {
    const { message, errors: inner } = (error ?? {}) as { message?: string; errors?: unknown[] };
    if (Array.isArray(inner) && inner.length > 0) inner.forEach(collect);
    else if (message) details.push(message);
  };
  errors.forEach(collect);
  return [...new Set(details)].slice(0, 5);
}

let ed25519Signature2020: Promise<typeof import('@digitalbazaar/ed25519-signature-2020') | null> | null = null;

/**
 * The suites a proof may use: DataIntegrityProof eddsa-rdfc-2022 (ours) and Ed25519Signature2020 (wallets). An
 * installation without the 2020 suite still verifies ours: a 2020 proof then fails as an unsupported suite.
 */
async function proofSuites(): Promise<unknown[]> {
  ed25519Signature2020 ??= import('@digitalbazaar/ed25519-signature-2020').catch(() => null);
  const [{ DataIntegrityProof, eddsaRdfc2022 }, suite2020] = await Promise.all([
    dataIntegrityLibraries(),
    ed25519Signature2020,
  ]);
  const ours = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  return suite2020 ? [ours, new suite2020.Ed25519Signature2020()] : [ours];
}

/**
 * The public verifier: the checks anyone can make on a VC 2.0 credential (an Open Badges 3.0 one or any other),
 * each with its own verdict, and the presentations wallets send. Proofs: DataIntegrityProof eddsa-rdfc-2022 and
 * Ed25519Signature2020. Issuers: ours (from the database), did:key (resolved here) and other did:web issuers
 * (their DID document read over https, see foreignDocuments.ts); status lists: ours from the database, others
 * read the same way. Contexts are never fetched: only the shipped ones load.
 */
export class CredentialVerifier {
  private readonly fetchForeign: ForeignFetcher;

  constructor(private readonly ctx: VerifierContext) {
    this.fetchForeign = ctx.fetchForeign ?? fetchForeignJson;
  }

  /** A DID's document: ours from the database, did:key made here, another did:web read from its site. */
  private async resolveDid(did: string): Promise<ResolvedDid | null> {
    const issuerId = ourIssuerId(this.ctx.publicUrl, did);
    if (issuerId !== null) {
      const issuer = await findIssuer(this.ctx.db, issuerId);
      if (!issuer) return null;
      const keys = await listIssuerKeys(this.ctx.db, issuer.id);
      return { document: issuerDidDocument(this.ctx.publicUrl, issuer.id, keys), issuerId };
    }
    if (did.startsWith('did:key:')) {
      const document = didKeyDocument(did);
      return document ? { document, issuerId: null } : null;
    }
    const url = did.startsWith('did:web:') ? didWebDocumentUrl(did) : null;
    // one of our own addresses that is not one of our issuers is not read over the network either
    if (!url || url.startsWith(`${this.ctx.publicUrl}/`)) return null;
    const document = asObject(await this.fetchForeign(url));
    if (!document || document.id !== did) return null;
    return { document: document as unknown as DidDocument, issuerId: null };
  }

  /**
   * A document loader for one verification: the shipped contexts, and DIDs and their verification methods,
   * resolved once each.
   */
  private documentLoader(): (url: string) => Promise<RemoteDocument> {
    const resolved = new Map<string, Promise<ResolvedDid | null>>();
    return async (url: string) => {
      if (url.startsWith('did:')) {
        const [did, fragment] = url.split('#');
        let resolving = resolved.get(did);
        if (!resolving) {
          resolving = this.resolveDid(did);
          resolved.set(did, resolving);
        }
        const document = (await resolving)?.document;
        if (document) {
          if (fragment === undefined) return { contextUrl: null, documentUrl: url, document };
          const method = (document.verificationMethod ?? []).find(
            (candidate) => candidate.id === url || candidate.id === `#${fragment}`,
          );
          if (method) {
            return {
              contextUrl: null,
              documentUrl: url,
              document: {
                '@context': 'https://w3id.org/security/multikey/v1',
                ...method,
                id: url,
                controller: method.controller ?? did,
              },
            };
          }
        }
        throw new Error(`${url} could not be resolved`);
      }
      return contextDocumentLoader(url);
    };
  }

  async verify(credential: Json, now: Date = new Date()): Promise<VerificationReport> {
    const issuer = issuerOf(credential);
    const issuerId = ourIssuerId(this.ctx.publicUrl, issuer.id);
    const issuerRow = issuerId === null ? undefined : await findIssuer(this.ctx.db, issuerId);
    const resolved = issuer.id ? await this.resolveDid(issuer.id) : null;

    const checks: VerificationCheck[] = [
      await this.signatureCheck(credential, issuerId, resolved),
      this.issuerCheck(credential, issuer.id, issuerId, resolved),
      datesCheck(credential, now),
      ...(await this.statusChecks(credential, issuerId, issuer.id)),
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

  /** The proof of a credential alone (dates and statuses are checked on their own), or its errors. */
  private async verifyProof(credential: Json): Promise<{ verified: boolean; errors: string[] }> {
    // the library sees the credential at its own validFrom
    const validFrom = text(credential.validFrom);
    const at = validFrom && !Number.isNaN(Date.parse(validFrom)) ? new Date(validFrom) : undefined;
    const { vc } = await dataIntegrityLibraries();
    const result = await vc.verifyCredential({
      credential,
      suite: await proofSuites(),
      documentLoader: this.documentLoader(),
      checkStatus: async () => ({ verified: true }),
      ...(at ? { now: at } : {}),
    });
    if (result.verified) return { verified: true, errors: [] };
    const proofs = (result.results ?? []) as { error?: unknown }[];
    return { verified: false, errors: errorMessages(result.error, ...proofs.map((proof) => proof.error)) };
  }

  private async signatureCheck(
    credential: Json,
    issuerId: number | null,
    resolved: ResolvedDid | null,
  ): Promise<VerificationCheck> {
    const check = (verdict: Verdict, code: string, details: string[] = []): VerificationCheck => ({
      check: 'signature',
      verdict,
      code,
      details,
    });
    // an issuer we cannot resolve (another site that does not answer): the proof cannot be checked
    if (issuerId === null && resolved === null) return check('unknown', 'unresolvable');
    const result = await this.verifyProof(credential);
    return result.verified ? check('pass', 'valid') : check('fail', 'invalid', result.errors);
  }

  private issuerCheck(
    credential: Json,
    did: string | null,
    issuerId: number | null,
    resolved: ResolvedDid | null,
  ): VerificationCheck {
    const check = (verdict: Verdict, code: string, details: string[] = []): VerificationCheck => ({
      check: 'issuer',
      verdict,
      code,
      details,
    });
    if (!did) return check('fail', 'missing');
    if (!resolved)
      return issuerId === null ? check('unknown', 'foreign', [did]) : check('fail', 'unknown_issuer', [did]);
    const methods = proofsOf(credential).map((proof) => text(proof.verificationMethod));
    const known = new Set(
      ids(resolved.document.assertionMethod).map((id) => (id.startsWith('#') ? `${did}${id}` : id)),
    );
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

  private async statusChecks(
    credential: Json,
    issuerId: number | null,
    issuerDid: string | null,
  ): Promise<VerificationCheck[]> {
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
      // its place (docs/credentials.md). Another issuer's credential is read only for the purposes it names.
      const entry =
        entries.find((candidate) => candidate.statusPurpose === purpose) ?? (issuerId !== null ? ourEntry : undefined);
      if (!entry) {
        checks.push(check('unknown', 'no_status'));
        continue;
      }
      const listUrl = text(entry.statusListCredential);
      const index = Number(text(entry.statusListIndex) ?? Number.NaN);
      const list = ourStatusList(this.ctx.publicUrl, listUrl);
      let set: boolean | null = null;
      if (list && list.issuerId === issuerId && Number.isSafeInteger(index) && index >= 0) {
        set = await this.ctx.statusLists.isSet(list.issuerId, purpose, index);
      } else if (!list && issuerId === null && listUrl && Number.isSafeInteger(index) && index >= 0) {
        set = await this.foreignStatus(listUrl, purpose, index, issuerDid);
      }
      if (set === null) checks.push(check('unknown', 'foreign_list', listUrl ? [listUrl] : []));
      else checks.push(set ? check('fail', flagged) : check('pass', clear));
    }
    return checks;
  }

  /**
   * Another issuer's Bitstring status list, read from its site: its bit at `index`, or null when the list cannot
   * be read, is not for this purpose, was not issued by the credential's issuer or does not verify.
   */
  private async foreignStatus(
    url: string,
    purpose: StatusPurpose,
    index: number,
    issuerDid: string | null,
  ): Promise<boolean | null> {
    const list = asObject(await this.fetchForeign(url));
    const subject = asObject(list?.credentialSubject);
    const encodedList = text(subject?.encodedList);
    if (!list || !subject || !encodedList || subject.statusPurpose !== purpose) return null;
    if (!issuerDid || issuerOf(list).id !== issuerDid) return null;
    if (!(await this.verifyProof(list)).verified) return null;
    try {
      const bits = decodeStatusList(encodedList);
      return index < bits.length * 8 ? readStatusBit(bits, index) : null;
    } catch {
      return null;
    }
  }

  /**
   * A presentation a wallet sends (VC-API, DID authentication): its proof must verify with the authentication
   * purpose for this challenge and domain, by a key of its holder; then each credential it holds is verified as
   * verify() does. The VC-API exchange reuses this.
   */
  async verifyPresentation(
    presentation: Json,
    options: { challenge: string; domain?: string },
    now: Date = new Date(),
  ): Promise<PresentationVerification> {
    const proofMethods = proofsOf(presentation).map((proof) => text(proof.verificationMethod));
    const signer = proofMethods[0]?.split('#')[0] ?? null;
    const holderProperty = text(presentation.holder) ?? text(asObject(presentation.holder)?.id);
    const holder = holderProperty ?? signer;
    const errors: string[] = [];
    if (proofMethods.length === 0) errors.push('the presentation has no proof');
    if (holderProperty && proofMethods.some((method) => method?.split('#')[0] !== holderProperty)) {
      errors.push('the presentation is not signed by its holder');
    }
    const credentials = (
      Array.isArray(presentation.verifiableCredential)
        ? presentation.verifiableCredential
        : presentation.verifiableCredential === undefined
          ? []
          : [presentation.verifiableCredential]
    ).map(asObject);
    let proofVerified = false;
    if (errors.length === 0) {
      const { vc } = await dataIntegrityLibraries();
      // the library verifies the credentials too (its verdict on them is not used: verify() makes ours)
      const result = await vc.verify({
        presentation,
        suite: await proofSuites(),
        documentLoader: this.documentLoader(),
        challenge: options.challenge,
        ...(options.domain !== undefined ? { domain: options.domain } : {}),
        checkStatus: async () => ({ verified: true }),
      });
      proofVerified = result.presentationResult?.verified === true;
      if (!proofVerified) {
        errors.push(
          ...errorMessages(result.error, ...(result.presentationResult?.results ?? []).map((proof) => proof.error)),
        );
        if (errors.length === 0) errors.push('the presentation proof does not verify');
      }
    }
    const reports: VerificationReport[] = [];
    for (const credential of credentials) {
      if (credential) reports.push(await this.verify(credential, now));
    }
    const credentialsReadable = credentials.every((credential) => credential !== null);
    if (!credentialsReadable) errors.push('a verifiableCredential entry is not a credential');
    return {
      verified: proofVerified && credentialsReadable && reports.every((report) => report.verified),
      holder,
      proof: { verified: proofVerified, errors },
      credentials: reports,
    };
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
  // VC 2.0 makes validFrom optional; ours always carry it
  const from = validFrom ? Date.parse(validFrom) : credential.validFrom === undefined ? -Infinity : Number.NaN;
  const until = validUntil ? Date.parse(validUntil) : null;
  if (Number.isNaN(from) || (until !== null && Number.isNaN(until))) {
    return check('fail', 'invalid_dates');
  }
  if (from > now.getTime()) return check('fail', 'not_yet_valid', [validFrom as string]);
  if (until !== null && until < now.getTime()) return check('fail', 'expired', [validUntil as string]);
  return check('pass', 'valid');
}

const OB3_TYPES = new Set(['OpenBadgeCredential', 'AchievementCredential']);

/** VC 2.0's data model, for a credential that is not an Open Badge: what a verifier must find there. */
function vcDataModelErrors(credential: Json): string[] {
  const errors: string[] = [];
  const context = Array.isArray(credential['@context']) ? credential['@context'] : [credential['@context']];
  const types = Array.isArray(credential.type) ? credential.type : [credential.type];
  if (context[0] !== VC_V2_CONTEXT) errors.push(`/@context: the first context must be ${VC_V2_CONTEXT}`);
  if (!types.includes('VerifiableCredential')) errors.push('/type: must include VerifiableCredential');
  if (!issuerOf(credential).id) errors.push('/issuer: must be a URL or an object with an id');
  if (typeof credential.credentialSubject !== 'object' || credential.credentialSubject === null) {
    errors.push('/credentialSubject: is required');
  }
  return errors;
}

/** The OB 3.0 schema for an Open Badge (OpenBadgeCredential or AchievementCredential), else the VC 2.0 data model. */
async function schemaCheck(credential: Json): Promise<VerificationCheck> {
  const types = Array.isArray(credential.type) ? credential.type : [credential.type];
  const errors = types.some((type) => OB3_TYPES.has(type as string))
    ? await ob3SchemaErrors(credential)
    : vcDataModelErrors(credential);
  return {
    check: 'schema',
    verdict: errors.length === 0 ? 'pass' : 'fail',
    code: errors.length ? 'invalid' : 'valid',
    details: errors.slice(0, 10),
  };
}
