import { HttpError } from 'react-admin';
import { NetworkError } from '../dataProvider/apiErrors';

export type UserOperation = 'create' | 'update' | 'delete' | 'disable_totp';

export interface Outcome {
  severity: 'success' | 'error';
  /** translation key */
  message: string;
}

/**
 * The users error catalogue of spec 000 section 8: success messages per operation; 404 the wrong-address
 * message; no answer at all the firewall-type message; any other status a generic error (with our clearer
 * messages for a duplicate address and an invalid one).
 */
export function userOutcome(operation: UserOperation, error?: unknown): Outcome {
  if (error === undefined)
    return { severity: 'success', message: `resources.admin/users.notifications.${operation}_done` };
  if (error instanceof NetworkError) return { severity: 'error', message: 'app.error_network' };
  const status = error instanceof HttpError ? error.status : undefined;
  const code = error instanceof HttpError ? (error.body as { code?: string } | undefined)?.code : undefined;
  if (status === 404) return { severity: 'error', message: 'resources.admin/users.notifications.wrong_address' };
  if (status === 409) return { severity: 'error', message: 'resources.admin/users.notifications.exists' };
  if (code === 'INVALID_EMAIL') return { severity: 'error', message: 'login.invalid_email' };
  return { severity: 'error', message: 'resources.admin/users.notifications.error' };
}
