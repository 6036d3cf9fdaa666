import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { Openid4vciClient } from '@openid4vc/openid4vci';
import { setGlobalConfig } from '@openid4vc/utils';
import { SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { base58btc, ed25519PublicKeyMultibase } from '../../server/services/credentials/issuerKeys';

/**
 * The OID4VCI wallet every test shares (server, browser and wallet tests, issue 30): oid4vc-ts, an independent
 * client, taking a pre-authorized offer with a holder key of any of the kinds Laurel accepts.
 */

// the tests' Laurel answers on http://127.0.0.1
setGlobalConfig({ allowInsecureUrls: true });

/** A wallet's key: a did:key (Ed25519, EdDSA or P-256, ES256) or a did:jwk (P-256, ES256), with what signs its proofs. */
export interface Holder {
  did: string;
  kid: string;
  alg: 'EdDSA' | 'ES256';
  privateKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

export function ed25519DidKey(): Holder {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const multibase = ed25519PublicKeyMultibase(publicKey);
  const did = `did:key:${multibase}`;
  return { did, kid: `${did}#${multibase}`, alg: 'EdDSA', privateKey, publicJwk: publicKey.export({ format: 'jwk' }) };
}

/** A did:key of a P-256 key: multicodec 0x1200 (varint 0x80 0x24) over the compressed point, base58btc. */
export function p256DidKey(): Holder {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  const yBytes = Buffer.from(y as string, 'base64url');
  const compressed = Buffer.concat([
    Buffer.from([yBytes[31] % 2 === 0 ? 2 : 3]),
    Buffer.from(x as string, 'base64url'),
  ]);
  const multibase = `z${base58btc(Buffer.concat([Buffer.from([0x80, 0x24]), compressed]))}`;
  const did = `did:key:${multibase}`;
  return { did, kid: `${did}#${multibase}`, alg: 'ES256', privateKey, publicJwk: { kty, crv, x, y } };
}

export function p256DidJwk(): Holder {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  const did = `did:jwk:${Buffer.from(JSON.stringify({ crv, kty, x, y })).toString('base64url')}`;
  return { did, kid: `${did}#0`, alg: 'ES256', privateKey, publicJwk: { kty, crv, x, y } };
}

export function signJwt(header: JWTHeaderParameters, payload: JWTPayload, key: KeyObject): Promise<string> {
  return new SignJWT(payload).setProtectedHeader(header).sign(key);
}

/**
 * The whole flow as oid4vc-ts runs it: offer → issuer metadata → token (with tx_code) → nonce → credential.
 * Answers the client's steps and the first credential.
 */
export async function oid4vcTsWallet(offerUri: string, txCode: string | undefined, holder: Holder = ed25519DidKey()) {
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
    signer: { method: 'did', didUrl: holder.kid, alg: holder.alg },
    nonce: c_nonce,
  });
  const response = await client.retrieveCredentials({
    issuerMetadata,
    accessToken: accessTokenResponse.access_token,
    credentialConfigurationId,
    proofs: { jwt: [jwt] },
  });
  const credentials = response.credentialResponse.credentials as { credential: Record<string, unknown> }[];
  return { holder, issuerMetadata, credentialOffer, response, credential: credentials[0].credential };
}
