import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * The OID4VCI pre-authorized flow as raw requests (offer, token, nonce, credential with a holder proof), for the
 * load runs that count and pace every request themselves (the chaos load, the wallet bench). The tests of the
 * protocol use an independent client instead (oid4vciWallet.ts).
 */

export const PRE_AUTHORIZED_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

/** A wallet's Ed25519 key as its proofs name it. */
export interface ProofKey {
  did: string;
  kid: string;
  privateKey: KeyObject;
}

export interface WalletRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one step; answers its status and body, or null when the caller gave the step up (and counted why). */
export type SendStep = (url: string, request: WalletRequest) => Promise<{ status: number; body: string } | null>;

/**
 * Takes the offer at `credentialOfferUri` step by step. Answers the copy received, or null as soon as a step did
 * not answer 200 (the offer is left to expire). A copy not bound to the holder throws: that is a server fault.
 */
export async function takeOfferRaw(
  send: SendStep,
  credentialOfferUri: string,
  holder: ProofKey,
  txCode?: string,
): Promise<Record<string, unknown> | null> {
  const offer = await send(credentialOfferUri, {});
  if (offer?.status !== 200) return null;
  const document = JSON.parse(offer.body) as {
    credential_issuer: string;
    credential_configuration_ids: string[];
    grants: Record<string, { 'pre-authorized_code': string }>;
  };
  const issuer = document.credential_issuer;
  const token = await send(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: PRE_AUTHORIZED_GRANT,
      'pre-authorized_code': document.grants[PRE_AUTHORIZED_GRANT]['pre-authorized_code'],
      ...(txCode ? { tx_code: txCode } : {}),
    }).toString(),
  });
  if (token?.status !== 200) return null;
  const nonce = await send(`${issuer}/nonce`, { method: 'POST' });
  if (nonce?.status !== 200) return null;
  const proof = await new SignJWT({
    aud: issuer,
    iat: Math.floor(Date.now() / 1000),
    nonce: (JSON.parse(nonce.body) as { c_nonce: string }).c_nonce,
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'openid4vci-proof+jwt', kid: holder.kid })
    .sign(holder.privateKey);
  const credential = await send(`${issuer}/credential`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${(JSON.parse(token.body) as { access_token: string }).access_token}`,
    },
    body: JSON.stringify({
      credential_configuration_id: document.credential_configuration_ids[0],
      proofs: { jwt: [proof] },
    }),
  });
  if (credential?.status !== 200) return null;
  const [copy] = (JSON.parse(credential.body) as { credentials: { credential: Record<string, unknown> }[] })
    .credentials;
  if ((copy.credential.credentialSubject as { id?: string } | undefined)?.id !== holder.did)
    throw new Error('the copy is not bound to the holder');
  return copy.credential;
}
