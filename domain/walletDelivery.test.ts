import { describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from './certificates';
import { canGoIntoWallet } from './walletDelivery';

describe('which certificates go into a wallet from their mail and page', () => {
  const valid = { statusId: CERTIFICATE_STATUS.validated, signed: true, isNft: false, expired: false };

  it('takes a signed, validated certificate that has not expired', () => {
    expect(canGoIntoWallet(valid)).toBe(true);
  });

  it('leaves out the unsigned, NFT, expired and not validated ones', () => {
    expect(canGoIntoWallet({ ...valid, signed: false })).toBe(false);
    expect(canGoIntoWallet({ ...valid, isNft: true })).toBe(false);
    expect(canGoIntoWallet({ ...valid, expired: true })).toBe(false);
    for (const status of [
      CERTIFICATE_STATUS.disabled,
      CERTIFICATE_STATUS.deleted,
      CERTIFICATE_STATUS.replaced,
      CERTIFICATE_STATUS.expired,
    ]) {
      expect(canGoIntoWallet({ ...valid, statusId: status }), String(status)).toBe(false);
    }
  });
});
