import PassIcon from '@mui/icons-material/CheckCircle';
import FailIcon from '@mui/icons-material/Cancel';
import {
  Alert,
  AlertTitle,
  Box,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Link,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { errorCode } from '../../dataProvider/apiErrors';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { checkLedgerProof, LEDGER_STEPS } from './ledgerCheck';

/** The certificate key in a credential id of this service (…/ob/credentials/{key}). */
export function certificateKeyOf(credentialId: string | null | undefined): string | null {
  const match = /\/ob\/credentials\/([A-Za-z0-9]{1,128})$/.exec(credentialId ?? '');
  return match ? match[1] : null;
}

/** One check of the list, with its verdict. */
function StepItem({ ok, label, detail }: { ok: boolean; label: string; detail?: string }) {
  const translate = useTranslate();
  const Icon = ok ? PassIcon : FailIcon;
  return (
    <ListItem disableGutters data-verdict={ok ? 'pass' : 'fail'}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Icon
          color={ok ? 'success' : 'error'}
          fontSize="small"
          titleAccess={translate(`verify.verdict.${ok ? 'pass' : 'fail'}`)}
        />
      </ListItemIcon>
      <ListItemText
        primary={label}
        secondary={detail}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/**
 * For an NFT certificate, the page checks its inclusion in the issuer's transparency log itself (ledgerCheck.ts)
 * and shows each step, with an EVM chain one more: the root the chain holds is the head's; a classic certificate
 * shows nothing here.
 */
export function LedgerProofCheck({ certificateKey }: { certificateKey: string }) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const check = useQuery({
    queryKey: ['ledgerProofCheck', certificateKey],
    retry: false,
    queryFn: async () => {
      let view;
      try {
        view = await dataProvider.nftCertificate(certificateKey);
      } catch (error) {
        if (['NOT_AN_NFT', 'CERTIFICATE_DELETED', 'CERTIFICATE_NOT_FOUND'].includes(errorCode(error) ?? '')) {
          return { kind: 'none' as const };
        }
        throw error;
      }
      if (!view.proofUrl) return { kind: 'minting' as const };
      const documents = await dataProvider.ledgerProofDocuments(view, certificateKey);
      const result = await checkLedgerProof(documents.proof, documents.credential, documents.didDocument);
      return { kind: 'checked' as const, view, result };
    },
  });
  if (check.isPending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{translate('verify.ledger.checking')}</Typography>
      </Box>
    );
  }
  if (check.isError) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {translate('verify.ledger.unavailable')}
      </Alert>
    );
  }
  const data = check.data;
  if (data.kind === 'none') return null;
  if (data.kind === 'minting') {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('verify.ledger.minting')}
      </Alert>
    );
  }
  const { result, view } = data;
  return (
    <Box component="section" aria-labelledby="ledger-check" sx={{ mt: 2 }} data-testid="ledger-check">
      <Alert severity={result.verified ? 'success' : 'error'}>
        <AlertTitle id="ledger-check">
          {translate(result.verified ? 'verify.ledger.included' : 'verify.ledger.not_included')}
        </AlertTitle>
        {translate('verify.ledger.summary', {
          index: result.leafIndex,
          size: result.treeSize,
        })}
      </Alert>
      <List dense disablePadding aria-label={translate('verify.ledger.steps_label')}>
        {LEDGER_STEPS.map((step) => (
          <StepItem key={step} ok={result.steps[step]} label={translate(`verify.ledger.steps.${step}`)} />
        ))}
        {result.chain && (
          <StepItem
            ok={result.chain.anchored}
            label={translate('verify.ledger.steps.chain', { chainId: result.chain.chainId })}
            detail={translate(
              result.chain.unreadable ? 'verify.ledger.chain_unreadable' : 'verify.ledger.chain_detail',
              {
                contract: result.chain.contract,
              },
            )}
          />
        )}
      </List>
      {view.claim && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {translate(view.state === 'revealed' ? 'verify.ledger.revealed_by' : 'verify.ledger.claimed_by', {
            wallet: view.claim.wallet,
          })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        <Link href={view.proofUrl?.replace('/proof.json', '') ?? undefined}>
          {translate('verify.ledger.open_batch')}
        </Link>
      </Typography>
    </Box>
  );
}
