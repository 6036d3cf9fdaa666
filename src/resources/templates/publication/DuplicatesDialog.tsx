import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  TextField,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { DuplicateBehavior, DuplicateRecipient, DuplicatesReport } from '../../../../domain/duplicates';
import { certificatesAfterChoice, DUPLICATES_SHOWN, renewedCount, REPLACE_REASON_MAX } from './duplicateChoice';
import { closeWithoutBackdrop } from '../../../components/closeWithoutBackdrop';

const NO_PAST_RENEWALS: NonNullable<DuplicatesReport['pastRenewals']> = { count: 0, duplicates: [] };

/** While the server looks the rows' recipients up: nothing can be done but wait (as while publishing). */
export function CheckingDuplicatesDialog() {
  const translate = useTranslate();
  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="duplicates-checking-title">
      <DialogTitle id="duplicates-checking-title">{translate('publication.duplicates.checking')}</DialogTitle>
      <DialogContent>
        <LinearProgress aria-label={translate('publication.duplicates.checking')} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Before the check word, when recipients already hold a valid certificate of the template (issue 28): how many,
 * the first of them, and the choice to leave them out (the default, not charged), issue them again, or replace the
 * certificates they hold (not for an NFT template), with a required reason shown on the old certificates' pages,
 * or renew them (not when a renewed row's own ExpirationDate is not after today: those rows are listed instead).
 * Escape or Cancel leaves the publish; Continue goes on to the controls with the certificates the choice issues.
 */
export function DuplicatesDialog({
  report,
  replaceOffered,
  renewOffered = false,
  onChoose,
  onClose,
}: {
  report: DuplicatesReport;
  /** false for an NFT template, whose certificates are never replaced */
  replaceOffered: boolean;
  /**
   * the fourth choice, renew (issue 28): when the template has a validity or the file ExpirationDate (never for an
   * NFT template); the recipients holding an expired certificate count then
   */
  renewOffered?: boolean;
  onChoose: (behavior: DuplicateBehavior, reason: string) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const everyone = report.count >= report.recipients;
  const renewable = renewOffered ? renewedCount(report) : 0;
  // only expired certificates to renew: nobody to leave out, renewing is what the question is about
  const initial: DuplicateBehavior = report.count === 0 && renewable > 0 ? 'renew' : everyone ? 'allow' : 'skip';
  const [behavior, setBehavior] = useState<DuplicateBehavior>(initial);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reasonMissing = behavior === 'replace' && reason.trim() === '';
  // renewed rows whose ExpirationDate is not after today: the server would refuse the renewal (ERR_VALID_UNTIL_PAST)
  const pastRenewals = renewOffered ? (report.pastRenewals ?? NO_PAST_RENEWALS) : NO_PAST_RENEWALS;
  const renewRefused = behavior === 'renew' && pastRenewals.count > 0;
  const choose = () => {
    setTried(true);
    if (!reasonMissing && !renewRefused) onChoose(behavior, reason);
  };
  // on a phone the rows listed fall below the choices: brought into view when renew is chosen
  const pastAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (renewRefused) pastAlert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [renewRefused]);
  return (
    <Dialog open onClose={closeWithoutBackdrop(onClose)} maxWidth="sm" fullWidth aria-labelledby="duplicates-title">
      <DialogTitle id="duplicates-title">{translate('publication.duplicates.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>
          {translate('publication.duplicates.body', { count: report.count, recipients: report.recipients })}
          {renewable > report.count && ` ${translate('publication.duplicates.renewable', { count: renewable })}`}
        </DialogContentText>
        <Typography variant="subtitle2" component="h3" id="duplicates-list-title">
          {translate('publication.duplicates.list_title')}
        </Typography>
        <DuplicateRows
          duplicates={report.duplicates}
          count={report.count}
          aria-labelledby="duplicates-list-title"
          sx={{ mt: 0.5, mb: 2, fontSize: '0.875rem' }}
        />
        <FormControl>
          <FormLabel id="duplicates-choice-label">{translate('publication.duplicates.choice')}</FormLabel>
          <RadioGroup
            aria-labelledby="duplicates-choice-label"
            value={behavior}
            onChange={(event) => setBehavior(event.target.value as DuplicateBehavior)}
          >
            <FormControlLabel
              value="skip"
              disabled={everyone}
              control={<Radio autoFocus={initial === 'skip'} />}
              label={
                everyone
                  ? translate('publication.duplicates.skip_none')
                  : translate('publication.duplicates.skip', {
                      count: certificatesAfterChoice(report.recipients, report, 'skip'),
                    })
              }
            />
            <FormControlLabel
              value="allow"
              control={<Radio autoFocus={initial === 'allow'} />}
              label={translate('publication.duplicates.allow', {
                count: certificatesAfterChoice(report.recipients, report, 'allow'),
              })}
            />
            {replaceOffered && (
              <FormControlLabel
                value="replace"
                control={<Radio />}
                label={translate('publication.duplicates.replace', {
                  count: certificatesAfterChoice(report.recipients, report, 'replace'),
                })}
              />
            )}
            {renewOffered && renewable > 0 && (
              <FormControlLabel
                value="renew"
                control={<Radio autoFocus={initial === 'renew'} />}
                label={translate('publication.duplicates.renew', {
                  count: certificatesAfterChoice(report.recipients, report, 'renew'),
                  renewed: renewable,
                })}
              />
            )}
          </RadioGroup>
        </FormControl>
        {renewRefused && (
          <Alert severity="error" sx={{ mt: 1.5 }} role="alert" ref={pastAlert}>
            {translate('publication.duplicates.past_renewals', { count: pastRenewals.count })}
            <DuplicateRows duplicates={pastRenewals.duplicates} count={pastRenewals.count} sx={{ m: 0, mt: 0.5 }} />
          </Alert>
        )}
        {behavior === 'replace' && (
          <TextField
            fullWidth
            multiline
            minRows={2}
            required
            label={translate('publication.duplicates.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, REPLACE_REASON_MAX))}
            error={tried && reasonMissing}
            helperText={translate('publication.duplicates.reason_help', {
              length: reason.length,
              max: REPLACE_REASON_MAX,
            })}
            slotProps={{ htmlInput: { maxLength: REPLACE_REASON_MAX } }}
            sx={{ mt: 1.5 }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          {translate('app.cancel')}
        </Button>
        <Button variant="contained" onClick={choose} disabled={renewRefused}>
          {translate('publication.duplicates.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The rows of recipients listed (the first DUPLICATES_SHOWN: "Row 2: R-1"), then how many more of `count` there are.
 */
function DuplicateRows({
  duplicates,
  count,
  sx,
  'aria-labelledby': labelledBy,
}: {
  duplicates: readonly DuplicateRecipient[];
  count: number;
  sx: SxProps<Theme>;
  'aria-labelledby'?: string;
}) {
  const translate = useTranslate();
  const shown = duplicates.slice(0, DUPLICATES_SHOWN);
  const hidden = count - shown.length;
  return (
    <Box component="ul" aria-labelledby={labelledBy} sx={[{ pl: 2.5, overflowWrap: 'anywhere' }, sx].flat()}>
      {shown.map((duplicate) => (
        <li key={`${duplicate.row}:${duplicate.recipient}`}>
          {translate('publication.duplicates.row', { row: duplicate.row, recipient: duplicate.recipient })}
        </li>
      ))}
      {hidden > 0 && <li>{translate('publication.more', { count: hidden })}</li>}
    </Box>
  );
}
