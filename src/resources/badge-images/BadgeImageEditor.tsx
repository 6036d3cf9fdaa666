import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Confirm, Loading, Title, useCreate, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { emptyModel, imageNameProblem, type BadgeModel } from '../../../domain/badgeImage/model';
import type { BadgeImageRecord } from '../../dataProvider/badgeImages';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

// konva comes with the designer, in its own chunk.
const Designer = lazy(() => import('../../designer/Designer').then((m) => ({ default: m.Designer })));

/** The badge image editor (spec 002 section 2.6): /badgeImageEditor for a new image, /badgeImageEditor/{id} to edit. */
export function BadgeImageEditor() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<BadgeImageRecord>(
    'badge-images',
    { id: Number(id) },
    { enabled: id !== undefined, refetchOnWindowFocus: false },
  );
  if (id !== undefined && isPending) return <Loading />;
  if (id !== undefined && (error || !data))
    return <Typography sx={{ p: 2 }}>{translate('ra.notification.item_doesnt_exist')}</Typography>;
  return (
    <EditorForm
      key={id ?? 'new'}
      id={id === undefined ? null : Number(id)}
      initialName={data?.name ?? translate('resources.badge-images.new_image')}
      initialModel={data?.model ?? emptyModel()}
    />
  );
}

function EditorForm({
  id,
  initialName,
  initialModel,
}: {
  id: number | null;
  initialName: string;
  initialModel: BadgeModel;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  // react-admin's mutations: a saved image refreshes the library's list and its cached record
  const [create, { isPending: creating }] = useCreate<BadgeImageRecord>();
  const [update, { isPending: updating }] = useUpdate<BadgeImageRecord>();
  const [name, setName] = useState(initialName);
  const [model, setModel] = useState(initialModel);
  const [designChanged, setDesignChanged] = useState(false);
  const [nameChanged, setNameChanged] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const unsaved = nameChanged || designChanged;
  const nameProblem = imageNameProblem(name);

  // Save and Cancel leave once `unsaved` is false everywhere, so the navigation guard lets them through.
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done) navigate(-1);
  }, [done, navigate]);

  const onDesignChange = useCallback((next: BadgeModel, changed: boolean) => {
    setModel(next);
    setDesignChanged(changed);
  }, []);

  function save() {
    const options = {
      mutationMode: 'pessimistic' as const,
      onSuccess: () => {
        notify('resources.badge-images.notifications.saved', { type: 'success' });
        setNameChanged(false);
        setDesignChanged(false);
        setDone(true);
      },
      onError: () => notify('app.error_generic', { type: 'error' }),
    };
    const data = { name: name.trim(), model };
    if (id === null) create('badge-images', { data }, options);
    else update('badge-images', { id, data }, options);
  }

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('resources.badge-images.editor_title')} />
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate('resources.badge-images.fields.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameChanged(true);
          }}
          error={nameProblem !== null}
          helperText={nameProblem ? translate(`resources.badge-images.errors.name_${nameProblem}`) : ' '}
          sx={{ width: 320 }}
        />
        <Button onClick={() => (unsaved ? setLeaving(true) : setDone(true))}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={!unsaved || nameProblem !== null || creating || updating}
          onClick={save}
        >
          {translate('ra.action.save')}
        </Button>
      </Stack>
      <Suspense fallback={<Skeleton variant="rounded" width={1100} height={512} />}>
        <Designer initial={initialModel} onChange={onDesignChange} />
      </Suspense>
      <UnsavedChangesGuard unsaved={unsaved && !done} />
      <Confirm
        isOpen={leaving}
        title="resources.badge-images.unsaved_title"
        content="resources.badge-images.unsaved_body"
        confirm="resources.badge-images.leave"
        cancel="resources.badge-images.stay"
        onConfirm={() => {
          setLeaving(false);
          setNameChanged(false);
          setDesignChanged(false);
          setDone(true);
        }}
        onClose={() => setLeaving(false)}
      />
    </Box>
  );
}
