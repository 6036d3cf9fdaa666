import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { claimWalletOffer, setWalletOfferChallenge, WALLET_OFFER_STATE } from '../../repositories/walletOffers';
import { VC_V2_CONTEXT } from '../credentials/contexts/documentLoader';
import type { CredentialVerifier } from '../credentials/verifier';
import { exchangeDomain, exchangeUrl, oneStepChallenge, openidOfferUri } from './links';
import { findLiveOffer } from './offers';
import { hashSecret, newSecret, sameHash } from './secrets';
import { signWalletCopy } from './walletCopy';

/**
 * The VC-API exchange the Learner Credential Wallet speaks (issue 30), on the same offers as OID4VCI: one offer,
 * one code, taken once by either protocol.
 *
 * - Two steps (LCW 2.2): `POST {}` at the exchange answers a `verifiablePresentationRequest` asking for a
 *   DIDAuthentication by a did:key, with a fresh challenge (stored hashed on the offer, one at a time) and our
 *   domain; `POST { verifiablePresentation }` at the `interact` address takes the wallet's signed presentation
 *   (Ed25519Signature2020 or DataIntegrity eddsa-rdfc-2022, authentication purpose, by its holder) and answers
 *   `{ verifiablePresentation }` holding the copy bound to the holder.
 * - One step (older LCW builds, the DCC transaction service's direct link): the wallet posts its presentation,
 *   signed for the challenge the link carries, straight to `vc_request_url`, and gets a presentation back.
 *
 * The copy is the one OID4VCI delivers (walletCopy.ts). Refusals are RFC 9457 problems.
 */
export const DID_AUTH_QUERY = 'DIDAuthentication';
const PROBLEM = 'urn:laurel:wallet:';

/** A refusal in the VC-API's terms: an RFC 9457 problem (`application/problem+json`). */
export class VcApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }

  get body() {
    return { type: `${PROBLEM}${this.code}`, title: this.title, detail: this.detail, status: this.status };
  }
}

/** The offer is used, expired or unknown: OAuth's `invalid_grant`, as OID4VCI wallets hear it. */
const invalidGrant = (detail: string) =>
  new VcApiProblem(400, 'invalid_grant', 'This wallet offer cannot be taken: it was used or has expired', detail);
const invalidPresentation = (detail: string) =>
  new VcApiProblem(400, 'invalid_presentation', 'The DIDAuthentication presentation was refused', detail);

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;

export interface VcApiExchangeOptions {
  db: Kysely<Database>;
  publicUrl: string;
  credentialsKey: Uint8Array;
  /** checks the DIDAuth presentations (the public verifier's presentation check) */
  verifier: CredentialVerifier;
}

export class VcApiExchanger {
  private readonly base: string;

  constructor(private readonly options: VcApiExchangeOptions) {
    this.base = options.publicUrl.replace(/\/+$/, '');
  }

  /** An offer still to be taken (not claimed, nor in an OID4VCI wallet's hands), or the problem to answer. */
  private async openOffer(issuerId: number, code: string, now: Date) {
    const offer = await findLiveOffer(this.options.db, issuerId, code, now);
    if (!offer) throw invalidGrant('The offer is unknown or has expired: ask for a new one');
    if (offer.state !== WALLET_OFFER_STATE.offered) throw invalidGrant('The offer was already taken into a wallet');
    return offer;
  }

  /**
   * The interaction URL's answer (`GET …?iuv=1`, `Accept: application/json`): the protocols this offer can be taken
   * with. Null once the offer is used or expired, or unknown.
   */
  async interaction(issuerId: number, code: string, now = new Date()) {
    const offer = await findLiveOffer(this.options.db, issuerId, code, now);
    if (!offer || offer.state !== WALLET_OFFER_STATE.offered) return null;
    return {
      protocols: {
        vcapi: exchangeUrl(this.base, issuerId, code),
        OID4VCI: openidOfferUri(this.base, issuerId, code),
      },
    };
  }

  /** The certificate id an offer is for (any state, not expired): where the interaction URL sends a browser. */
  async offerCertificate(issuerId: number, code: string, now = new Date()): Promise<number | null> {
    return (await findLiveOffer(this.options.db, issuerId, code, now))?.certificate_id ?? null;
  }

  /**
   * A POST at the exchange: without a presentation, the first step (a DIDAuthentication request with a new
   * challenge); with `verifiablePresentation`, the second (the copy, for a presentation signed for that challenge).
   */
  async exchange(issuerId: number, code: string, body: unknown, now = new Date()) {
    const presentation = asObject(body)?.verifiablePresentation;
    if (presentation === undefined) return this.presentationRequest(issuerId, code, now);
    const offer = await this.openOffer(issuerId, code, now);
    const proofChallenge = challengeOf(presentation);
    if (!offer.challenge_hash || !proofChallenge || !sameHash(hashSecret(proofChallenge), offer.challenge_hash)) {
      throw invalidPresentation("The presentation's challenge is not this exchange's: start the exchange again");
    }
    const credential = await this.deliver(offer, presentation, proofChallenge, exchangeDomain(this.base), now);
    return { verifiablePresentation: presentationOf(credential) };
  }

  private async presentationRequest(issuerId: number, code: string, now: Date) {
    const offer = await this.openOffer(issuerId, code, now);
    const challenge = newSecret();
    if (!(await setWalletOfferChallenge(this.options.db, offer.id, hashSecret(challenge)))) {
      throw invalidGrant('The offer was already taken into a wallet');
    }
    const url = exchangeUrl(this.base, issuerId, code);
    return {
      verifiablePresentationRequest: {
        query: [{ type: DID_AUTH_QUERY, acceptedMethods: [{ method: 'key' }] }],
        challenge,
        domain: exchangeDomain(this.base),
        interact: { service: [{ type: 'UnmediatedHttpPresentationService2021', serviceEndpoint: url }] },
      },
    };
  }

  /**
   * The one-step link's `vc_request_url`: the wallet posts its presentation (bare, as the Learner Credential Wallet
   * does, or as `{ verifiablePresentation }`), signed for the challenge the link carries; an `Authorization: Bearer`
   * header, when sent, must carry that challenge too. Answers a presentation holding the copy.
   */
  async direct(issuerId: number, code: string, body: unknown, authorization: string | undefined, now = new Date()) {
    const offer = await this.openOffer(issuerId, code, now);
    const wrapped = asObject(body)?.verifiablePresentation;
    const presentation = wrapped === undefined ? body : wrapped;
    const expected = oneStepChallenge(code);
    const bearer = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (authorization !== undefined && (!bearer || bearer !== expected)) {
      throw new VcApiProblem(
        401,
        'invalid_token',
        'The bearer token is not the challenge of this link',
        'Open the link again',
      );
    }
    const proofChallenge = challengeOf(presentation);
    if (proofChallenge !== expected) {
      throw invalidPresentation("The presentation's challenge is not the one of this link");
    }
    // the Learner Credential Wallet signs the one-step presentation without a domain: one, if given, must be ours
    const domains = proofsOf(presentation).map((proof) => proof.domain);
    if (domains.some((domain) => domain !== undefined && domain !== exchangeDomain(this.base))) {
      throw invalidPresentation("The presentation's domain is not this service's");
    }
    const credential = await this.deliver(offer, presentation, expected, undefined, now);
    return presentationOf(credential);
  }

  /** Checks the DIDAuth presentation, signs the copy for its holder and claims the offer (once). */
  private async deliver(
    offer: { id: number; issuer_id: number; certificate_id: number },
    presentation: unknown,
    challenge: string,
    domain: string | undefined,
    now: Date,
  ) {
    const vp = asObject(presentation);
    if (!vp) throw invalidPresentation('verifiablePresentation is not a presentation');
    const proofs = proofsOf(vp);
    const signers = proofs.map((proof) =>
      typeof proof.verificationMethod === 'string' ? proof.verificationMethod : '',
    );
    if (proofs.length !== 1 || proofs[0].proofPurpose !== 'authentication') {
      throw invalidPresentation('The presentation must carry one authentication proof');
    }
    const holderProperty = typeof vp.holder === 'string' ? vp.holder : asObject(vp.holder)?.id;
    const signer = signers[0].split('#')[0];
    if (!signer.startsWith('did:key:') || (holderProperty !== undefined && holderProperty !== signer)) {
      throw invalidPresentation('The presentation must be signed by its holder, a did:key');
    }
    const verification = await this.options.verifier.verifyPresentation(
      vp,
      domain === undefined ? { challenge } : { challenge, domain },
      now,
    );
    if (!verification.proof.verified || verification.holder !== signer) {
      throw invalidPresentation(
        `The presentation's proof does not verify for this exchange: ${verification.proof.errors.join('; ')}`,
      );
    }
    const credential = await signWalletCopy(this.options.db, {
      issuerId: offer.issuer_id,
      certificateId: offer.certificate_id,
      holderDid: signer,
      credentialsKey: this.options.credentialsKey,
      publicUrl: this.options.publicUrl,
    });
    if (!credential) {
      throw new VcApiProblem(
        400,
        'credential_request_denied',
        'This certificate can no longer go into a wallet',
        'It was deleted or replaced',
      );
    }
    const claimed = await claimWalletOffer(this.options.db, offer.id, {
      holder_did: signer,
      claimed_at: now.toISOString(),
      claimed_protocol: 'vcapi',
    });
    if (!claimed) throw invalidGrant('The offer was already taken into a wallet');
    return credential;
  }
}

function proofsOf(presentation: unknown): Json[] {
  const proof = asObject(presentation)?.proof;
  return (Array.isArray(proof) ? proof : proof === undefined ? [] : [proof]).map((p) => asObject(p) ?? {});
}

function challengeOf(presentation: unknown): string | null {
  const proofs = proofsOf(presentation);
  return proofs.length === 1 && typeof proofs[0].challenge === 'string' ? proofs[0].challenge : null;
}

/** The (unsigned) presentation the wallet receives: the copy, the way the Learner Credential Wallet reads it. */
function presentationOf(credential: Record<string, unknown>) {
  return { '@context': [VC_V2_CONTEXT], type: ['VerifiablePresentation'], verifiableCredential: [credential] };
}
