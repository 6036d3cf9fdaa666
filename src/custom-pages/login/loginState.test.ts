import { describe, expect, it } from 'vitest';
import { initialLoginState, isWaiting, loginErrorFor, loginReducer } from './loginState';

describe('login states', () => {
  it('goes idle → pending → ok', () => {
    const pending = loginReducer(initialLoginState, { type: 'submit' });
    expect(pending).toEqual({ status: 'pending' });
    expect(loginReducer(pending, { type: 'sent', email: 'a@b.org' })).toEqual({ status: 'ok', email: 'a@b.org' });
  });

  it('waits after a failure, then accepts a new attempt', () => {
    const failed = loginReducer({ status: 'pending' }, { type: 'failed', error: 'wrong_address' });
    expect(isWaiting(failed)).toBe(true);
    expect(loginReducer(failed, { type: 'submit' })).toBe(failed);
    const ready = loginReducer(failed, { type: 'wait_over' });
    expect(isWaiting(ready)).toBe(false);
    expect(loginReducer(ready, { type: 'submit' })).toEqual({ status: 'pending' });
  });

  it('shows an invalid address at once, without waiting', () => {
    expect(loginReducer(initialLoginState, { type: 'invalid_email' })).toEqual({
      status: 'error',
      error: 'invalid_email',
      waiting: false,
    });
  });

  it('maps statuses to messages', () => {
    expect([404, 429, 400, 500, undefined].map(loginErrorFor)).toEqual([
      'wrong_address',
      'too_many',
      'invalid_email',
      'generic',
      'network',
    ]);
  });
});
