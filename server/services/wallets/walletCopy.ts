import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS, isExpired } from '../../../domain/certificates';
import { todayIso } from '../../../domain/import';
import type { Database } from '../../db/schema';
import { findCertificateCredential } from '../../repositories/walletOffers';
import { createBatchSigner, type BatchSigner } from '../credentials/batchSigning';
import { contextDocumentLoader } from '../credentials/contexts/documentLoader';
import { loadIssuerSigner } from '../credentials/issuerKeys';
import { createShapeCanonizer } from '../credentials/shapeCanonizer';
import type { IssuerSigner } from '../credentials/signing';

/**
 * The copies of one certificate differ only in the holder's DID: the shape canonizer canonizes them without running
 * JSON-LD each time (the library took ≈ 14 ms of the event loop per copy; bench/walletBench.ts). Shared by the
 * process; it keeps at most 64 shapes.
 */
const copyCanonizer = createShapeCanonizer(contextDocumentLoader);
/** One batch signer per issuer key, so that its canonical proof options (the same within a second) are reused. */
const copySigners = new Map<string, BatchSigner>();

function copySigner(signer: IssuerSigner): BatchSigner {
  let batch = copySigners.get(signer.id);
  if (!batch) {
    if (copySigners.size >= 64) copySigners.clear();
    batch = createBatchSigner(signer, contextDocumentLoader, copyCanonizer);
    copySigners.set(signer.id, batch);
  }
  return batch;
}

/**
 * The wallet copy of a certificate's credential, the same whichever protocol delivers it (OID4VCI or the VC-API
 * exchange): the stored signed credential without its proof, `credentialSubject.id` set to the holder's DID,
 * signed now by the issuer's active key (DataIntegrityProof eddsa-rdfc-2022). It keeps the credential's `id` and
 * its status entry, so the certificate's status acts on every copy. Null when the certificate can no longer go
 * into a wallet (deleted, replaced or expired meanwhile, or without a signed credential). A disabled certificate's
 * copy is still delivered, suspended like every copy of it, and valid again once it is enabled.
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
    certificate.status_id === CERTIFICATE_STATUS.replaced ||
    // a copy delivered now would arrive expired: the offer is refused as for a certificate gone
    isExpired(certificate.expiration_date, todayIso())
  ) {
    return null;
  }
  const { proof: _proof, ...unsigned } = JSON.parse(certificate.credential) as Record<string, unknown> & {
    credentialSubject: Record<string, unknown>;
  };
  const bound = { ...unsigned, credentialSubject: { ...unsigned.credentialSubject, id: input.holderDid } };
  const signer = await loadIssuerSigner(db, input.issuerId, input.credentialsKey, input.publicUrl);
  // the proof signCredential makes (DataIntegrityProof eddsa-rdfc-2022), by the batch signer's faster path
  return copySigner(signer).sign(bound as typeof bound & { '@context': unknown }, new Date()) as Promise<
    Record<string, unknown>
  >;
}
