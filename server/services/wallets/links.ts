import { createHash } from 'node:crypto';
import { issuerDid } from '../credentials/identifiers';

/**
 * Where a wallet offer can be taken (issue 30): every address the mail, the public page and the back office show
 * for one offer. One offer serves any wallet: the OID4VCI offer for OpenID wallets, the VC-API exchange for the
 * Learner Credential Wallet (two-step, and the one-step link of older builds), and one interaction address listing
 * both (what the QR code holds). The protocol services (oid4vci.ts, vcapi.ts) take their addresses from here.
 */
export interface WalletOfferLinks {
  /** openid-credential-offer://?credential_offer_uri=… (OID4VCI wallets) */
  offerUri: string;
  /** the credential offer document offerUri points at */
  credentialOfferUri: string;
  /** the VC-API exchange the Learner Credential Wallet talks to (POST {}, then POST { verifiablePresentation }) */
  exchangeUrl: string;
  /** https://lcw.app/request?request=… (the Learner Credential Wallet's deep link to the exchange) */
  lcwUri: string;
  /**
   * https://lcw.app/request.html?issuer=…&auth_type=bearer&challenge=…&vc_request_url=… (the one-step link of older
   * Learner Credential Wallet builds and of the DCC's transaction service: the wallet posts its DIDAuth straight)
   */
  lcwOneStepUri: string;
  /** an address whose JSON (`Accept: application/json`) lists both protocols: the QR code */
  interactionUrl: string;
}

const trimmed = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** `<PUBLIC_URL>/oid4vci/issuers/<id>`: the issuer's OID4VCI credential issuer identifier. */
export function credentialIssuerUrl(publicUrl: string, issuerId: number): string {
  return `${trimmed(publicUrl)}/oid4vci/issuers/${issuerId}`;
}

/** The credential offer document of `code` (OID4VCI, by reference). */
export function offerDocumentUrl(publicUrl: string, issuerId: number, code: string): string {
  return `${credentialIssuerUrl(publicUrl, issuerId)}/offers/${code}`;
}

/** `openid-credential-offer://?credential_offer_uri=…`: what an OID4VCI wallet scans. */
export function openidOfferUri(publicUrl: string, issuerId: number, code: string): string {
  return `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offerDocumentUrl(publicUrl, issuerId, code))}`;
}

/** The VC-API exchange of `code`. */
export function exchangeUrl(publicUrl: string, issuerId: number, code: string): string {
  return `${trimmed(publicUrl)}/vcapi/issuers/${issuerId}/exchanges/${code}`;
}

/** Where the one-step link's wallet posts its DIDAuth presentation (`vc_request_url`). */
export function oneStepRequestUrl(publicUrl: string, issuerId: number, code: string): string {
  return `${exchangeUrl(publicUrl, issuerId, code)}/direct`;
}

/**
 * The challenge the one-step link carries: derived from the code (whoever has the link has the code anyway), so
 * it needs no storage; it is spent with the offer, which is claimed once.
 */
export function oneStepChallenge(code: string): string {
  return createHash('sha256').update(`laurel:vcapi:one-step:${code}`, 'utf8').digest('base64url');
}

/** The domain a DIDAuth presentation must be made for: the host of PUBLIC_URL. */
export function exchangeDomain(publicUrl: string): string {
  return new URL(publicUrl).host;
}

export function walletOfferLinks(publicUrl: string, issuerId: number, code: string): WalletOfferLinks {
  const base = trimmed(publicUrl);
  const exchange = exchangeUrl(base, issuerId, code);
  const lcwRequest = { credentialRequestOrigin: base, protocols: { vcapi: exchange } };
  const oneStep = new URLSearchParams({
    issuer: issuerDid(base, issuerId),
    auth_type: 'bearer',
    challenge: oneStepChallenge(code),
    vc_request_url: oneStepRequestUrl(base, issuerId, code),
  });
  return {
    offerUri: openidOfferUri(base, issuerId, code),
    credentialOfferUri: offerDocumentUrl(base, issuerId, code),
    exchangeUrl: exchange,
    lcwUri: `https://lcw.app/request?request=${encodeURIComponent(JSON.stringify(lcwRequest))}`,
    lcwOneStepUri: `https://lcw.app/request.html?${oneStep.toString()}`,
    interactionUrl: `${base}/wallet/interactions/${issuerId}/${code}?iuv=1`,
  };
}
