import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { CORRECTION_ANSWER_MAX_LENGTH } from '../../../domain/correctionRequests';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { columnLabelKey } from './certificateLabels';

/**
 * A recipient's correction request (issue 28), opened from its certificate's row in the report: what they asked
 * (each field from → to) and their message; the issuer approves (a corrected re-issue of that certificate, mailed
 * to the recipient) or refuses with a message (required: it is mailed to the recipient).
 */
export function CorrectionRequestDialog({
  requestId,
  name,
  onClose,
}: {
  requestId: number;
  name: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [refusing, setRefusing] = useState(false);
  const request = useQuery({
    queryKey: ['correctionRequest', requestId],
    queryFn: () => dataProvider.getCorrectionRequest(requestId),
  });
  const answer = useMutation({
    mutationFn: (approve: boolean) =>
      dataProvider.answerCorrectionRequest(
        requestId,
        approve ? { approve: true, message: message.trim() || undefined } : { approve: false, message: message.trim() },
      ),
    onSuccess: async (answered) => {
      notify(answered.status === 'approved' ? 'reports.correction.approved' : 'reports.correction.refused', {
        type: 'info',
      });
      await queryClient.invalidateQueries();
      onClose();
    },
  });
  const label = (field: string) => translate(columnLabelKey(field), { _: field });
  const tooLong = message.trim().length > CORRECTION_ANSWER_MAX_LENGTH;
  const refusalEmpty = refusing && message.trim() === '';
  const pending = request.data?.status === 'pending';
  return (
    <Dialog open onClose={onClose} aria-labelledby="correction-title" fullWidth maxWidth="sm">
      <DialogTitle id="correction-title">{translate('reports.correction.title', { name })}</DialogTitle>
      <DialogContent>
        {request.isError && <Alert severity="error">{translate('reports.correction.load_failed')}</Alert>}
        {request.data && (
          <>
            <Table
              size="small"
              aria-label={translate('reports.correction.changes')}
              // a phone's narrow dialog: less padding, so that a name fits on its line rather than breaking mid-word
              sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{translate('reports.correction.field')}</TableCell>
                  <TableCell>{translate('reports.correction.from')}</TableCell>
                  <TableCell>{translate('reports.correction.to')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(request.data.changes).map(([field, change]) => (
                  <TableRow key={field}>
                    <TableCell>{label(field)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{change.from}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{change.to}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <DialogContentText sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
              {request.data.message
                ? translate('reports.correction.message', { message: request.data.message })
                : translate('reports.correction.no_message')}
            </DialogContentText>
            {!pending && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {translate(`reports.correction.status_${request.data.status}`)}
              </Alert>
            )}
            {pending && (
              <>
                <DialogContentText sx={{ mt: 2 }}>{translate('reports.correction.approve_help')}</DialogContentText>
                <TextField
                  label={translate('reports.correction.answer')}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  multiline
                  minRows={2}
                  fullWidth
                  margin="normal"
                  error={tooLong || refusalEmpty}
                  helperText={translate(
                    refusalEmpty ? 'reports.correction.answer_required' : 'reports.correction.answer_help',
                  )}
                />
              </>
            )}
            {answer.isError && <Alert severity="error">{translate('reports.correction.failed')}</Alert>}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{translate('reports.correction.close')}</Button>
        {pending && (
          <>
            <Button
              color="error"
              disabled={answer.isPending || tooLong}
              onClick={() => {
                setRefusing(true);
                if (message.trim() !== '') answer.mutate(false);
              }}
            >
              {translate('reports.correction.refuse')}
            </Button>
            <Button variant="contained" disabled={answer.isPending || tooLong} onClick={() => answer.mutate(true)}>
              {translate('reports.correction.approve')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
