import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type Dispatch } from 'react';
import { useTranslate } from 'react-admin';
import {
  allowedLayouts,
  CUSTOM_LAYOUT,
  STYLE_MINIMUMS,
  STYLE_PRESETS,
  validateStyle,
  type CStyle,
  type Layout,
} from '../../../../domain/templateRules/style';
import { DesignImageChooser } from './DesignImageChooser';
import type { EditorAction, EditorState } from './editorModel';
import { ImportStyleDialog } from './ImportStyleDialog';
import {
  FONT_STACKS,
  FONT_WEIGHTS,
  pickerColor,
  STYLE_BLOCKS,
  styleValue,
  typedNumber,
  withStyleValue,
  type StyleFieldKind,
} from './styleEditing';

/** A small drawing of a layout's arrangement, for its choice. */
function LayoutSketch({ layout }: { layout: Layout }) {
  const cell = { bgcolor: 'primary.main', opacity: 0.25, borderRadius: 0.5 } as const;
  const columns: Record<Layout, string> = {
    oneCol: '1fr',
    legacy: '1fr',
    threeCol: '1fr 2fr 1fr',
    CUSTOM_LAYOUT: '1fr',
  };
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: 56,
        height: 44,
        flex: 'none',
        p: 0.5,
        border: layout === 'legacy' ? '3px double' : 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'grid',
        gap: 0.5,
        gridTemplateRows: '8px 1fr',
        gridTemplateColumns: columns[layout],
      }}
    >
      <Box sx={{ ...cell, opacity: 0.6, gridColumn: '1 / -1' }} />
      {layout === 'threeCol' ? (
        <>
          <Box sx={cell} />
          <Box sx={cell} />
          <Box sx={cell} />
        </>
      ) : layout === 'CUSTOM_LAYOUT' ? (
        <Box sx={{ ...cell, borderRadius: '50%', width: 20, height: 20, justifySelf: 'center' }} />
      ) : (
        <Box sx={{ ...cell, width: layout === 'legacy' ? '70%' : '100%', justifySelf: 'center' }} />
      )}
    </Box>
  );
}

function LayoutTab({
  cstyle,
  layouts,
  onChange,
}: {
  cstyle: CStyle;
  layouts: Layout[];
  onChange: (c: CStyle) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <RadioGroup
        aria-label={translate('editor.design.layout')}
        value={cstyle.layout}
        onChange={(event) => onChange({ ...cstyle, layout: event.target.value as Layout })}
        sx={{ gap: 1 }}
      >
        {layouts.map((layout) => (
          <FormControlLabel
            key={layout}
            value={layout}
            control={<Radio />}
            sx={{
              m: 0,
              pr: 1.5,
              border: 1,
              borderRadius: 1,
              borderColor: cstyle.layout === layout ? 'primary.main' : 'divider',
            }}
            label={
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1 }}>
                <LayoutSketch layout={layout} />
                <Box>
                  <Typography variant="body2" fontWeight={600}>
                    {translate(`editor.design.layouts.${layout}.name`)}
                  </Typography>
                  <Typography variant="caption" component="p" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                    {translate(`editor.design.layouts.${layout}.description`)}
                  </Typography>
                </Box>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {cstyle.layout === CUSTOM_LAYOUT && <DesignImageChooser cstyle={cstyle} onChange={onChange} />}
    </>
  );
}

function StyleField({
  cstyle,
  path,
  kind,
  error,
  onChange,
}: {
  cstyle: CStyle;
  path: string;
  kind: StyleFieldKind;
  error?: string;
  onChange: (c: CStyle) => void;
}) {
  const translate = useTranslate();
  const value = styleValue(cstyle, path);
  const field = path.split('.').slice(1).join('_');
  const label = translate(`editor.design.fields.${field}`);
  const set = (next: string | number) => onChange(withStyleValue(cstyle, path, next));
  switch (kind) {
    case 'font': {
      const current = String(value ?? '');
      const stacks = FONT_STACKS.includes(current) ? FONT_STACKS : [current, ...FONT_STACKS];
      return (
        <TextField select size="small" fullWidth label={label} value={current} onChange={(e) => set(e.target.value)}>
          {stacks.map((stack) => (
            <MenuItem key={stack} value={stack} sx={{ fontFamily: stack }}>
              {stack.split(',')[0].replace(/'/g, '')}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'weight':
      return (
        <TextField
          select
          size="small"
          fullWidth
          label={label}
          value={String(value)}
          onChange={(e) => set(/^\d+$/.test(e.target.value) ? Number(e.target.value) : e.target.value)}
        >
          {FONT_WEIGHTS.map((weight) => (
            <MenuItem key={weight} value={String(weight)}>
              {typeof weight === 'number' ? weight : translate(`editor.design.weights.${weight}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'size': {
      const minimum = path === 'skill.border.width' ? STYLE_MINIMUMS.borderWidth : STYLE_MINIMUMS.fontSize;
      return (
        <TextField
          size="small"
          fullWidth
          type="number"
          label={label}
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          error={error !== undefined}
          helperText={error ? translate(`editor.errors.${error}`) : undefined}
          onChange={(e) => set(typedNumber(e.target.value))}
          slotProps={{
            htmlInput: { min: minimum, step: 1 },
            input: { endAdornment: <Typography variant="caption">px</Typography> },
          }}
        />
      );
    }
    case 'color':
      return (
        <TextField
          size="small"
          fullWidth
          label={label}
          value={String(value ?? '')}
          onChange={(e) => set(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <Box
                  component="input"
                  type="color"
                  value={pickerColor(value)}
                  aria-label={translate('editor.design.pick_color', { field: label })}
                  onChange={(e) => set((e.target as HTMLInputElement).value.toUpperCase())}
                  sx={{
                    width: 24,
                    height: 24,
                    flex: 'none',
                    p: 0,
                    mr: 1,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 0.5,
                    bgcolor: 'transparent',
                    cursor: 'pointer',
                    '&::-webkit-color-swatch-wrapper': { p: 0 },
                    '&::-webkit-color-swatch': { border: 'none', borderRadius: 0.5 },
                    '&::-moz-color-swatch': { border: 'none', borderRadius: 0.5 },
                  }}
                />
              ),
            },
          }}
        />
      );
  }
}

function StyleTab({
  state,
  onChange,
  issuerId,
}: {
  state: EditorState;
  onChange: (c: CStyle) => void;
  issuerId: number;
}) {
  const translate = useTranslate();
  const [importing, setImporting] = useState(false);
  const [open, setOpen] = useState<string | false>('root');
  const errors = validateStyle(state.cstyle, { hasCustomDesign: state.hasCustomDesign });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          {translate('editor.design.presets')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
          {STYLE_PRESETS.map((preset) => {
            const { style } = preset.cstyle;
            return (
              <Button
                key={preset.id}
                variant="outlined"
                color="inherit"
                // a preset sets the layout and the style; a chosen design image stays
                onClick={() =>
                  onChange({ ...(structuredClone(preset.cstyle) as CStyle), designImage: state.cstyle.designImage })
                }
                sx={{ flexDirection: 'column', gap: 0.5, py: 1, textTransform: 'none', borderColor: 'divider' }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    width: '100%',
                    height: 28,
                    borderRadius: 0.5,
                    background: `linear-gradient(to bottom, ${style.title.background} 0 45%, ${style.root.background} 45% 100%)`,
                    display: 'flex',
                    alignItems: 'flex-end',
                    justifyContent: 'center',
                    pb: 0.5,
                  }}
                >
                  <Box
                    sx={{
                      width: 18,
                      height: 6,
                      borderRadius: 1,
                      bgcolor: style.skill.background,
                      border: `1px solid ${style.skill.border.color}`,
                    }}
                  />
                </Box>
                <Typography variant="caption" sx={{ lineHeight: 1.2 }}>
                  {translate(`editor.design.preset_names.${preset.id}`)}
                </Typography>
              </Button>
            );
          })}
        </Box>
        <Button size="small" sx={{ mt: 1 }} onClick={() => setImporting(true)}>
          {translate('editor.design.import')}
        </Button>
      </Box>
      {errors.layout && <Alert severity="warning">{translate('editor.design.layout_not_allowed')}</Alert>}
      <Box>
        {STYLE_BLOCKS.map(({ block, fields }) => (
          <Accordion
            key={block}
            disableGutters
            variant="outlined"
            expanded={open === block}
            onChange={(_, expanded) => setOpen(expanded ? block : false)}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography variant="body2" fontWeight={600}>
                {translate(`editor.design.blocks.${block}`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
              {fields.map(({ path, kind }) => (
                <Box key={path} sx={{ gridColumn: kind === 'font' ? '1 / -1' : undefined }}>
                  <StyleField cstyle={state.cstyle} path={path} kind={kind} error={errors[path]} onChange={onChange} />
                </Box>
              ))}
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      <ImportStyleDialog
        open={importing}
        issuerId={issuerId}
        excludeId={state.id}
        onClose={() => setImporting(false)}
        onImport={(cstyle) => {
          setImporting(false);
          onChange(cstyle);
        }}
      />
    </Box>
  );
}

/** The summary's design editor (spec 001 section 2): tabs Layout and Style. */
export function DesignEditor({
  state,
  dispatch,
  issuerId,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  issuerId: number;
}) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'layout' | 'style'>('layout');
  const onChange = (cstyle: CStyle) => dispatch({ type: 'setStyle', cstyle });
  return (
    <Card variant="outlined" component="section" aria-label={translate('editor.design.title')}>
      <Tabs value={tab} onChange={(_, next: 'layout' | 'style') => setTab(next)} variant="fullWidth">
        <Tab value="layout" label={translate('editor.design.layout')} />
        <Tab value="style" label={translate('editor.design.style')} />
      </Tabs>
      <Box sx={{ p: 2 }} role="tabpanel">
        {tab === 'layout' ? (
          <LayoutTab cstyle={state.cstyle} layouts={allowedLayouts(state.hasCustomDesign)} onChange={onChange} />
        ) : (
          <StyleTab state={state} onChange={onChange} issuerId={issuerId} />
        )}
      </Box>
    </Card>
  );
}
