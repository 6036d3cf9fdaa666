import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, AlertTitle, Box, Button, CircularProgress, Divider, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useReducer, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { VerificationReport } from '../../../domain/credentialVerification';
import { errorCode, NetworkError } from '../../dataProvider/apiErrors';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { CheckList, readableDate } from './CheckList';
import { certificateKeyOf, LedgerProofCheck } from './LedgerProofCheck';
import { initialVerifyState, requestFor, verifyErrorFor, verifyReducer, type VerifyRequest } from './verifyState';

const FILE_TYPES = '.json,.png,.svg,application/json,application/ld+json,image/png,image/svg+xml';

export function VerifyPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [searchParams] = useSearchParams();
  const [state, dispatch] = useReducer(verifyReducer, initialVerifyState);
  const dataProvider = useLaurelDataProvider();
  const [pasted, setPasted] = useState(searchParams.get('url') ?? searchParams.get('key') ?? '');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = useCallback(
    async (source: string, body: VerifyRequest | FormData) => {
      dispatch({ type: 'start', source });
      try {
        const report = await dataProvider.verifyCredential(body);
        dispatch({ type: 'report', report });
      } catch (error) {
        dispatch({
          type: 'failed',
          error: error instanceof NetworkError ? 'network' : verifyErrorFor(errorCode(error)),
        });
      }
    },
    [dataProvider],
  );

  // /verify?key=… or ?url=… (the certificate page links here): check at once
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const given = searchParams.get('url') ?? searchParams.get('key');
    const request = given ? requestFor(given) : null;
    if (request) void run(given as string, request);
  }, [searchParams, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestFor(pasted);
    if (!request) dispatch({ type: 'failed', error: 'invalid_input' });
    else void run(pasted.trim().slice(0, 80), request);
  };

  const checkFile = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    void run(file.name, form);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    checkFile(event.dataTransfer.files[0]);
  };

  const checking = state.status === 'checking';

  return (
    <PublicPageFrame title={translate('verify.title')} subtitle={translate('verify.subtitle')}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          name="certificate"
          label={translate('verify.input_label')}
          placeholder={translate('verify.input_placeholder')}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          disabled={checking}
        />
        <Button type="submit" variant="contained" disabled={checking || pasted.trim() === ''} sx={{ mt: 1, px: 3 }}>
          {translate('verify.submit')}
        </Button>
      </Box>
      <Divider sx={{ my: 3 }}>{translate('verify.or')}</Divider>
      <Box
        // named by what it shows (its title and hint), so that the name includes the visible text (WCAG 2.5.3)
        role="button"
        tabIndex={0}
        onClick={() => fileInput.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            fileInput.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          cursor: 'pointer',
        }}
      >
        <UploadIcon color="action" sx={{ fontSize: 36 }} />
        <Typography sx={{ fontWeight: 600 }}>{translate('verify.drop_title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('verify.drop_hint')}
        </Typography>
        <input
          ref={fileInput}
          type="file"
          accept={FILE_TYPES}
          hidden
          data-testid="verify-file"
          onChange={(event) => {
            checkFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>

      <Box aria-live="polite" sx={{ mt: 3 }}>
        {state.status === 'checking' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{translate('verify.checking', { source: state.source })}</Typography>
          </Box>
        )}
        {state.status === 'error' && (
          <Alert severity="warning" role="alert">
            {translate(`verify.errors.${state.error}`)}
          </Alert>
        )}
        {state.status === 'done' && <VerificationResult report={state.report} locale={locale} />}
      </Box>
    </PublicPageFrame>
  );
}

function VerificationResult({ report, locale }: { report: VerificationReport; locale: string }) {
  const translate = useTranslate();
  const { credential } = report;
  // only an anchored (NFT) certificate has a log record to check: asking for a classic one's answers 409
  const ledgerKey = credential.anchored ? certificateKeyOf(credential.id) : null;
  return (
    <Box>
      <Alert severity={report.verified ? 'success' : 'error'} sx={{ mb: 2 }}>
        <AlertTitle>{translate(report.verified ? 'verify.result.valid' : 'verify.result.invalid')}</AlertTitle>
        {translate(report.verified ? 'verify.result.valid_text' : 'verify.result.invalid_text')}
      </Alert>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {(
          [
            ['verify.summary.name', credential.name],
            ['verify.summary.issuer', credential.issuer.name ?? credential.issuer.id],
            ['verify.summary.valid_from', readableDate(credential.validFrom, locale)],
            ['verify.summary.valid_until', readableDate(credential.validUntil, locale)],
          ] as const
        )
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
      <Divider sx={{ my: 2 }} />
      <CheckList report={report} />
      {ledgerKey && <LedgerProofCheck certificateKey={ledgerKey} />}
    </Box>
  );
}
