import { issuerPublicProfile } from '../../../domain/issuerPublicProfile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findIssuer } from '../../repositories/issuers';
import {
  claimWalletOffer,
  countFailedAttempt,
  findWalletOfferByAccessToken,
  issueWalletOfferToken,
  WALLET_OFFER_STATE,
} from '../../repositories/walletOffers';
import { OB_V3P0_CONTEXT, VC_V2_CONTEXT } from '../credentials/contexts/documentLoader';
import { checkHolderProof, PROOF_ALGORITHMS } from './holderProof';
import { credentialIssuerUrl, offerDocumentUrl, openidOfferUri } from './links';
import { findLiveOffer, TX_CODE_LENGTH, WALLET_OFFER_MAX_ATTEMPTS } from './offers';
import { hashSecret, hashTxCode, newSecret, NonceService, sameHash } from './secrets';
import { signWalletCopy } from './walletCopy';

/**
 * OpenID for Verifiable Credential Issuance 1.0, pre-authorized code flow, offers by reference. Each Laurel issuer
 * is its own credential issuer, `<PUBLIC_URL>/oid4vci/issuers/<id>`, and its own authorization server (the same
 * identifier): its metadata shows its name and logo, and a code of one issuer is unknown to another's token
 * endpoint. One credential configuration: the certificate's OB 3.0 OpenBadgeCredential as `ldp_vc`, signed like
 * the public copy (eddsa-rdfc-2022 by the issuer's key) with the certificate's own status entry, bound to the
 * holder's DID (did:key or did:jwk) as credentialSubject.id.
 */
export const PRE_AUTHORIZED_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
export const CREDENTIAL_CONFIGURATION_ID = 'OpenBadgeCredential_ldp_vc';
export const ACCESS_TOKEN_TTL_SECONDS = 600;
export const C_NONCE_TTL_SECONDS = 300;
const LOCALES = ['en', 'fr', 'es'] as const;

/** An error in OAuth 2.0 / OID4VCI terms: `{ error, error_description }` with its HTTP status. */
export class Oid4vciError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }

  get body() {
    return { error: this.error, error_description: this.description };
  }
}

const invalidGrant = (description: string) => new Oid4vciError(400, 'invalid_grant', description);

export interface Oid4vciOptions {
  db: Kysely<Database>;
  publicUrl: string;
  credentialsKey: Uint8Array;
  /** texts of the metadata in each locale (display names) */
  translate: (locale: string, key: string) => string;
}

export class Oid4vciIssuer {
  private readonly nonces: NonceService;
  private readonly base: string;

  constructor(private readonly options: Oid4vciOptions) {
    this.nonces = new NonceService(options.credentialsKey);
    this.base = options.publicUrl.replace(/\/+$/, '');
  }

  /** The credential issuer identifier of a Laurel issuer (also its authorization server's issuer). */
  credentialIssuer(issuerId: number): string {
    return credentialIssuerUrl(this.base, issuerId);
  }

  offerUrl(issuerId: number, code: string): string {
    return offerDocumentUrl(this.base, issuerId, code);
  }

  /** What a wallet scans: the offer by reference. */
  offerUri(issuerId: number, code: string): string {
    return openidOfferUri(this.base, issuerId, code);
  }

  /** An offer of this issuer not expired (any wallet's: one offer serves both protocols). */
  private liveOffer(issuerId: number, code: unknown, now: Date) {
    return findLiveOffer(this.options.db, issuerId, code, now);
  }

  /** The credential offer document the offer URI points at; null once claimed or expired, or unknown. */
  async offerDocument(issuerId: number, code: string, now = new Date()) {
    const offer = await this.liveOffer(issuerId, code, now);
    if (!offer || offer.state === WALLET_OFFER_STATE.claimed) return null;
    const grant: Record<string, unknown> = { 'pre-authorized_code': code };
    if (offer.tx_code_hash) {
      grant.tx_code = {
        input_mode: 'numeric',
        length: TX_CODE_LENGTH,
        description: this.options.translate('en', 'wallets.txCodeDescription'),
      };
    }
    return {
      credential_issuer: this.credentialIssuer(issuerId),
      credential_configuration_ids: [CREDENTIAL_CONFIGURATION_ID],
      grants: { [PRE_AUTHORIZED_GRANT]: grant },
    };
  }

  /** Credential issuer metadata (OID4VCI 1.0 section 12.2), or null for an unknown issuer. */
  async issuerMetadata(issuerId: number) {
    const issuer = await findIssuer(this.options.db, issuerId);
    if (!issuer) return null;
    const logo = issuerPublicProfile(issuer.parsed.params).image;
    const identifier = this.credentialIssuer(issuerId);
    const { translate } = this.options;
    return {
      credential_issuer: identifier,
      authorization_servers: [identifier],
      credential_endpoint: `${identifier}/credential`,
      nonce_endpoint: `${identifier}/nonce`,
      display: LOCALES.map((locale) => ({
        name: issuer.name,
        locale,
        ...(logo ? { logo: { uri: logo, alt_text: translate(locale, 'wallets.issuerLogo') } } : {}),
      })),
      credential_configurations_supported: {
        [CREDENTIAL_CONFIGURATION_ID]: {
          format: 'ldp_vc',
          cryptographic_binding_methods_supported: ['did:key', 'did:jwk'],
          credential_signing_alg_values_supported: ['eddsa-rdfc-2022'],
          proof_types_supported: { jwt: { proof_signing_alg_values_supported: [...PROOF_ALGORITHMS] } },
          credential_definition: {
            '@context': [VC_V2_CONTEXT, OB_V3P0_CONTEXT],
            type: ['VerifiableCredential', 'OpenBadgeCredential'],
          },
          credential_metadata: {
            display: LOCALES.map((locale) => ({ name: translate(locale, 'wallets.credentialName'), locale })),
          },
        },
      },
    };
  }

  /** OAuth 2.0 authorization server metadata (RFC 8414) of the same identifier: the pre-authorized grant only. */
  async authorizationServerMetadata(issuerId: number) {
    if (!(await findIssuer(this.options.db, issuerId))) return null;
    const identifier = this.credentialIssuer(issuerId);
    return {
      issuer: identifier,
      token_endpoint: `${identifier}/token`,
      grant_types_supported: [PRE_AUTHORIZED_GRANT],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ['none'],
      'pre-authorized_grant_anonymous_access_supported': true,
    };
  }

  /** The token endpoint: a pre-authorized code (and its transaction code) for an access token and a c_nonce. */
  async token(issuerId: number, body: Record<string, unknown>, now = new Date()) {
    if (body.grant_type !== PRE_AUTHORIZED_GRANT) {
      throw new Oid4vciError(400, 'unsupported_grant_type', 'Only the pre-authorized code grant is supported');
    }
    const code = body['pre-authorized_code'];
    if (typeof code !== 'string' || code === '') {
      throw new Oid4vciError(400, 'invalid_request', 'pre-authorized_code is missing');
    }
    const offer = await this.liveOffer(issuerId, code, now);
    if (!offer) throw invalidGrant('The code is unknown or expired');
    if (offer.state !== WALLET_OFFER_STATE.offered) throw invalidGrant('The code was already used');
    if (offer.tx_code_hash) {
      if (offer.failed_attempts >= WALLET_OFFER_MAX_ATTEMPTS) {
        throw invalidGrant('Too many wrong transaction codes: ask for a new offer');
      }
      const txCode = body.tx_code;
      if (typeof txCode !== 'string' || !sameHash(hashTxCode(offer.code_hash, txCode), offer.tx_code_hash)) {
        await countFailedAttempt(this.options.db, offer.id);
        throw invalidGrant('The transaction code is wrong');
      }
    }
    const accessToken = newSecret();
    const { nonce, expiresIn } = this.nonces.issue(issuerId, C_NONCE_TTL_SECONDS, now);
    const issued = await issueWalletOfferToken(this.options.db, offer.id, {
      access_token_hash: hashSecret(accessToken),
      c_nonce_hash: hashSecret(nonce),
      token_expires_at: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
    });
    if (!issued) throw invalidGrant('The code was already used');
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      // for clients of the drafts before the nonce endpoint
      c_nonce: nonce,
      c_nonce_expires_in: expiresIn,
    };
  }

  /** The nonce endpoint (OID4VCI 1.0 section 7). */
  nonce(issuerId: number, now = new Date()) {
    return { c_nonce: this.nonces.issue(issuerId, C_NONCE_TTL_SECONDS, now).nonce };
  }

  /**
   * The credential endpoint: the access token's offer, the holder's proof (`proofs.jwt` of 1.0, or the single
   * `proof` of the drafts), and the certificate's credential bound to the holder, signed now. The offer is claimed
   * once: a second request with the same token is refused.
   */
  async credential(issuerId: number, authorization: string | undefined, body: unknown, now = new Date()) {
    const token = /^(?:Bearer|DPoP) (\S+)$/.exec(authorization ?? '')?.[1];
    const invalidToken = () =>
      new Oid4vciError(401, 'invalid_token', 'The access token is missing, unknown or expired');
    if (!token) throw invalidToken();
    const offer = await findWalletOfferByAccessToken(this.options.db, hashSecret(token));
    if (
      !offer ||
      offer.issuer_id !== issuerId ||
      offer.state !== WALLET_OFFER_STATE.tokenIssued ||
      !offer.token_expires_at ||
      new Date(offer.token_expires_at).getTime() <= now.getTime()
    ) {
      throw invalidToken();
    }
    const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const badRequest = (description: string) => new Oid4vciError(400, 'invalid_credential_request', description);
    const configuration = request.credential_configuration_id ?? request.credential_identifier;
    if (configuration !== undefined && configuration !== CREDENTIAL_CONFIGURATION_ID) {
      throw new Oid4vciError(400, 'unknown_credential_configuration', 'This credential configuration is not offered');
    }
    if (configuration === undefined && request.format !== undefined && request.format !== 'ldp_vc') {
      throw new Oid4vciError(400, 'unsupported_credential_format', 'Only ldp_vc is offered');
    }
    const batch = request.proofs as { jwt?: unknown } | undefined;
    const single = request.proof as { proof_type?: unknown; jwt?: unknown } | undefined;
    let jwt: unknown;
    if (batch !== undefined && single !== undefined) throw badRequest('Send proofs or proof, not both');
    if (batch !== undefined) {
      if (!Array.isArray(batch?.jwt) || batch.jwt.length !== 1) {
        throw badRequest('proofs.jwt must hold one proof: one credential is offered');
      }
      jwt = batch.jwt[0];
    } else if (single !== undefined) {
      if (single?.proof_type !== 'jwt') throw badRequest('Only jwt proofs are supported');
      jwt = single.jwt;
    } else {
      throw badRequest('A proof of possession of the holder key is required');
    }
    const proof = await checkHolderProof(jwt, {
      audience: this.credentialIssuer(issuerId),
      nonceIsValid: (nonce) => this.nonces.check(nonce, issuerId, now),
      now,
    });
    if (!proof.ok) throw new Oid4vciError(400, proof.error, proof.description);

    const credential = await signWalletCopy(this.options.db, {
      issuerId,
      certificateId: offer.certificate_id,
      holderDid: proof.holderDid,
      credentialsKey: this.options.credentialsKey,
      publicUrl: this.options.publicUrl,
    });
    if (!credential) {
      throw new Oid4vciError(400, 'credential_request_denied', 'This certificate is no longer valid');
    }
    const claimed = await claimWalletOffer(this.options.db, offer.id, {
      holder_did: proof.holderDid,
      claimed_at: now.toISOString(),
      claimed_protocol: 'oid4vci',
    });
    if (!claimed) throw invalidToken();
    return {
      credential,
      /** the answer in the shape the request's version expects */
      answer: batch !== undefined ? { credentials: [{ credential }] } : { credential, format: 'ldp_vc' },
    };
  }
}
