import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import type { Database } from '../../db/schema';
import { findCertificateCredential } from '../../repositories/walletOffers';
import { loadIssuerSigner } from '../credentials/issuerKeys';
import { signCredential } from '../credentials/signing';

/**
 * The wallet copy of a certificate's credential, the same whichever protocol delivers it (OID4VCI or the VC-API
 * exchange): the stored signed credential without its proof, `credentialSubject.id` set to the holder's DID,
 * signed now by the issuer's active key (DataIntegrityProof eddsa-rdfc-2022). It keeps the credential's `id` and
 * its status entry, so the certificate's status acts on every copy. Null when the certificate can no longer go
 * into a wallet (deleted or replaced meanwhile, or without a signed credential).
 */
export async function signWalletCopy(
  db: Kysely<Database>,
  input: { issuerId: number; certificateId: number; holderDid: string; credentialsKey: Uint8Array; publicUrl: string },
): Promise<Record<string, unknown> | null> {
  const certificate = await findCertificateCredential(db, input.certificateId);
  if (
    !certificate?.credential ||
    certificate.issuer_id !== input.issuerId ||
    certificate.status_id === CERTIFICATE_STATUS.deleted ||
    certificate.status_id === CERTIFICATE_STATUS.replaced
  ) {
    return null;
  }
  const { proof: _proof, ...unsigned } = JSON.parse(certificate.credential) as Record<string, unknown> & {
    credentialSubject: Record<string, unknown>;
  };
  const bound = { ...unsigned, credentialSubject: { ...unsigned.credentialSubject, id: input.holderDid } };
  const signer = await loadIssuerSigner(db, input.issuerId, input.credentialsKey, input.publicUrl);
  return signCredential(bound, signer) as Promise<Record<string, unknown>>;
}
