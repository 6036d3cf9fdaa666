import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import HourglassIcon from '@mui/icons-material/HourglassTopOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  checkVerificationFile,
  COUNTRY_CODES,
  EMPTY_VERIFICATION_FORM,
  validateVerificationForm,
  VERIFICATION_FILE_EXTENSIONS,
  VERIFICATION_TEXT_FIELDS,
  VERIFICATION_TEXT_MAX_LENGTH,
  type VerificationFieldError,
  type VerificationFileKind,
  type VerificationForm,
} from '../../../domain/accountVerification';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

type Errors = Partial<Record<keyof VerificationForm, VerificationFieldError>>;

/** Countries by their name in the user's language, sorted by that name. */
function useCountries(locale: string): { code: string; name: string }[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, locale),
    );
  }, [locale]);
}

function FileChoice(props: {
  kind: VerificationFileKind;
  file: File | null;
  error?: VerificationFieldError;
  onChoose: (file: File | null, error: VerificationFieldError | null) => void;
}) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const extensions = VERIFICATION_FILE_EXTENSIONS[props.kind];
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const error = checkVerificationFile(props.kind, file);
    props.onChoose(error ? null : file, error);
  };
  return (
    <FormControl error={Boolean(props.error)}>
      <FormLabel sx={{ mb: 0.5 }}>{translate(`verification.fields.${props.kind}`)}</FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
          {translate(props.file ? 'verification.replace_file' : 'verification.choose_file')}
        </Button>
        <Typography variant="body2" color={props.file ? 'text.primary' : 'text.secondary'}>
          {props.file?.name ?? translate('verification.no_file')}
        </Typography>
      </Box>
      <input
        ref={input}
        hidden
        type="file"
        accept={extensions.join(',')}
        aria-label={translate(`verification.fields.${props.kind}`)}
        onChange={choose}
      />
      <FormHelperText>
        {props.error
          ? translate(`verification.errors.${props.error}`)
          : translate('verification.file_hint', { types: extensions.join(' '), size: 2 })}
      </FormHelperText>
    </FormControl>
  );
}

/**
 * The account verification form (spec 000 section 2.12): every field required, the logo and the official
 * document checked when chosen (type, 2 MB; a refused file is forgotten), sent once; then a processing message.
 */
export function AccountVerificationForm() {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const [locale] = useLocaleState();
  const { user, refresh } = useCurrentUser();
  const countries = useCountries(locale);
  const [form, setForm] = useState<Omit<VerificationForm, VerificationFileKind>>(() => {
    const { hdLogo: _logo, officialDoc: _document, ...text } = EMPTY_VERIFICATION_FORM;
    return text;
  });
  const [files, setFiles] = useState<Record<VerificationFileKind, File | null>>({ hdLogo: null, officialDoc: null });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);

  if (user?.verificationSubmitted) {
    return (
      <Card variant="outlined" sx={{ maxWidth: 820 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3.5 }}>
          <HourglassIcon color="primary" />
          <Box>
            {outcome === 'sent' && (
              <Alert severity="success" sx={{ mb: 2 }}>
                {translate('verification.sent')}
              </Alert>
            )}
            <Typography variant="h6" component="h2">
              {translate('verification.processing_title')}
            </Typography>
            <Typography color="text.secondary">{translate('verification.processing')}</Typography>
          </Box>
        </CardContent>
      </Card>
    );
  }

  const set = (changes: Partial<typeof form>) => {
    setForm({ ...form, ...changes });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes) as (keyof VerificationForm)[]) delete next[key];
      return next;
    });
  };

  const submit = async () => {
    const found = validateVerificationForm({ ...form, ...files });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = new FormData();
    for (const name of [...VERIFICATION_TEXT_FIELDS, 'country', 'statementIntent'] as const) {
      body.append(name, String(form[name]));
    }
    body.append('hdLogo', files.hdLogo as File);
    body.append('officialDoc', files.officialDoc as File);
    setSending(true);
    setOutcome(null);
    try {
      await dataProvider.submitAccountVerification(body);
      setOutcome('sent');
      await refresh();
    } catch (failure) {
      const fields = (failure as { body?: { fields?: Errors } }).body?.fields;
      if (fields && typeof fields === 'object') setErrors(fields);
      setOutcome('failed');
    } finally {
      setSending(false);
    }
  };

  const textField = (field: (typeof VERIFICATION_TEXT_FIELDS)[number], multiline = false) => (
    <TextField
      key={field}
      required
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      label={translate(`verification.fields.${field}`)}
      value={form[field]}
      error={Boolean(errors[field])}
      helperText={errors[field] ? translate(`verification.errors.${errors[field]}`) : undefined}
      slotProps={{ htmlInput: { maxLength: VERIFICATION_TEXT_MAX_LENGTH } }}
      onChange={(event) => set({ [field]: event.target.value })}
    />
  );

  return (
    <Card variant="outlined" sx={{ maxWidth: 820 }}>
      <CardContent
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: { xs: 2.5, sm: 3.5 } }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {translate('verification.title')}
          </Typography>
          <Typography color="text.secondary">{translate('verification.intro')}</Typography>
        </Box>
        {outcome === 'failed' && (
          <Alert severity="error" onClose={() => setOutcome(null)}>
            {translate('verification.failed')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {textField('publicName')}
          {textField('officialName')}
          {textField('juridicForm')}
          <TextField
            select
            required
            fullWidth
            label={translate('verification.fields.country')}
            value={form.country}
            error={Boolean(errors.country)}
            helperText={errors.country ? translate(`verification.errors.${errors.country}`) : undefined}
            onChange={(event) => set({ country: event.target.value })}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
          >
            {countries.map(({ code, name }) => (
              <MenuItem key={code} value={code}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {textField('address', true)}
        {textField('website')}
        <FormControl>
          <FormLabel id="statement-intent">{translate('verification.fields.statementIntent')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="statement-intent"
            value={String(form.statementIntent)}
            onChange={(event) => set({ statementIntent: event.target.value === 'true' })}
          >
            <FormControlLabel value="true" control={<Radio />} label={translate('verification.yes')} />
            <FormControlLabel value="false" control={<Radio />} label={translate('verification.no')} />
          </RadioGroup>
        </FormControl>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {(['hdLogo', 'officialDoc'] as const).map((kind) => (
            <FileChoice
              key={kind}
              kind={kind}
              file={files[kind]}
              error={errors[kind]}
              onChoose={(file, error) => {
                setFiles({ ...files, [kind]: file });
                setErrors((current) => {
                  const next = { ...current };
                  if (error) next[kind] = error;
                  else delete next[kind];
                  return next;
                });
              }}
            />
          ))}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={sending}>
            {translate(sending ? 'verification.sending' : 'verification.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
