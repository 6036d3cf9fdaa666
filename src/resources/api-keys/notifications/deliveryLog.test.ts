import { describe, expect, it } from 'vitest';
import { resendableKeys } from '../../certificates/ResendMailsButton';
import { deliveryOutcome } from './DeliveryLog';

describe('the delivery log and the resend action', () => {
  it('tells a delivered call from one that will be retried and one that failed for good', () => {
    expect(deliveryOutcome({ status: 204, nextAttemptAt: null })).toBe('delivered');
    expect(deliveryOutcome({ status: 503, nextAttemptAt: '2026-11-26T00:00:00.000Z' })).toBe('retrying');
    expect(deliveryOutcome({ status: null, nextAttemptAt: '2026-11-26T00:00:00.000Z' })).toBe('retrying');
    expect(deliveryOutcome({ status: 404, nextAttemptAt: null })).toBe('failed');
  });

  it('resends only the selected rows whose mail was not delivered', () => {
    const rows = [
      { id: 'a', EmailStatus: 'not delivered' as const },
      { id: 'b', EmailStatus: 'Sent' as const },
      { id: 'c', EmailStatus: 'not sent' as const },
      { id: 'd', EmailStatus: 'not delivered' as const },
    ];
    expect(resendableKeys(['a', 'b', 'c'], rows)).toEqual(['a']);
    expect(resendableKeys(['b', 'c'], rows)).toEqual([]);
  });
});
