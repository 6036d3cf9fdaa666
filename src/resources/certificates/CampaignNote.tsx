import { Box, Button, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { REPORT_NOTE_MAX_LENGTH } from '../../../domain/reports';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

/**
 * A campaign's note (spec 002 sections 2.1 and 5): at most 60 characters; saving an empty text deletes it.
 * Readers see the note and cannot change it. The parent keys it by the stored note, so a reload starts it afresh.
 */
export function CampaignNote({
  campaignId,
  notes,
  editable,
  onSaved,
}: {
  campaignId: number;
  notes: string;
  editable: boolean;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const [text, setText] = useState(notes);
  const [saved, setSaved] = useState(notes);
  const [pending, setPending] = useState(false);
  if (!editable)
    return notes ? (
      <Typography variant="body2" color="text.secondary" data-testid="campaign-note">
        {translate('reports.note.label')}: {notes}
      </Typography>
    ) : null;

  const changed = text.trim() !== saved.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    setPending(true);
    try {
      await dataProvider.saveCampaignNote(campaignId, text);
      notify(text.trim() === '' ? 'reports.note.deleted' : 'reports.note.saved', { type: 'success' });
      setSaved(text.trim());
      onSaved();
    } catch {
      notify('reports.note.failed', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 520 }}>
      <TextField
        size="small"
        fullWidth
        label={translate('reports.note.label')}
        placeholder={translate('reports.note.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value.slice(0, REPORT_NOTE_MAX_LENGTH))}
        helperText={`${text.length}/${REPORT_NOTE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX_LENGTH } }}
      />
      <Button type="submit" variant="outlined" disabled={!changed || pending} sx={{ mt: 0.25, flexShrink: 0 }}>
        {saved !== '' && text.trim() === '' ? translate('reports.note.delete') : translate('reports.note.save')}
      </Button>
    </Box>
  );
}
