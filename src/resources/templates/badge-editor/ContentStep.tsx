import { Box, Card, CardContent, Typography } from '@mui/material';
import type { Dispatch } from 'react';
import { useTranslate } from 'react-admin';
import type { LogoKind } from '../../../../domain/templateRules/images';
import type { EditorAction, EditorState } from './editorModel';
import { ContentField } from './fields';
import { CAPTION_DEFAULTS, type FieldSection } from './fieldLayout';
import { usePageTexts } from './pageTexts';

/** One language's data step: the content elements by section, each with its limit, rules and errors. */
export function ContentStep({
  state,
  dispatch,
  language,
  sections,
  badgeLogoKind = 'badgeLogo',
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  language: string;
  sections: FieldSection[];
  badgeLogoKind?: LogoKind;
}) {
  const translate = useTranslate();
  const pageTexts = usePageTexts(language);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {sections.map((section) => (
        <Card key={section.id} variant="outlined" component="section" aria-labelledby={`section-${section.id}`}>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <Typography id={`section-${section.id}`} variant="h6" component="h3">
              {translate(`editor.sections.${section.id}`)}
            </Typography>
            {section.rows.map((row) => (
              <Box
                key={row.map((spec) => spec.field).join('+')}
                sx={{
                  display: 'grid',
                  gap: 2,
                  alignItems: 'start',
                  gridTemplateColumns: {
                    xs: '1fr',
                    md:
                      row.length === 2
                        ? '1fr 1fr'
                        : row[0].kind === 'caption' || row[0].field === 'label'
                          ? '1fr 1fr'
                          : '1fr',
                  },
                }}
              >
                {row.map((spec) => {
                  const captionKey = CAPTION_DEFAULTS[spec.field];
                  return (
                    <ContentField
                      key={spec.field}
                      state={state}
                      dispatch={dispatch}
                      language={language}
                      spec={spec}
                      defaultCaption={captionKey && pageTexts ? pageTexts(captionKey) : undefined}
                      logoKind={spec.field === 'badge_logo' ? badgeLogoKind : undefined}
                    />
                  );
                })}
              </Box>
            ))}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
