import { createPublicKey, ECDH, type JsonWebKey, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { base58Decode } from '../credentials/base58';

/**
 * The holder's key proof of OID4VCI (a JWT of type openid4vci-proof+jwt): its `kid` names a did:key or did:jwk
 * verification method, whose key must have signed it; `aud` is the credential issuer, `iat` recent, `nonce` a
 * c_nonce of ours. Answers the holder's DID, or the reason it is refused.
 */
export const PROOF_ALGORITHMS = ['EdDSA', 'Ed25519', 'ES256'] as const;
export const PROOF_MAX_AGE_SECONDS = 300;

/** The public key a did:key (Ed25519 or P-256) holds. */
function didKeyPublicKey(did: string): KeyObject {
  const multibase = did.slice('did:key:'.length);
  if (!multibase.startsWith('z')) throw new Error('a did:key is base58btc (z…)');
  const bytes = base58Decode(multibase.slice(1));
  if (bytes[0] === 0xed && bytes[1] === 0x01 && bytes.length === 34) {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: bytes.subarray(2).toString('base64url') },
      format: 'jwk',
    });
  }
  if (bytes[0] === 0x80 && bytes[1] === 0x24 && bytes.length === 35) {
    const point = ECDH.convertKey(bytes.subarray(2), 'prime256v1', undefined, undefined, 'uncompressed') as Buffer;
    const jwk: JsonWebKey = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    };
    return createPublicKey({ key: jwk, format: 'jwk' });
  }
  throw new Error('this did:key is neither Ed25519 nor P-256');
}

function didJwkPublicKey(did: string): KeyObject {
  const jwk = JSON.parse(Buffer.from(did.slice('did:jwk:'.length), 'base64url').toString('utf8')) as JsonWebKey;
  if (typeof jwk !== 'object' || jwk === null || 'd' in jwk) throw new Error('not a public JWK');
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/** The DID and public key a proof's `kid` names; throws when it names neither form or a foreign fragment. */
export function resolveHolderKey(kid: string): { did: string; publicKey: KeyObject } {
  const [did, fragment, ...rest] = kid.split('#');
  if (rest.length > 0 || kid.length > 4000) throw new Error('not a DID URL');
  if (did.startsWith('did:key:')) {
    if (fragment !== undefined && fragment !== did.slice('did:key:'.length)) {
      throw new Error('a did:key names its own key as fragment');
    }
    return { did, publicKey: didKeyPublicKey(did) };
  }
  if (did.startsWith('did:jwk:')) {
    if (fragment !== undefined && fragment !== '0') throw new Error('a did:jwk names its key #0');
    return { did, publicKey: didJwkPublicKey(did) };
  }
  throw new Error('the key is named neither by did:key nor by did:jwk');
}

export type ProofCheck =
  { ok: true; holderDid: string } | { ok: false; error: 'invalid_proof' | 'invalid_nonce'; description: string };

export async function checkHolderProof(
  jwt: unknown,
  expected: { audience: string; nonceIsValid: (nonce: unknown) => boolean; now?: Date },
): Promise<ProofCheck> {
  const refuse = (description: string): ProofCheck => ({ ok: false, error: 'invalid_proof', description });
  if (typeof jwt !== 'string' || jwt.length > 16_000) return refuse('the proof is not a JWT');
  let header;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return refuse('the proof is not a JWT');
  }
  if (header.typ !== 'openid4vci-proof+jwt') return refuse('the proof JWT is not of type openid4vci-proof+jwt');
  if (typeof header.kid !== 'string') return refuse('the proof JWT names no key (kid: did:key or did:jwk)');
  let holder;
  try {
    holder = resolveHolderKey(header.kid);
  } catch (error) {
    return refuse(`the proof's kid: ${(error as Error).message}`);
  }
  const now = expected.now ?? new Date();
  let payload;
  try {
    ({ payload } = await jwtVerify(jwt, holder.publicKey, {
      typ: 'openid4vci-proof+jwt',
      audience: expected.audience,
      algorithms: [...PROOF_ALGORITHMS],
      currentDate: now,
      clockTolerance: PROOF_MAX_AGE_SECONDS,
    }));
  } catch (error) {
    return refuse(`the proof JWT does not verify: ${(error as Error).message}`);
  }
  if (typeof payload.iat !== 'number' || Math.abs(now.getTime() / 1000 - payload.iat) > PROOF_MAX_AGE_SECONDS) {
    return refuse('the proof JWT is not recent (iat)');
  }
  if (!expected.nonceIsValid(payload.nonce)) {
    return {
      ok: false,
      error: 'invalid_nonce',
      description: 'the proof does not carry a valid c_nonce: ask for a new one',
    };
  }
  return { ok: true, holderDid: holder.did };
}
