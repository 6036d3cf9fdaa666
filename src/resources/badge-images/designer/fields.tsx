import { Box, FormControlLabel, MenuItem, Slider, Stack, Switch, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Range } from '../../../../domain/badgeImage/model';

/** A slider with its number, within the field's range and step. */
export function SliderField({
  label,
  value,
  range,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  range: Range;
  onChange(value: number): void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const text = translate(label);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" id={`${label}-label`} color={disabled ? 'text.disabled' : undefined}>
          {text}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {Math.round(value * 100) / 100}
        </Typography>
      </Stack>
      <Slider
        size="small"
        value={value}
        min={range.min}
        max={range.max}
        step={range.step}
        disabled={disabled}
        onChange={(_, next) => onChange(next as number)}
        slotProps={{ input: { 'aria-label': text } }}
      />
    </Box>
  );
}

/** A colour as #RRGGBBAA: the picker chooses the colour, the slider its opacity; the palette offers colours in use. */
export function ColorField({
  label,
  value,
  onChange,
  palette,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  palette: string[];
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rgb = value.slice(0, 7);
  const alpha = value.length === 9 ? value.slice(7) : 'FF';
  return (
    <Box>
      <Typography variant="caption">{translate(label)}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          component="input"
          type="color"
          aria-label={translate(label)}
          value={rgb.toLowerCase()}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
            onChange(`${event.target.value.toUpperCase()}${alpha}`)
          }
          sx={{ width: 36, height: 28, p: 0, border: 'none', bgcolor: 'transparent', cursor: 'pointer', flexShrink: 0 }}
        />
        {/* the slider beside the colour is its opacity: said in words, with its value, like every other slider */}
        <Typography variant="caption" color="text.secondary" aria-hidden>
          {translate('designer.fields.opacity')}
        </Typography>
        <Slider
          size="small"
          value={parseInt(alpha, 16)}
          min={0}
          max={255}
          onChange={(_, next) => onChange(`${rgb}${(next as number).toString(16).padStart(2, '0').toUpperCase()}`)}
          slotProps={{ input: { 'aria-label': translate('designer.fields.opacity') } }}
        />
        <Typography variant="caption" sx={{ minWidth: 40, pr: 0.5, textAlign: 'right', flexShrink: 0 }}>
          {new Intl.NumberFormat(locale, { style: 'percent' }).format(parseInt(alpha, 16) / 255)}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
        {palette.map((color) => (
          <Box
            key={color}
            component="button"
            type="button"
            title={color}
            aria-label={translate('designer.use_color', { color })}
            onClick={() => onChange(color)}
            sx={{
              width: 18,
              height: 18,
              p: 0,
              borderRadius: '50%',
              border: '1px solid',
              borderColor: 'divider',
              // the colour in use is ringed
              outline: color === value ? '2px solid' : 'none',
              outlineColor: 'primary.main',
              outlineOffset: 1,
              bgcolor: color.slice(0, 7),
              cursor: 'pointer',
            }}
          />
        ))}
      </Stack>
    </Box>
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel(option: T): string;
  onChange(value: T): void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={translate(label)}
      value={value}
      onChange={(event) => onChange(options.find((o) => String(o) === event.target.value) ?? value)}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  const translate = useTranslate();
  return (
    <FormControlLabel
      control={<Switch size="small" checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={<Typography variant="body2">{translate(label)}</Typography>}
    />
  );
}
