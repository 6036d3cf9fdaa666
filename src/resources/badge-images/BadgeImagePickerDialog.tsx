import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ListBase, Loading, Pagination, useListContext, useNotify, useTranslate } from 'react-admin';
import { EXPORT_SIZE } from '../../../domain/badgeImage/model';
import type { BadgeImageRecord, BadgeImageSummary } from '../../dataProvider/badgeImages';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { LIBRARY_PAGE_SIZES, LibraryControls } from './BadgeImageLibrary';
import { BadgeImageTiles } from './BadgeImageTiles';
import { DEFAULT_LIBRARY_SORT, toggleSelection } from './libraryState';
import { badgeImageEditorPath } from './paths';

/**
 * The library as a selection dialog (spec 002 section 2.5): one tile at a time; "Add image to badge" renders the
 * chosen model to a 480x480 PNG and hands its name and image data back.
 */
export function BadgeImagePickerDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose(): void;
  onPick(image: { name: string; image: string }): void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{translate('resources.badge-images.library_title')}</DialogTitle>
      {/* the same list as the page, its filter and sort kept in memory (the page behind keeps its URL) */}
      <ListBase
        resource="badge-images"
        disableSyncWithLocation
        storeKey={false}
        perPage={LIBRARY_PAGE_SIZES[0]}
        sort={DEFAULT_LIBRARY_SORT}
      >
        <PickerContent onClose={onClose} onPick={onPick} />
      </ListBase>
    </Dialog>
  );
}

function PickerContent({ onClose, onPick }: { onClose(): void; onPick(image: { name: string; image: string }): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const { data = [], isPending } = useListContext<BadgeImageSummary>();
  const [selection, setSelection] = useState<number[]>([]);
  const [rendering, setRendering] = useState(false);

  async function add() {
    const chosen = data.find((image) => image.id === selection[0]);
    if (!chosen) return;
    setRendering(true);
    try {
      // the list carries no models: the chosen one's comes with the image itself
      const { data: full } = await dataProvider.getOne<BadgeImageRecord>('badge-images', { id: chosen.id });
      const image = await dataProvider.renderBadgeImage(full.model, EXPORT_SIZE);
      onPick({ name: chosen.name, image });
      setSelection([]);
    } catch {
      notify('app.error_generic', { type: 'error' });
    } finally {
      setRendering(false);
    }
  }

  return (
    <>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
          <LibraryControls onFilterChange={() => setSelection([])} />
        </Stack>
        {isPending ? (
          <Loading />
        ) : data.length === 0 ? (
          <Typography color="text.secondary">{translate('resources.badge-images.empty')}</Typography>
        ) : (
          <BadgeImageTiles
            images={data}
            selection={selection}
            onToggle={(id) => setSelection((current) => toggleSelection(current, id, true))}
          />
        )}
        <Pagination rowsPerPageOptions={LIBRARY_PAGE_SIZES} />
      </DialogContent>
      <DialogActions>
        {/* the designer in a new tab: the template being edited stays as it is, and the list reloads on return */}
        <Button href={badgeImageEditorPath()} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
          {translate('resources.badge-images.actions.design_new')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{translate('resources.badge-images.actions.return')}</Button>
        <Button variant="contained" disabled={selection.length !== 1 || rendering} onClick={add}>
          {translate('resources.badge-images.actions.add_to_badge')}
        </Button>
      </DialogActions>
    </>
  );
}
