import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import { Box, IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatLocalDate, localDatePlaceholder, parseLocalDate } from '../../domain/localDate';

/**
 * A date typed in the interface language's format (jj/mm/aaaa on a French screen, whatever the browser's language),
 * with a calendar button that opens the browser's own picker. `value` and `onChange` speak ISO dates (yyyy-mm-dd,
 * '' when empty); a text that is not a date yet is kept and named as an error, and changes nothing.
 */
export function LocalDateField(props: {
  label: string;
  value: string;
  onChange: (isoDate: string) => void;
  min?: string;
  max?: string;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { label, value, onChange, min, max } = props;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [text, setText] = useState(() => formatLocalDate(value, locale));
  const picker = useRef<HTMLInputElement>(null);
  // a value set from outside (a shortcut, a reset, the language) is shown; one the text already says is left as typed
  useEffect(() => {
    setText((typed) => (parseLocalDate(typed, locale) === value ? typed : formatLocalDate(value, locale)));
  }, [value, locale]);
  // named once the reader leaves the field, not at every keystroke of a date being typed
  const [typing, setTyping] = useState(false);
  const invalid = !typing && parseLocalDate(text, locale) === null;
  const format = localDatePlaceholder(locale, {
    day: translate('app.date.letters.day'),
    month: translate('app.date.letters.month'),
    year: translate('app.date.letters.year'),
  });
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      placeholder={format}
      autoFocus={props.autoFocus}
      onFocus={() => setTyping(true)}
      onBlur={() => setTyping(false)}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parseLocalDate(event.target.value, locale);
        if (parsed !== null && parsed !== value) onChange(parsed);
      }}
      error={invalid || props.error}
      helperText={invalid ? translate('app.date.invalid', { format }) : props.helperText}
      sx={{ bgcolor: 'background.paper', ...props.sx }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', size: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Box sx={{ position: 'relative', display: 'flex' }}>
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={translate('app.date.calendar')}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarIcon fontSize="small" />
                </IconButton>
                {/* the browser's picker, anchored under the button; only the button is seen and reached */}
                <input
                  ref={picker}
                  type="date"
                  tabIndex={-1}
                  aria-hidden
                  value={value}
                  min={min}
                  max={max}
                  onChange={(event) => onChange(event.target.value)}
                  style={{ position: 'absolute', inset: 0, opacity: 0, pointerEvents: 'none', width: '100%' }}
                />
              </Box>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
