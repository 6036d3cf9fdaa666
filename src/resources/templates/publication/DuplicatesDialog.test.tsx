import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DuplicateBehavior, DuplicatesReport } from '../../../../domain/duplicates';
import { AdminWrapper } from '../../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../../tests/unit/componentTestServer';
import { DuplicatesDialog } from './DuplicatesDialog';

const { i18nProvider } = componentTestServer([]);

const report = (change: Partial<DuplicatesReport> = {}): DuplicatesReport => ({
  recipients: 5,
  count: 1,
  duplicates: [{ row: 2, recipient: 'L-1', certificateKey: 'a'.repeat(128) }],
  renewable: 3,
  ...change,
});

function open(shown: DuplicatesReport, renewOffered: boolean) {
  const chosen: DuplicateBehavior[] = [];
  render(
    <AdminWrapper i18nProvider={i18nProvider()}>
      <DuplicatesDialog
        report={shown}
        replaceOffered
        renewOffered={renewOffered}
        onChoose={(behavior) => chosen.push(behavior)}
        onClose={() => {}}
      />
    </AdminWrapper>,
  );
  return chosen;
}

/** Issue 28, renewing from a file: the duplicates choice's fourth option. */
describe('the duplicates choice: renew', () => {
  it('offers to renew, counting the expired certificates, and sends renew', async () => {
    const chosen = open(report(), true);
    const renew = screen.getByRole('radio', { name: /Renew them \(new validity, linked to the previous one\)/ });
    expect(renew.closest('label')?.textContent).toContain('renew 3, publish 5 certificates');
    expect(screen.getByText(/Counting expired certificates, 3 recipients hold one that can be renewed/)).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    await userEvent.click(renew);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(chosen).toEqual(['renew']);
  });

  it('chooses renew first when only expired certificates are held', () => {
    open(report({ count: 0, duplicates: [], renewable: 2 }), true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Renew them/ }).checked).toBe(true);
  });

  it('does not offer it when the renewed certificates would get no expiry', () => {
    open(report(), false);
    expect(screen.queryByRole('radio', { name: /Renew them/ })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('lists the renewed rows whose date is not after today and does not go on with renew, only with another choice', async () => {
    const chosen = open(
      report({
        pastRenewals: {
          count: 12,
          duplicates: Array.from({ length: 12 }, (_, i) => ({
            row: i + 2,
            recipient: `L-${i + 1}`,
            certificateKey: 'a'.repeat(128),
          })),
        },
      }),
      true,
    );
    // no alert while renew is not chosen
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Renew them/ }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      '12 recipients to renew have an ExpirationDate in the file that is not after today',
    );
    expect(alert.textContent).toContain('Row 2: L-1');
    expect(alert.textContent).toContain('Row 11: L-10');
    expect(alert.textContent).not.toContain('L-11');
    expect(alert.textContent).toContain('and 2 more');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('radio', { name: /Leave them out/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(chosen).toEqual(['skip']);
  });
});
