import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { Openid4vciClient } from '@openid4vc/openid4vci';
import { setGlobalConfig } from '@openid4vc/utils';
import { SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { ed25519PublicKeyMultibase } from '../../server/services/credentials/issuerKeys';
import type { ReceivedMail } from './smtpSink';

/**
 * What the wallet-delivery tests (server and browser, issue 30) share: a wallet (oid4vc-ts, an Ed25519 did:key
 * holder) that takes an OID4VCI offer over plain http on loopback, and the reading of a mail's inline image.
 */

setGlobalConfig({ allowInsecureUrls: true });

/** An OID4VCI offer link as a mail or a page shows it (the text part; in HTML, `&amp;` is not part of it). */
export const OFFER_URI = /openid-credential-offer:\/\/\?credential_offer_uri=[^\s"<>&]+/;

interface Holder {
  did: string;
  kid: string;
  privateKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

export function ed25519DidKey(): Holder {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const multibase = ed25519PublicKeyMultibase(publicKey);
  const did = `did:key:${multibase}`;
  return { did, kid: `${did}#${multibase}`, privateKey, publicJwk: publicKey.export({ format: 'jwk' }) };
}

function signJwt(header: JWTHeaderParameters, payload: JWTPayload, key: KeyObject): Promise<string> {
  return new SignJWT(payload).setProtectedHeader(header).sign(key);
}

/** oid4vc-ts takes the offer: offer → metadata → token (tx_code) → nonce → credential. */
export async function takeOffer(offerUri: string, txCode: string | undefined, holder = ed25519DidKey()) {
  const client = new Openid4vciClient({
    callbacks: {
      hash: (data, alg) => createHash(alg.replace('-', '')).update(data).digest(),
      generateRandom: (length) => randomBytes(length),
      clientAuthentication: () => {},
      signJwt: async (_signer, { header, payload }) => ({
        jwt: await signJwt(header as JWTHeaderParameters, payload as JWTPayload, holder.privateKey),
        signerJwk: holder.publicJwk as never,
      }),
    },
  });
  const credentialOffer = await client.resolveCredentialOffer(offerUri);
  const issuerMetadata = await client.resolveIssuerMetadata(credentialOffer.credential_issuer);
  const { accessTokenResponse } = await client.retrievePreAuthorizedCodeAccessTokenFromOffer({
    credentialOffer,
    issuerMetadata,
    txCode,
  });
  const { c_nonce } = await client.requestNonce({ issuerMetadata });
  const credentialConfigurationId = credentialOffer.credential_configuration_ids[0];
  const { jwt } = await client.createCredentialRequestJwtProof({
    issuerMetadata,
    credentialConfigurationId,
    signer: { method: 'did', didUrl: holder.kid, alg: 'EdDSA' },
    nonce: c_nonce,
  });
  const response = await client.retrieveCredentials({
    issuerMetadata,
    accessToken: accessTokenResponse.access_token,
    credentialConfigurationId,
    proofs: { jwt: [jwt] },
  });
  const credentials = response.credentialResponse.credentials as { credential: Record<string, unknown> }[];
  return { holder, credential: credentials[0].credential };
}

/** The MIME part holding `cid`, decoded (base64), with its headers. */
export function inlinePart(mail: ReceivedMail, cid: string): { headers: string; content: Buffer } {
  const at = mail.raw.indexOf(`Content-ID: <${cid}>`);
  if (at < 0) throw new Error(`no part with Content-ID <${cid}>`);
  const start = mail.raw.lastIndexOf('\r\n--', at);
  const bodyAt = mail.raw.indexOf('\r\n\r\n', at);
  const end = mail.raw.indexOf('\r\n--', bodyAt);
  return {
    headers: mail.raw.slice(start, bodyAt),
    content: Buffer.from(mail.raw.slice(bodyAt + 4, end).replace(/\s+/g, ''), 'base64'),
  };
}
