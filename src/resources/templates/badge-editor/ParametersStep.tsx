import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Dispatch, ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { BADGE_LANGUAGES, type BadgeLanguage } from '../../../../domain/templateRules/languages';
import { NFT_NETWORK, type TemplateType } from '../../../../domain/templates';
import { VALIDITY_UNITS, type ValidityUnit } from '../../../../domain/expiry';
import type { EditorAction, EditorState } from './editorModel';
import { useErrorText } from './fields';

/** A language's name in the interface's language ("Welsh", "gallois", "galés"). */
export function languageName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return code;
  }
}

export function ParametersCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The languages of a badge (en, cy, fr, es, de) and the default one: a row per language with its checkbox and
 * its default radio. Languages already used are locked in update mode.
 */
export function LanguageChoice({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const missing = state.errors.languages !== undefined || state.languages.length === 0;
  return (
    <ParametersCard title={translate('editor.parameters.languages')}>
      <Typography variant="body2" color="text.secondary">
        {translate('editor.parameters.languages_hint')}
      </Typography>
      <Box
        role="table"
        aria-label={translate('editor.parameters.languages')}
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(200px, max-content) max-content', columnGap: 4 }}
      >
        <Box role="row" sx={{ display: 'contents', color: 'text.secondary', typography: 'caption' }}>
          <Box role="columnheader">{translate('editor.parameters.language')}</Box>
          <Box role="columnheader">{translate('editor.parameters.default_language')}</Box>
        </Box>
        {BADGE_LANGUAGES.map((language: BadgeLanguage) => {
          const name = languageName(language, locale);
          const checked = state.languages.includes(language);
          const locked = state.lockedLanguages.includes(language);
          return (
            <Box key={language} role="row" sx={{ display: 'contents' }}>
              <Box role="cell" sx={{ display: 'flex', alignItems: 'center' }}>
                <FormControlLabel
                  label={name}
                  control={
                    <Checkbox
                      checked={checked}
                      disabled={locked}
                      onChange={(event) =>
                        dispatch({ type: 'toggleLanguage', language, checked: event.target.checked })
                      }
                    />
                  }
                />
                {locked && (
                  <Tooltip title={translate('editor.parameters.locked')}>
                    <LockIcon fontSize="small" color="action" aria-label={translate('editor.parameters.locked')} />
                  </Tooltip>
                )}
              </Box>
              <Box role="cell" sx={{ display: 'flex', alignItems: 'center' }}>
                <Radio
                  checked={state.defaultLanguage === language && checked}
                  disabled={!checked}
                  onChange={() => dispatch({ type: 'setDefaultLanguage', language })}
                  slotProps={{ input: { 'aria-label': translate('editor.parameters.default_of', { language: name }) } }}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
      {missing && <FormHelperText error>{translate('editor.parameters.choose_language')}</FormHelperText>}
      {state.lockedLanguages.length > 0 && (
        <Alert severity="info" icon={<LockIcon fontSize="inherit" />}>
          {translate('editor.parameters.locked_info')}
        </Alert>
      )}
    </ParametersCard>
  );
}

/**
 * The template's technical fields (spec 001 section 3, DataTech): the import columns whose values name a
 * recipient, typed as a semicolon list. Shown by the badge and the registry editors.
 */
export function TechnicalFieldsCard({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const error = state.errors.technicalFields;
  return (
    <ParametersCard title={translate('editor.parameters.technicalFields')}>
      <Typography variant="body2" color="text.secondary">
        {translate('editor.parameters.technical_fields_hint')}
      </Typography>
      <TextField
        fullWidth
        label={translate('editor.parameters.technical_fields_label')}
        required={!state.technicalFieldsOptional}
        value={state.technicalFields}
        error={error !== undefined}
        helperText={
          error ? errorText(error, 'technicalFields') : translate('editor.parameters.technical_fields_helper')
        }
        onChange={(event) => dispatch({ type: 'setTechnicalFields', value: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 300, spellCheck: false, 'data-testid': 'technical-fields' } }}
      />
      {state.technicalFieldsOptional && state.technicalFields.trim() === '' && (
        <Alert severity="info">{translate('editor.parameters.technical_fields_optional')}</Alert>
      )}
    </ParametersCard>
  );
}

/**
 * Whether the template's sample page is public before any certificate is published (issue 27): off by default, so
 * that a template in preparation stays private. Shown by the badge and the registry editors.
 */
export function PublicSampleCard({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const translate = useTranslate();
  return (
    <ParametersCard title={translate('editor.parameters.public_sample')}>
      <FormControlLabel
        control={
          <Checkbox
            checked={state.publicSample}
            onChange={(event) => dispatch({ type: 'setPublicSample', publicSample: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': 'public-sample-hint' } }}
          />
        }
        label={translate('editor.parameters.public_sample_label')}
      />
      <Typography id="public-sample-hint" variant="body2" color="text.secondary">
        {translate('editor.parameters.public_sample_hint')}
      </Typography>
    </ParametersCard>
  );
}

/**
 * Whether the rows may leave out the recipient's name (issue 28): off by default, since every public page, PDF and
 * credential says who a certificate was awarded to. The registry editor has no such card: the register names everyone.
 */
export function NamesOptionalCard({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const translate = useTranslate();
  return (
    <ParametersCard title={translate('editor.parameters.names_optional')}>
      <FormControlLabel
        control={
          <Checkbox
            checked={state.namesOptional}
            onChange={(event) => dispatch({ type: 'setNamesOptional', namesOptional: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': 'names-optional-hint' } }}
          />
        }
        label={translate('editor.parameters.names_optional_label')}
      />
      <Typography id="names-optional-hint" variant="body2" color="text.secondary">
        {translate('editor.parameters.names_optional_hint')}
      </Typography>
    </ParametersCard>
  );
}

/**
 * When the template's certificates expire and who is reminded (issue 28): a validity after the obtention date (none:
 * they never expire, unless a row gives its own ExpirationDate), up to three reminders before the date to the
 * recipient, and optionally a copy to the issuer.
 */
export function ExpiryCard({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { expiry, errors } = state;
  const set = (values: Partial<EditorState['expiry']>) => dispatch({ type: 'setExpiry', values });
  const validityError = errors['expiry.validity'];
  const remindersError = errors['expiry.reminderDays'];
  const emailError = errors['expiry.issuerReminderEmail'];
  return (
    <ParametersCard title={translate('editor.parameters.expiry.title')}>
      <Typography variant="body2" color="text.secondary">
        {translate('editor.parameters.expiry.hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 160, flex: 1 }}
          label={translate('editor.parameters.expiry.validity')}
          value={expiry.validityUnit}
          onChange={(event) =>
            set({
              validityUnit: event.target.value as ValidityUnit | '',
              validityAmount: expiry.validityAmount || (event.target.value === '' ? '' : '1'),
            })
          }
          slotProps={{ htmlInput: { 'data-testid': 'expiry-unit' } }}
        >
          <MenuItem value="">{translate('editor.parameters.expiry.never')}</MenuItem>
          {VALIDITY_UNITS.map((unit) => (
            <MenuItem key={unit} value={unit}>
              {translate(`editor.parameters.expiry.units.${unit}`)}
            </MenuItem>
          ))}
        </TextField>
        {expiry.validityUnit !== '' && (
          <TextField
            size="small"
            type="number"
            sx={{ width: 120 }}
            label={translate('editor.parameters.expiry.amount')}
            value={expiry.validityAmount}
            error={validityError !== undefined}
            onChange={(event) => set({ validityAmount: event.target.value })}
            slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'expiry-amount' } }}
          />
        )}
      </Box>
      {validityError && <FormHelperText error>{errorText(validityError, 'expiry.validity')}</FormHelperText>}
      <FormControl error={remindersError !== undefined}>
        <FormLabel sx={{ typography: 'body2', mb: 1 }}>{translate('editor.parameters.expiry.reminderDays')}</FormLabel>
        <Box sx={{ display: 'flex', gap: 1 }}>
          {expiry.reminderDays.map((day, index) => (
            <TextField
              key={index}
              size="small"
              type="number"
              sx={{ flex: 1 }}
              value={day}
              error={remindersError !== undefined}
              onChange={(event) =>
                set({ reminderDays: expiry.reminderDays.map((d, i) => (i === index ? event.target.value : d)) })
              }
              slotProps={{
                htmlInput: {
                  min: 1,
                  max: 365,
                  step: 1,
                  'aria-label': translate('editor.parameters.expiry.reminder_n', { n: index + 1 }),
                  'data-testid': `expiry-reminder-${index}`,
                },
              }}
            />
          ))}
        </Box>
        <FormHelperText>
          {remindersError
            ? errorText(remindersError, 'expiry.reminderDays')
            : translate('editor.parameters.expiry.reminders_hint')}
        </FormHelperText>
      </FormControl>
      <FormControlLabel
        control={
          <Checkbox checked={expiry.remindIssuer} onChange={(event) => set({ remindIssuer: event.target.checked })} />
        }
        label={translate('editor.parameters.expiry.remind_issuer')}
      />
      {expiry.remindIssuer && (
        <TextField
          size="small"
          type="email"
          fullWidth
          label={translate('editor.parameters.expiry.issuerReminderEmail')}
          value={expiry.issuerReminderEmail}
          error={emailError !== undefined}
          helperText={
            emailError
              ? errorText(emailError, 'expiry.issuerReminderEmail')
              : translate('editor.parameters.expiry.issuer_email_hint')
          }
          onChange={(event) => set({ issuerReminderEmail: event.target.value })}
        />
      )}
    </ParametersCard>
  );
}

/** Step 0 of the badge editor: languages, then the delivery mode and badge type when creating. */
export function ParametersStep({
  state,
  dispatch,
  badgeTypes,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** the badge types the account offers */
  badgeTypes: TemplateType[];
}) {
  const translate = useTranslate();
  const creating = state.mode === 'insert';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
      <LanguageChoice state={state} dispatch={dispatch} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TechnicalFieldsCard state={state} dispatch={dispatch} />
        <PublicSampleCard state={state} dispatch={dispatch} />
        <NamesOptionalCard state={state} dispatch={dispatch} />
        <ExpiryCard state={state} dispatch={dispatch} />
        <ParametersCard title={translate('editor.parameters.delivery')}>
          {creating ? (
            <FormControl>
              <FormLabel id="delivery-label" sx={{ typography: 'body2' }}>
                {translate('editor.parameters.delivery_hint')}
              </FormLabel>
              <RadioGroup
                aria-labelledby="delivery-label"
                value={state.isNft ? 'nft' : 'classic'}
                onChange={(event) => dispatch({ type: 'setNft', isNft: event.target.value === 'nft' })}
              >
                <FormControlLabel value="classic" control={<Radio />} label={translate('editor.parameters.classic')} />
                <FormControlLabel
                  value="nft"
                  control={<Radio />}
                  label={translate('editor.parameters.nft', { network: NFT_NETWORK })}
                />
              </RadioGroup>
            </FormControl>
          ) : (
            <Typography>
              {state.isNft
                ? translate('editor.parameters.nft', { network: NFT_NETWORK })
                : translate('editor.parameters.classic')}
            </Typography>
          )}
        </ParametersCard>
        {creating && badgeTypes.length > 1 && (
          <ParametersCard title={translate('editor.parameters.badge_type')}>
            <Typography variant="body2" color="text.secondary">
              {translate('editor.parameters.badge_type_hint')}
            </Typography>
            <RadioGroup
              aria-label={translate('editor.parameters.badge_type')}
              value={state.type}
              onChange={(event) =>
                dispatch({ type: 'setTemplateType', templateType: event.target.value as TemplateType })
              }
            >
              {badgeTypes.map((type) => (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio />}
                  label={translate(`templates.types.${type}`)}
                />
              ))}
            </RadioGroup>
          </ParametersCard>
        )}
      </Box>
    </Box>
  );
}
