import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { CreditOperationRecord } from '../../../domain/creditOperations';

/**
 * The issuer's credit log (read-only, served on REST conventions through ra-data-simple-rest). It has no page of
 * its own: My plan shows its list (CreditOperationList), so the resource declares no list route.
 */
export const creditOperations = {
  icon: ReceiptIcon,
  recordRepresentation: (operation: CreditOperationRecord) => `#${operation.id}`,
};
