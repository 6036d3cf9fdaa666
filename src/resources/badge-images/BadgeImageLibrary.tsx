import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import SortIcon from '@mui/icons-material/Sort';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  Confirm,
  List,
  Loading,
  Pagination,
  useCreate,
  useDeleteMany,
  useListContext,
  useNotify,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { cloneName } from '../../../domain/badgeImage/model';
import type { BadgeImageRecord, BadgeImageSummary } from '../../dataProvider/badgeImages';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { BadgeImageTiles } from './BadgeImageTiles';
import { DEFAULT_LIBRARY_SORT, librarySort, listSort, nextSort } from './libraryState';
import { badgeImageEditorPath } from './paths';

/** How long typing pauses before the filter is asked of the server. */
const FILTER_PAUSE_MS = 300;

/** Tiles per page; a wide screen shows about eight a row. */
export const LIBRARY_PAGE_SIZES = [24, 48, 96];

/**
 * The filter text box and the sort button, on the list's own state (in the URL on the page, in memory in the dialog):
 * the server filters and sorts (GET /api/badge-images). Changing the filter empties the selection (spec 002 section 4).
 */
export function LibraryControls({ onFilterChange }: { onFilterChange?: () => void }) {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters, sort, setSort } = useListContext<BadgeImageSummary>();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  // the list's filter can change without typing (the back button, a shared link): the box follows it
  const shown = useRef(current);
  useEffect(() => {
    if (current !== shown.current) setText(current);
    shown.current = current;
  }, [current]);
  // Typing is applied after a pause, through the list's state as it is then: react-admin's own debounce would apply
  // it to the state of the keystroke, undoing a sort or page chosen meanwhile.
  const applyFilter = (value: string) => {
    const { q: _q, ...others } = filterValues;
    setFilters(value ? { ...others, q: value } : others, displayedFilters);
  };
  const latestApply = useRef(applyFilter);
  useEffect(() => {
    latestApply.current = applyFilter;
  });
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const step = librarySort(sort);
  return (
    <>
      <Button
        startIcon={<SortIcon />}
        onClick={() => {
          // typing not yet shown by the list goes with the sort, in the same change of the list's state
          if (text.trim() !== current) {
            clearTimeout(pending.current);
            applyFilter(text.trim());
          }
          setSort(listSort(nextSort(step)));
        }}
      >
        {translate(`resources.badge-images.sort.${step}`)}
      </Button>
      <TextField
        size="small"
        label={translate('resources.badge-images.filter')}
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          shown.current = value.trim();
          clearTimeout(pending.current);
          pending.current = setTimeout(() => latestApply.current(value.trim()), FILTER_PAUSE_MS);
          onFilterChange?.();
        }}
      />
    </>
  );
}

/** The badge image library page (spec 002 section 2.5): a react-admin list of tiles, its state in the URL. */
export function BadgeImageLibrary() {
  const translate = useTranslate();
  return (
    <List
      resource="badge-images"
      title={translate('resources.badge-images.name', { smart_count: 2 })}
      actions={false}
      empty={false}
      perPage={LIBRARY_PAGE_SIZES[1]}
      sort={DEFAULT_LIBRARY_SORT}
      pagination={<Pagination rowsPerPageOptions={LIBRARY_PAGE_SIZES} />}
      // tiles on the page itself, not inside a card
      component="div"
    >
      <LibraryPage />
    </List>
  );
}

function LibraryPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const {
    data = [],
    isPending,
    selectedIds,
    onToggleItem,
    onUnselectItems,
    refetch,
  } = useListContext<BadgeImageSummary>();
  const [deleteMany, { isPending: deleting }] = useDeleteMany<BadgeImageSummary>();
  const [create] = useCreate<BadgeImageRecord>();
  const [confirming, setConfirming] = useState(false);
  const [cloning, setCloning] = useState(false);
  const selection = selectedIds as number[];
  const busy = deleting || cloning;
  // react-admin keeps a list's selection in its store: the page opens with none, as the spec's page always did
  const unselectAll = useUnselectAll('badge-images');
  useEffect(() => unselectAll(), [unselectAll]);

  function deleteSelected() {
    const count = selection.length;
    void deleteMany(
      'badge-images',
      { ids: selection },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.badge-images.notifications.deleted', { messageArgs: { count } });
          onUnselectItems();
          setConfirming(false);
        },
        onError: () => {
          notify('app.error_generic', { type: 'error' });
          setConfirming(false);
          void refetch();
        },
      },
    );
  }

  async function cloneSelected() {
    const original = data.find((image) => image.id === selection[0]);
    if (!original) return;
    setCloning(true);
    try {
      const name = cloneName(original.name, translate('resources.badge-images.copy_suffix'));
      // the list carries no models: the original's comes with the image itself
      const { data: full } = await dataProvider.getOne<BadgeImageRecord>('badge-images', { id: original.id });
      await create('badge-images', { data: { name, model: full.model } }, { returnPromise: true });
      notify('resources.badge-images.notifications.cloned', { messageArgs: { name } });
      onUnselectItems();
    } catch {
      notify('app.error_generic', { type: 'error' });
    } finally {
      setCloning(false);
    }
  }

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('resources.badge-images.library_title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
          {translate('resources.badge-images.actions.return')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(badgeImageEditorPath())}>
          {translate('resources.badge-images.actions.design_new')}
        </Button>
        <LibraryControls onFilterChange={onUnselectItems} />
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
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.badge-images.empty')}</Typography>
      ) : (
        <BadgeImageTiles
          images={data}
          selection={selection}
          onToggle={onToggleItem}
          onEdit={(id) => navigate(badgeImageEditorPath(id))}
        />
      )}
      <Confirm
        isOpen={confirming}
        loading={deleting}
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
