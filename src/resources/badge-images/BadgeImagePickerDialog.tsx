import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { EXPORT_SIZE } from '../../../domain/badgeImage/model';
import type { BadgeImageRecord } from '../../dataProvider/badgeImages';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { LibraryControls, useBadgeLibrary } from './BadgeImageLibrary';
import { BadgeImageTiles } from './BadgeImageTiles';
import { toggleSelection, visibleImages, type LibrarySort } from './libraryState';

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
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const { data = [], isPending } = useBadgeLibrary();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<LibrarySort>('date');
  const [selection, setSelection] = useState<number[]>([]);
  const [rendering, setRendering] = useState(false);
  const images = visibleImages(data, filter, sort);

  async function add() {
    const chosen = data.find((image) => image.id === selection[0]);
    if (!chosen) return;
    setRendering(true);
    try {
      // the list carries no models: the chosen one's comes from the details call
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
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{translate('resources.badge-images.library_title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
          <LibraryControls
            filter={filter}
            onFilter={(text) => {
              setFilter(text);
              setSelection([]);
            }}
            sort={sort}
            onSort={setSort}
          />
        </Stack>
        {isPending ? (
          <Loading />
        ) : (
          <BadgeImageTiles
            images={images}
            selection={selection}
            onToggle={(id) => setSelection((current) => toggleSelection(current, id, true))}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.badge-images.actions.return')}</Button>
        <Button variant="contained" disabled={selection.length !== 1 || rendering} onClick={add}>
          {translate('resources.badge-images.actions.add_to_badge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
