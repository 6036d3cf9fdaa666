/**
 * Where a wallet offer can be taken (issue 30): every address the mail, the public page and the back office show
 * for one offer. One offer serves any wallet: the OID4VCI offer for OpenID wallets, the VC-API exchange for the
 * Learner Credential Wallet, and one interaction address listing both (what the QR code holds).
 */
export interface WalletOfferLinks {
  /** openid-credential-offer://?credential_offer_uri=… (OID4VCI wallets) */
  offerUri: string;
  /** the credential offer document offerUri points at */
  credentialOfferUri: string;
  /** the VC-API exchange the Learner Credential Wallet talks to */
  exchangeUrl: string;
  /** https://lcw.app/request?request=… (the Learner Credential Wallet's deep link to the exchange) */
  lcwUri: string;
  /** an address whose JSON lists both protocols: the QR code */
  interactionUrl: string;
}

/** `<PUBLIC_URL>/oid4vci/issuers/<id>`: the issuer's OID4VCI credential issuer identifier. */
export function credentialIssuerUrl(publicUrl: string, issuerId: number): string {
  return `${publicUrl}/oid4vci/issuers/${issuerId}`;
}

export function walletOfferLinks(publicUrl: string, issuerId: number, code: string): WalletOfferLinks {
  const credentialOfferUri = `${credentialIssuerUrl(publicUrl, issuerId)}/offers/${code}`;
  const exchangeUrl = `${publicUrl}/vcapi/issuers/${issuerId}/exchanges/${code}`;
  const lcwRequest = { credentialRequestOrigin: publicUrl, protocols: { vcapi: exchangeUrl } };
  return {
    offerUri: `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(credentialOfferUri)}`,
    credentialOfferUri,
    exchangeUrl,
    lcwUri: `https://lcw.app/request?request=${encodeURIComponent(JSON.stringify(lcwRequest))}`,
    interactionUrl: `${publicUrl}/wallet/interactions/${issuerId}/${code}?iuv=1`,
  };
}
