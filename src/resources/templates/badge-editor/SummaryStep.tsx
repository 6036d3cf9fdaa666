import { Box, Card, Chip, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState, type Dispatch } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { NFT_NETWORK } from '../../../../domain/templates';
import { CredentialPreview } from './CredentialPreview';
import { DesignEditor } from './DesignEditor';
import type { EditorAction, EditorState } from './editorModel';
import { languageName } from './ParametersStep';

/** The summary: what was chosen, the design editor beside the live preview, which switches language. */
export function SummaryStep({
  state,
  dispatch,
  issuerId,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  issuerId: number;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [chosen, setChosen] = useState<string>(state.defaultLanguage);
  const language = (state.languages as string[]).includes(chosen) ? chosen : state.defaultLanguage;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={translate(`templates.types.${state.type}`)} />
        {state.family === 'registry' && <Chip size="small" label={state.registry.type} />}
        <Chip
          size="small"
          label={
            state.isNft
              ? translate('editor.parameters.nft', { network: NFT_NETWORK })
              : translate('editor.parameters.classic')
          }
        />
        {state.languages.map((code) => (
          <Chip
            key={code}
            size="small"
            variant="outlined"
            label={
              code === state.defaultLanguage
                ? translate('editor.summary.default', { language: languageName(code, locale) })
                : languageName(code, locale)
            }
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', flexDirection: { xs: 'column', lg: 'row' } }}>
        <Box sx={{ width: { xs: '100%', lg: 360 }, flex: 'none' }}>
          <DesignEditor state={state} dispatch={dispatch} issuerId={issuerId} />
        </Box>
        <Card
          variant="outlined"
          component="section"
          aria-labelledby="live-preview-title"
          sx={{ flex: 1, minWidth: 0, width: '100%', p: 2 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Typography id="live-preview-title" variant="h6" component="h3" sx={{ flexGrow: 1 }}>
              {translate('editor.preview.title')}
            </Typography>
            {state.languages.length > 1 && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={language}
                onChange={(_, next: string | null) => next && setChosen(next)}
                aria-label={translate('editor.preview.language')}
              >
                {state.languages.map((code) => (
                  <ToggleButton key={code} value={code} lang={code}>
                    {languageName(code, code)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          </Box>
          <CredentialPreview state={state} language={language} />
        </Card>
      </Box>
    </Box>
  );
}
