import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { preloadPositions, type createPreviewLoader, type Preview } from './previewCache';
import type { IndexedRow } from './rowsView';

type PreviewLoader = ReturnType<typeof createPreviewLoader>;

/**
 * A row rendered by the server as its certificate, in a sandboxed frame. ← and → (or the arrows) move
 * through the rows the table shows, Esc closes; the next 3 previews load ahead, the last 10 stay cached.
 */
export function RowPreviewDialog({
  rows,
  position,
  loader,
  onMove,
  onClose,
}: {
  rows: readonly IndexedRow[];
  /** the shown row's place in `rows`, null when closed */
  position: number | null;
  loader: PreviewLoader;
  onMove: (position: number) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  // the preview is kept with the row it shows: after a new file, row 1 is another person
  const [shown, setShown] = useState<{ row: IndexedRow; preview: Preview } | null>(null);
  const current = position === null ? undefined : rows[position];

  useEffect(() => {
    if (position === null || !current) return;
    let active = true;
    void loader.load(current.index, current.row).then((preview) => {
      if (active) setShown({ row: current, preview });
    });
    for (const next of preloadPositions(position, rows.length)) void loader.load(rows[next].index, rows[next].row);
    return () => {
      active = false;
    };
  }, [position, current, rows, loader]);

  const preview = shown && shown.row === current ? shown.preview : null;
  const canPrevious = position !== null && position > 0;
  const canNext = position !== null && position < rows.length - 1;
  const move = (step: number) => {
    if (position === null) return;
    const next = position + step;
    if (next >= 0 && next < rows.length) onMove(next);
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
  };
  const recipient = current
    ? [current.row.firstName, current.row.lastName].filter(Boolean).join(' ') || current.row.Email
    : '';

  return (
    <Dialog
      open={position !== null && current !== undefined}
      onClose={onClose}
      onKeyDown={keys}
      maxWidth="lg"
      fullWidth
      aria-labelledby="row-preview-title"
    >
      <DialogTitle id="row-preview-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {translate('publication.preview_title', { row: (current?.index ?? 0) + 1 })}
          {recipient && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1.5 }} noWrap>
              {recipient}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          {translate('publication.preview_position', { position: (position ?? 0) + 1, total: rows.length })}
        </Typography>
        <Tooltip title={translate('publication.previous_row')}>
          <span>
            <IconButton
              aria-label={translate('publication.previous_row')}
              disabled={!canPrevious}
              onClick={() => move(-1)}
            >
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('publication.next_row')}>
          <span>
            <IconButton aria-label={translate('publication.next_row')} disabled={!canNext} onClick={() => move(1)}>
              <ChevronRightIcon />
            </IconButton>
          </span>
        </Tooltip>
        <IconButton aria-label={translate('app.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, height: '70vh', display: 'grid', placeItems: 'center' }}>
        {preview === null ? (
          <CircularProgress aria-label={translate('app.loading')} />
        ) : preview.kind === 'html' ? (
          <Box
            component="iframe"
            sandbox=""
            srcDoc={preview.html}
            title={translate('publication.preview_frame', { row: (current?.index ?? 0) + 1 })}
            sx={{ border: 0, width: '100%', height: '100%', bgcolor: '#fff' }}
          />
        ) : (
          <Alert severity={preview.kind === 'unavailable' ? 'info' : 'error'} sx={{ m: 3 }}>
            {translate(
              preview.kind === 'unavailable' ? 'publication.preview_unavailable' : 'publication.preview_failed',
            )}
          </Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}
