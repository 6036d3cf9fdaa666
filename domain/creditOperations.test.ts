import { describe, expect, it } from 'vitest';
import { creditOperationKind } from './creditOperations';

describe('credit operation kind', () => {
  it('reads additions, campaign debits and expirations', () => {
    expect(creditOperationKind(100, 'initial credits')).toEqual({ kind: 'addition', campaign_id: null });
    expect(creditOperationKind(-3, 'campaign 42')).toEqual({ kind: 'publication', campaign_id: 42 });
    expect(creditOperationKind(-50, 'expiration')).toEqual({ kind: 'expiration', campaign_id: null });
    expect(creditOperationKind(-1, 'campaign 4 refund')).toEqual({ kind: 'expiration', campaign_id: null });
  });
});
