import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { getAddress, isAddress } from 'viem';
import {
  claimMessage,
  NFT_CLAIM_ERRORS,
  revealMessage,
  SIGNATURE_PATTERN,
  type NftCertificateView,
} from '../../../../domain/nftClaims';
import { errorCode, NetworkError } from '../../../dataProvider/apiErrors';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { PublicPageFrame } from '../../../components/PublicPageFrame';
import { browserWalletAddress, hasBrowserWallet, signWithBrowserWallet } from './walletSigner';

/** The error's explanation key: one of the server's codes, or a generic failure. */
function errorKey(error: unknown): string {
  if (error instanceof NetworkError) return 'nftClaim.errors.network';
  const code = errorCode(error);
  return code && (NFT_CLAIM_ERRORS as readonly string[]).includes(code)
    ? `nftClaim.errors.${code}`
    : 'nftClaim.errors.generic';
}

/** The checksummed form of a typed address, or null while it is not one. */
function checksummed(wallet: string): string | null {
  const text = wallet.trim();
  return isAddress(text, { strict: false }) ? getAddress(text) : null;
}

/** The message to sign, shown as it must be signed, with a copy button. */
function MessageToSign({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ position: 'relative' }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate('nftClaim.message_label')}
      </Typography>
      <Box
        component="pre"
        data-testid="message-to-sign"
        sx={{
          m: 0,
          p: 1.5,
          pr: 6,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {message}
      </Box>
      <Tooltip title={translate('nftClaim.copy')}>
        <IconButton
          aria-label={translate('nftClaim.copy')}
          size="small"
          onClick={() => void navigator.clipboard?.writeText(message)}
          sx={{ position: 'absolute', right: 4, top: 28 }}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** The signature: pasted, or made by the browser's wallet when there is one. */
function SignatureInput({
  message,
  address,
  value,
  onChange,
  disabled,
}: {
  message: string | null;
  address: string | null;
  value: string;
  onChange: (signature: string) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const [walletError, setWalletError] = useState(false);
  const invalid = value.trim() !== '' && !SIGNATURE_PATTERN.test(value.trim());
  return (
    <Stack spacing={1}>
      <TextField
        name="signature"
        label={translate('nftClaim.signature_label')}
        helperText={translate(invalid ? 'nftClaim.signature_invalid' : 'nftClaim.signature_help')}
        error={invalid}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      {hasBrowserWallet() && message && address && (
        <Box>
          <Button
            variant="outlined"
            disabled={disabled}
            onClick={async () => {
              setWalletError(false);
              try {
                onChange(await signWithBrowserWallet(message, address));
              } catch {
                setWalletError(true);
              }
            }}
          >
            {translate('nftClaim.sign_with_wallet')}
          </Button>
          {walletError && (
            <Typography color="error" variant="body2" sx={{ mt: 0.5 }}>
              {translate('nftClaim.wallet_refused')}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}

/** A signing form's end: the refusal of its last try, then its submit button, busy while the call runs. */
function SubmitWithError({
  call,
  ready,
  label,
}: {
  call: { isPending: boolean; isError: boolean; error: unknown };
  ready: boolean;
  label: string;
}) {
  const translate = useTranslate();
  return (
    <>
      {call.isError && (
        <Alert severity="error" role="alert">
          {translate(errorKey(call.error))}
        </Alert>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!ready || call.isPending}
          startIcon={call.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {label}
        </Button>
      </Box>
    </>
  );
}

function ClaimForm({ certificateKey, onDone }: { certificateKey: string; onDone: (view: NftCertificateView) => void }) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const [wallet, setWallet] = useState('');
  const [signature, setSignature] = useState('');
  const address = checksummed(wallet);
  const message = address ? claimMessage(certificateKey, address) : null;
  const claim = useMutation({
    mutationFn: () => dataProvider.claimNft(certificateKey, { wallet: wallet.trim(), signature: signature.trim() }),
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address && SIGNATURE_PATTERN.test(signature.trim())) claim.mutate();
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} noValidate aria-label={translate('nftClaim.claim_title')}>
      <Typography variant="h6" component="h2">
        {translate('nftClaim.claim_title')}
      </Typography>
      <Typography color="text.secondary">{translate('nftClaim.claim_intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <TextField
          fullWidth
          name="wallet"
          label={translate('nftClaim.wallet_label')}
          placeholder="0x…"
          helperText={translate(wallet.trim() !== '' && !address ? 'nftClaim.wallet_invalid' : 'nftClaim.wallet_help')}
          error={wallet.trim() !== '' && !address}
          value={wallet}
          onChange={(event) => setWallet(event.target.value)}
          disabled={claim.isPending}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        {hasBrowserWallet() && (
          <Button
            variant="outlined"
            sx={{ flexShrink: 0, mt: { sm: 1 } }}
            onClick={async () => setWallet((await browserWalletAddress().catch(() => null)) ?? wallet)}
          >
            {translate('nftClaim.use_wallet')}
          </Button>
        )}
      </Stack>
      {message ? (
        <>
          <MessageToSign message={message} />
          <SignatureInput
            message={message}
            address={address}
            value={signature}
            onChange={setSignature}
            disabled={claim.isPending}
          />
        </>
      ) : (
        <Alert severity="info" variant="outlined">
          {translate('nftClaim.wallet_first')}
        </Alert>
      )}
      <SubmitWithError
        call={claim}
        ready={!!address && SIGNATURE_PATTERN.test(signature.trim())}
        label={translate('nftClaim.claim_submit')}
      />
    </Stack>
  );
}

function RevealForm({
  certificateKey,
  view,
  onDone,
}: {
  certificateKey: string;
  view: NftCertificateView;
  onDone: (view: NftCertificateView) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const [signature, setSignature] = useState('');
  const wallet = view.claim?.wallet ?? '';
  const message = revealMessage(certificateKey, wallet);
  const reveal = useMutation({
    mutationFn: () => dataProvider.revealNft(certificateKey, { signature: signature.trim() }),
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (SIGNATURE_PATTERN.test(signature.trim())) reveal.mutate();
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} noValidate aria-label={translate('nftClaim.reveal_title')}>
      <Typography variant="h6" component="h2">
        {translate('nftClaim.reveal_title')}
      </Typography>
      <Typography color="text.secondary">{translate('nftClaim.reveal_intro')}</Typography>
      <MessageToSign message={message} />
      <SignatureInput
        message={message}
        address={wallet}
        value={signature}
        onChange={setSignature}
        disabled={reveal.isPending}
      />
      <SubmitWithError
        call={reveal}
        ready={SIGNATURE_PATTERN.test(signature.trim())}
        label={translate('nftClaim.reveal_submit')}
      />
    </Stack>
  );
}

/** The claim's facts: wallet, dates, and where anyone checks it. */
function ClaimFacts({ view, locale }: { view: NftCertificateView; locale: string }) {
  const translate = useTranslate();
  if (!view.claim) return null;
  const when = (value: string) =>
    new Date(value).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
  const rows: [string, string][] = [
    ['nftClaim.facts.wallet', view.claim.wallet],
    ['nftClaim.facts.claimed_at', when(view.claim.claimedAt)],
    ...(view.claim.revealedAt
      ? ([['nftClaim.facts.revealed_at', when(view.claim.revealedAt)]] as [string, string][])
      : []),
    ['nftClaim.facts.token', `#${view.tokenId}`],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, wordBreak: 'break-all', fontFamily: label.endsWith('wallet') ? 'monospace' : undefined }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The public claim page of an NFT certificate (linked from its page, ?key=…): claim it into a wallet by signing a
 * fixed message (status 13), then reveal it with the same wallet (14). No sign-in: holding the certificate's link
 * and the wallet is the proof; the server checks the signatures.
 */
export function NftClaimPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [searchParams] = useSearchParams();
  const certificateKey = searchParams.get('key') ?? '';
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const queryKey = ['nftCertificate', certificateKey];
  const nft = useQuery({
    queryKey,
    enabled: certificateKey !== '',
    retry: false,
    queryFn: () => dataProvider.nftCertificate(certificateKey),
  });
  const update = (view: NftCertificateView) => queryClient.setQueryData(queryKey, view);
  const view = nft.data;
  const certificatePage = `/certificate/${encodeURIComponent(certificateKey)}`;

  let content;
  if (certificateKey === '')
    content = <Alert severity="warning">{translate('nftClaim.errors.CERTIFICATE_NOT_FOUND')}</Alert>;
  else if (nft.isPending) content = <CircularProgress aria-label={translate('nftClaim.loading')} />;
  else if (nft.isError) {
    content = (
      <Alert severity="warning" role="alert">
        {translate(errorKey(nft.error))}
      </Alert>
    );
  } else if (view) {
    content = (
      <Stack spacing={3}>
        {view.state === 'minting' && <Alert severity="info">{translate('nftClaim.minting')}</Alert>}
        {view.state === 'unavailable' && <Alert severity="warning">{translate('nftClaim.unavailable')}</Alert>}
        {view.state === 'claimable' && <ClaimForm certificateKey={certificateKey} onDone={update} />}
        {view.claim && (
          <Alert severity="success">
            <AlertTitle>
              {translate(view.state === 'revealed' ? 'nftClaim.revealed_title' : 'nftClaim.claimed_title')}
            </AlertTitle>
            {translate(view.state === 'revealed' ? 'nftClaim.revealed_text' : 'nftClaim.claimed_text')}
          </Alert>
        )}
        <ClaimFacts view={view} locale={locale} />
        {view.state === 'claimed' && <RevealForm certificateKey={certificateKey} view={view} onDone={update} />}
        {view.tokenId !== null && (
          <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
            {view.metadataUrl && <Link href={view.metadataUrl}>{translate('nftClaim.links.metadata')}</Link>}
            {view.proofUrl && (
              <Link href={view.proofUrl.replace('/proof.json', '')}>{translate('nftClaim.links.proof')}</Link>
            )}
            <Link href={`/verify?key=${encodeURIComponent(certificateKey)}`}>{translate('nftClaim.links.verify')}</Link>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <PublicPageFrame
      title={translate('nftClaim.title')}
      subtitle={
        <>
          {translate('nftClaim.subtitle')} <Link href={certificatePage}>{translate('nftClaim.back')}</Link>
        </>
      }
    >
      <Box aria-live="polite">{content}</Box>
    </PublicPageFrame>
  );
}
