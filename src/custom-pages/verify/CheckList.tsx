import PassIcon from '@mui/icons-material/CheckCircle';
import FailIcon from '@mui/icons-material/Cancel';
import UnknownIcon from '@mui/icons-material/HelpOutline';
import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { VerificationCheck, VerificationReport, Verdict } from '../../../domain/credentialVerification';

const ICONS: Record<Verdict, typeof PassIcon> = { pass: PassIcon, fail: FailIcon, unknown: UnknownIcon };
const COLORS: Record<Verdict, 'success' | 'error' | 'warning'> = {
  pass: 'success',
  fail: 'error',
  unknown: 'warning',
};

/** A date of the credential in the reader's language; the text as written when it is not a date. */
export function readableDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' });
}

/** Each check of the report, with its verdict in plain words and, for a failure, what failed. */
export function CheckList({ report }: { report: VerificationReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const sentence = (check: VerificationCheck) =>
    translate(`verify.checks.${check.check}.${check.code}`, {
      issuer: report.credential.issuer.name ?? report.credential.issuer.id ?? '',
      date: readableDate(check.details[0], locale),
    });
  return (
    <List aria-label={translate('verify.checks_label')} disablePadding>
      {report.checks.map((check) => {
        const Icon = ICONS[check.verdict];
        const showDetails = check.verdict === 'fail' && check.check !== 'dates' && check.details.length > 0;
        return (
          <ListItem key={check.check} alignItems="flex-start" disableGutters data-verdict={check.verdict}>
            <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
              <Icon color={COLORS[check.verdict]} titleAccess={translate(`verify.verdict.${check.verdict}`)} />
            </ListItemIcon>
            <ListItemText
              primary={translate(`verify.checks.${check.check}.title`)}
              secondary={
                <>
                  <Typography component="span" variant="body2" display="block">
                    {sentence(check)}
                  </Typography>
                  {showDetails && (
                    <Box
                      component="span"
                      sx={{ display: 'block', mt: 0.5, fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}
                    >
                      {check.details.join(' · ')}
                    </Box>
                  )}
                </>
              }
              slotProps={{ primary: { fontWeight: 600 } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
