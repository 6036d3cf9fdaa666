import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../dataProvider/apiErrors';
import { userOutcome } from './userOutcome';

describe('users error catalogue', () => {
  it('gives a success message per operation', () => {
    expect(userOutcome('create')).toEqual({
      severity: 'success',
      message: 'resources.admin/users.notifications.create_done',
    });
    expect(userOutcome('delete').message).toBe('resources.admin/users.notifications.delete_done');
  });

  it('gives the wrong-address message for 404, the firewall message with no answer, and a generic one otherwise', () => {
    expect(userOutcome('update', new HttpError('x', 404)).message).toBe(
      'resources.admin/users.notifications.wrong_address',
    );
    expect(userOutcome('update', new NetworkError()).message).toBe('app.error_network');
    expect(userOutcome('update', new HttpError('x', 500)).message).toBe('resources.admin/users.notifications.error');
    expect(userOutcome('create', new HttpError('x', 409)).message).toBe('resources.admin/users.notifications.exists');
    expect(userOutcome('create', new HttpError('x', 400, { code: 'INVALID_EMAIL' })).message).toBe(
      'login.invalid_email',
    );
  });
});
