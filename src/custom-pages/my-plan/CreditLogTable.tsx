import {
  Card,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { CreditsResponse } from '../../../domain/publication';
import { campaignReportPath } from '../../resources/certificates/paths';
import { creditLog } from './myPlanModel';

/** The credit log (spec 000 section 2.14): date, operation and credits, newest first. */
export function CreditLogTable({ operations }: { operations: CreditsResponse['operations'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rows = creditLog(operations);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });

  if (rows.length === 0) {
    return (
      <Card variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{translate('myplan.credits.empty')}</Typography>
      </Card>
    );
  }
  return (
    <TableContainer component={Card} variant="outlined" sx={{ maxHeight: 440 }}>
      <Table stickyHeader size="small" aria-label={translate('myplan.credits.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('myplan.credits.date')}</TableCell>
            <TableCell>{translate('myplan.credits.operation')}</TableCell>
            <TableCell align="right">{translate('myplan.credits.credits')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${row.date}-${index}`}>
              <TableCell>{dateTime.format(new Date(row.date))}</TableCell>
              <TableCell>
                {row.campaignId !== null ? (
                  <Link component={RouterLink} to={campaignReportPath(row.campaignId)}>
                    {translate('myplan.credits.publication', { id: row.campaignId })}
                  </Link>
                ) : (
                  translate(`myplan.credits.${row.kind}`)
                )}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: 600, color: row.credits > 0 ? 'success.main' : 'text.primary' }}
              >
                {signed.format(row.credits)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
