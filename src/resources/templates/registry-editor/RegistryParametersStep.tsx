import LockIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import type { Dispatch } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { BADGE_LANGUAGES } from '../../../../domain/templateRules/languages';
import { REGISTRY_TYPES, type RegistryType } from '../../../../domain/templateRules/registryParams';
import type { EditorAction, EditorState } from '../badge-editor/editorModel';
import { useErrorText } from '../badge-editor/fields';
import {
  ExpiryCard,
  languageName,
  ParametersCard,
  PublicSampleCard,
  TechnicalFieldsCard,
} from '../badge-editor/ParametersStep';

/**
 * Step 0 of the registry editor: the register (RNCP or RS), the form's single language (French by default), the
 * badge editor's expiry card (issue 28: validity and reminders, the same payload field) and, when the account has no
 * contract id, the certifier's client id and the contract id.
 */
export function RegistryParametersStep({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  const language = state.languages[0];
  const locked = state.lockedLanguages.length > 0;
  const idField = (field: 'idClientCertificateur' | 'idContrat', label: string) => {
    const error = state.errors[`params.${field}`];
    return (
      <TextField
        fullWidth
        label={label}
        required={state.clientIds === 'ask'}
        value={state.registry[field]}
        error={error !== undefined}
        helperText={error ? errorText(error, field) : undefined}
        onChange={(event) => dispatch({ type: 'setRegistry', values: { [field]: event.target.value } })}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ParametersCard title={translate('editor.parameters.registry_type')}>
        <RadioGroup
          aria-label={translate('editor.parameters.registry_type')}
          value={state.registry.type}
          onChange={(event) => dispatch({ type: 'setRegistry', values: { type: event.target.value as RegistryType } })}
        >
          {REGISTRY_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio />}
              label={translate(`editor.parameters.registry_types.${type}`)}
            />
          ))}
        </RadioGroup>
      </ParametersCard>
      <ParametersCard title={translate('editor.parameters.language')}>
        <Typography variant="body2" color="text.secondary">
          {translate('editor.parameters.registry_language_hint')}
        </Typography>
        <RadioGroup
          row
          aria-label={translate('editor.parameters.language')}
          value={language}
          onChange={(event) =>
            dispatch({ type: 'toggleLanguage', language: event.target.value as typeof language, checked: true })
          }
        >
          {BADGE_LANGUAGES.map((code) => (
            <FormControlLabel
              key={code}
              value={code}
              disabled={locked && code !== language}
              control={<Radio />}
              label={languageName(code, locale)}
            />
          ))}
        </RadioGroup>
        {locked && (
          <Alert severity="info" icon={<LockIcon fontSize="inherit" />}>
            {translate('editor.parameters.locked_info')}
          </Alert>
        )}
      </ParametersCard>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TechnicalFieldsCard state={state} dispatch={dispatch} />
        <PublicSampleCard state={state} dispatch={dispatch} />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ExpiryCard state={state} dispatch={dispatch} />
      </Box>
      {state.clientIds !== 'account' && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ParametersCard title={translate('editor.parameters.registry_account')}>
            <Typography variant="body2" color="text.secondary">
              {translate(
                state.clientIds === 'ask'
                  ? 'editor.parameters.registry_account_hint'
                  : 'editor.parameters.registry_account_unknown',
              )}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {idField('idClientCertificateur', translate('editor.parameters.idClientCertificateur'))}
              {idField('idContrat', translate('editor.parameters.idContrat'))}
            </Box>
          </ParametersCard>
        </Box>
      )}
    </Box>
  );
}
