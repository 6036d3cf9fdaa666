import { CERTIFICATE_STATUS, isExpired } from '../../../domain/certificates';
import type { Certificate } from '../../db/schema';
import type { PageState } from './credentialPage';

/** What a certificate's status and dates make of its page (spec 002 section 4). */
export function certificateState(
  certificate: Pick<Certificate, 'status_id' | 'expiration_date'>,
  today: string,
): PageState | 'deleted' {
  switch (certificate.status_id) {
    case CERTIFICATE_STATUS.deleted:
      return 'deleted';
    case CERTIFICATE_STATUS.disabled:
      return 'disabled';
    case CERTIFICATE_STATUS.replaced:
      return 'replaced';
    case CERTIFICATE_STATUS.expired:
      return 'expired';
    case CERTIFICATE_STATUS.minting:
      return isExpired(certificate.expiration_date, today) ? 'expired' : 'minting';
    case CERTIFICATE_STATUS.validated:
    case CERTIFICATE_STATUS.claimed:
    case CERTIFICATE_STATUS.revealed:
      return isExpired(certificate.expiration_date, today) ? 'expired' : 'valid';
    default:
      return 'disabled';
  }
}
