import { TextField, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TOTP_DIGITS } from '../../domain/totpFormat';

/** The 6-digit code input of the second factor: digits only, one-time-code autofill, wide spacing. */
export function TotpCodeField(props: {
  value: string;
  onChange: (code: string) => void;
  describedBy?: string;
  size?: 'large' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const large = props.size === 'large';
  return (
    <TextField
      autoFocus
      fullWidth={large}
      label={translate('totp.code')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS))}
      sx={props.sx}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: TOTP_DIGITS,
          'aria-describedby': props.describedBy,
          style: {
            fontSize: large ? 28 : 22,
            letterSpacing: large ? '0.5em' : '0.4em',
            textAlign: large ? 'center' : undefined,
            fontVariantNumeric: 'tabular-nums',
          },
        },
      }}
    />
  );
}
