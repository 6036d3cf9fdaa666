import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import SortIcon from '@mui/icons-material/Sort';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Loading, Title, useGetList, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { cloneName } from '../../../domain/badgeImage/model';
import type { BadgeImageRecord, BadgeImageSummary } from '../../dataProvider/badgeImages';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { BadgeImageTiles } from './BadgeImageTiles';
import { nextSort, toggleSelection, visibleImages, type LibrarySort } from './libraryState';
import { badgeImageEditorPath } from './paths';

/** Every image of the library at once (names and dates): the page filters and sorts them itself (spec 002 section 2.5). */
export function useBadgeLibrary() {
  return useGetList<BadgeImageSummary>('badge-images', {
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: 'id', order: 'ASC' },
  });
}

/** The filter and sort controls shared by the page and the dialog. */
export function LibraryControls({
  filter,
  onFilter,
  sort,
  onSort,
}: {
  filter: string;
  onFilter(text: string): void;
  sort: LibrarySort;
  onSort(sort: LibrarySort): void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Button startIcon={<SortIcon />} onClick={() => onSort(nextSort(sort))}>
        {translate(`resources.badge-images.sort.${sort}`)}
      </Button>
      <TextField
        size="small"
        label={translate('resources.badge-images.filter')}
        value={filter}
        onChange={(event) => onFilter(event.target.value)}
      />
    </>
  );
}

export function BadgeImageLibrary() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const { data = [], isPending } = useBadgeLibrary();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<LibrarySort>('date');
  const [selection, setSelection] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const images = visibleImages(data, filter, sort);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['badge-images'] });

  async function deleteSelected() {
    setBusy(true);
    try {
      await dataProvider.deleteMany('badge-images', { ids: selection });
      notify('resources.badge-images.notifications.deleted', { messageArgs: { count: selection.length } });
      setSelection([]);
      await refresh();
    } catch {
      notify('app.error_generic', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  async function cloneSelected() {
    const original = data.find((image) => image.id === selection[0]);
    if (!original) return;
    setBusy(true);
    try {
      const name = cloneName(original.name, translate('resources.badge-images.copy_suffix'));
      // the list carries no models: the original's comes from the details call
      const { data: full } = await dataProvider.getOne<BadgeImageRecord>('badge-images', { id: original.id });
      await dataProvider.create('badge-images', { data: { name, model: full.model } });
      notify('resources.badge-images.notifications.cloned', { messageArgs: { name } });
      setSelection([]);
      await refresh();
    } catch {
      notify('app.error_generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('resources.badge-images.name', { smart_count: 2 })} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('resources.badge-images.library_title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
          {translate('resources.badge-images.actions.return')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(badgeImageEditorPath())}>
          {translate('ra.action.create')}
        </Button>
        <LibraryControls
          filter={filter}
          onFilter={(text) => {
            setFilter(text);
            setSelection([]);
          }}
          sort={sort}
          onSort={setSort}
        />
        {selection.length > 0 ? (
          <Button color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setConfirming(true)}>
            {translate('ra.action.delete')}
          </Button>
        ) : null}
        {selection.length === 1 ? (
          <Button startIcon={<ContentCopyIcon />} disabled={busy} onClick={cloneSelected}>
            {translate('ra.action.clone')}
          </Button>
        ) : null}
      </Stack>
      {isPending ? (
        <Loading />
      ) : images.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.badge-images.empty')}</Typography>
      ) : (
        <BadgeImageTiles
          images={images}
          selection={selection}
          onToggle={(id) => setSelection((current) => toggleSelection(current, id, false))}
          onEdit={(id) => navigate(badgeImageEditorPath(id))}
        />
      )}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="resources.badge-images.delete_title"
        content="resources.badge-images.delete_body"
        translateOptions={{ count: selection.length }}
        confirm="ra.action.delete"
        cancel="ra.action.cancel"
        onConfirm={deleteSelected}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
