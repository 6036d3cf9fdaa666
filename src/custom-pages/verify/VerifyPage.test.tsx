import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VerificationReport } from '../../../domain/credentialVerification';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { clearToken } from '../../session/tokenStorage';
import { VerifyPage } from './VerifyPage';
import { pasteInto } from '../../../tests/unit/pasteInto';

const KEY = 'A'.repeat(128);

const passing: VerificationReport = {
  verified: true,
  checks: [
    { check: 'signature', verdict: 'pass', code: 'valid', details: [] },
    { check: 'issuer', verdict: 'pass', code: 'known', details: [] },
    { check: 'dates', verdict: 'pass', code: 'valid', details: [] },
    { check: 'revocation', verdict: 'pass', code: 'not_revoked', details: [] },
    { check: 'suspension', verdict: 'pass', code: 'not_suspended', details: [] },
    { check: 'schema', verdict: 'pass', code: 'valid', details: [] },
  ],
  credential: {
    id: `https://laurel.example/ob/credentials/${KEY}`,
    name: 'Data analysis',
    issuer: { id: 'did:web:laurel.example:ob:issuers:1', name: 'North College' },
    validFrom: '2026-11-20T00:00:00Z',
    validUntil: null,
    anchored: false,
  },
};

const suspended: VerificationReport = {
  ...passing,
  verified: false,
  checks: passing.checks.map((check) =>
    check.check === 'suspension' ? { ...check, verdict: 'fail', code: 'suspended' } : check,
  ),
};

const requests: { contentType: string | null; body: unknown; file?: boolean }[] = [];
const ledgerRequests: string[] = [];
const ANCHORED_KEY = 'Anchored1';
const { i18nProvider } = componentTestServer(
  [
    http.post('*/api/verify', async ({ request }) => {
      const contentType = request.headers.get('content-type');
      if (request.headers.get('authorization')) return HttpResponse.json({ code: 'UNEXPECTED_TOKEN' }, { status: 400 });
      if (contentType?.startsWith('multipart/form-data')) {
        // jsdom's File reaches msw as a plain part: its presence is what this side can check
        requests.push({ contentType, body: null, file: (await request.formData()).has('file') });
        return HttpResponse.json(passing);
      }
      const body = (await request.json()) as { key?: string; url?: string };
      requests.push({ contentType, body });
      if (body.url?.startsWith('https://elsewhere.example')) {
        return HttpResponse.json({ code: 'FOREIGN_URL', message: 'Only our addresses' }, { status: 400 });
      }
      if (body.key === ANCHORED_KEY) {
        const id = `https://laurel.example/ob/credentials/${ANCHORED_KEY}`;
        return HttpResponse.json({ ...passing, credential: { ...passing.credential, id, anchored: true } });
      }
      return HttpResponse.json(body.key === KEY ? passing : suspended);
    }),
    http.get('*/api/public/certificates/:key/nft', ({ params }) => {
      ledgerRequests.push(String(params.key));
      return HttpResponse.json({ state: 'minting', issuerId: 1, tokenId: null, proofUrl: null });
    }),
  ],
  () => {
    requests.length = 0;
    ledgerRequests.length = 0;
  },
);

function renderVerify(path = '/verify') {
  clearToken();
  render(
    <AdminWrapper i18nProvider={i18nProvider()} path={path}>
      <VerifyPage />
    </AdminWrapper>,
  );
}

function checkRow(title: string) {
  return within(screen.getByRole('list', { name: 'Checks' }))
    .getByText(title)
    .closest('li') as HTMLElement;
}

describe('VerifyPage', () => {
  it('checks a pasted key without signing in and shows each check with a plain verdict', async () => {
    renderVerify();
    await userEvent.click(screen.getByLabelText('Certificate address or key'));
    await userEvent.paste(KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This credential is valid')).toBeVisible();
    expect(requests).toEqual([{ contentType: 'application/json', body: { key: KEY } }]);
    expect(screen.getByText('North College')).toBeVisible();
    expect(screen.getByText('November 20, 2026')).toBeVisible();
    expect(within(checkRow('Signature')).getByText(/has not been changed since it was issued/)).toBeVisible();
    expect(within(checkRow('Issuer')).getByText('Issued by North College, with a key it publishes.')).toBeVisible();
    expect(within(checkRow('Suspension')).getByText('The issuer has not suspended this credential.')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.dataset.verdict)).toEqual(Array(6).fill('pass'));
    // a classic credential has no transparency-log record: none is asked for
    expect(ledgerRequests).toEqual([]);
  });

  it("checks an anchored (NFT) certificate's record in the transparency log", async () => {
    renderVerify();
    await userEvent.click(screen.getByLabelText('Certificate address or key'));
    await userEvent.paste(ANCHORED_KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This credential is valid')).toBeVisible();
    expect(await screen.findByText(/still being anchored in its issuer's ledger/)).toBeVisible();
    expect(ledgerRequests).toEqual([ANCHORED_KEY]);
  });

  it('says which check failed for a suspended credential opened from a link', async () => {
    renderVerify(`/verify?url=${encodeURIComponent('https://laurel.example/certificate/Other1')}`);
    expect(await screen.findByText('This credential did not pass every check')).toBeVisible();
    expect(requests[0].body).toEqual({ url: 'https://laurel.example/certificate/Other1' });
    const row = checkRow('Suspension');
    expect(row.dataset.verdict).toBe('fail');
    expect(within(row).getByText(/has suspended this credential/)).toBeVisible();
    expect(within(row).getByTitle('Failed')).toBeInTheDocument();
  });

  it('sends a chosen file as multipart and shows its report', async () => {
    renderVerify();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'badge.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('verify-file'), png);
    expect(await screen.findByText('This credential is valid')).toBeVisible();
    expect(requests).toHaveLength(1);
    expect(requests[0].contentType).toMatch(/^multipart\/form-data/);
    expect(requests[0].file).toBe(true);
  });

  it('explains what it cannot read, without calling the server for nonsense', async () => {
    renderVerify();
    await pasteInto(screen.getByLabelText('Certificate address or key'), 'not a key');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste a certificate address');
    expect(requests).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Certificate address or key'));
    await userEvent.paste('https://elsewhere.example/c/1');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only certificate addresses of this service');
  });
});
