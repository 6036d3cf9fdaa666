import { describe, expect, it, vi } from 'vitest';
import { closeWithoutBackdrop } from './closeWithoutBackdrop';

describe('a dialog closed by Escape but not by a click beside it', () => {
  it('closes on Escape and ignores the backdrop', () => {
    const onClose = vi.fn();
    const handler = closeWithoutBackdrop(onClose);
    handler?.({}, 'backdropClick');
    expect(onClose).not.toHaveBeenCalled();
    handler?.({}, 'escapeKeyDown');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves a dialog that cannot be closed without a handler', () => {
    expect(closeWithoutBackdrop(undefined)).toBeUndefined();
  });
});
