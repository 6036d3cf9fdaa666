import { Box, Button, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Confirm,
  CreateBase,
  EditBase,
  Form,
  Loading,
  SaveButton,
  TextInput,
  Title,
  useFormIsDirty,
  useNotify,
  useRecordContext,
  useSaveContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { emptyModel, type BadgeModel } from '../../../domain/badgeImage/model';
import { UPLOAD_ERRORS } from '../../../domain/templateRules/images';
import { errorCode, NetworkError } from '../../dataProvider/apiErrors';
import type { BadgeImageRecord } from '../../dataProvider/badgeImages';
import { BadgeModelInput } from './BadgeModelInput';
import { serverFieldErrors, validateImageName } from './imageNameValidator';
import { BADGE_IMAGE_LIBRARY_PATH, badgeImageEditorPath } from './paths';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

type EditorValues = { name: string; model: BadgeModel };

/** What is sent: the trimmed name and the model (not the record's id and dates). */
const toSaved = (values: Partial<BadgeImageRecord>): EditorValues => ({
  name: String(values.name ?? '').trim(),
  model: values.model as BadgeModel,
});

/**
 * The badge image editor (spec 002 section 2.6), a react-admin form of the `badge-images` resource:
 * /badgeImageEditor creates an image, /badgeImageEditor/{id} edits one (the resource's own create and edit routes
 * show the same form).
 */
export function BadgeImageEditor() {
  const { id } = useParams();
  const translate = useTranslate();
  if (id === undefined)
    return (
      <CreateBase<BadgeImageRecord> resource="badge-images" transform={toSaved}>
        <EditorForm isNew />
      </CreateBase>
    );
  return (
    <EditBase<BadgeImageRecord>
      key={id}
      resource="badge-images"
      id={Number(id)}
      mutationMode="pessimistic"
      transform={toSaved}
      queryOptions={{ onError: () => undefined }}
      loading={<Loading />}
      error={<Typography sx={{ p: 2 }}>{translate('ra.notification.item_doesnt_exist')}</Typography>}
    >
      <WithModel>
        <EditorForm isNew={false} />
      </WithModel>
    </EditBase>
  );
}

/**
 * The form starts once the record has its model: a library list puts each image's summary (no model) in
 * react-query's getOne cache, shown at once while the whole record is fetched again.
 */
function WithModel({ children }: { children: ReactNode }) {
  const record = useRecordContext<BadgeImageRecord>();
  return record?.model ? children : <Loading />;
}

/** What a refused save other than a bad name says, in the user's language (the server's message is English). */
function refusalNotice(error: unknown): string {
  if (error instanceof NetworkError) return 'app.error_network';
  const code = errorCode(error);
  if (code === 'INVALID_BADGE_MODEL') return 'resources.badge-images.errors.INVALID_BADGE_MODEL';
  if (code === UPLOAD_ERRORS.tooManyPixels) return `editor.${code}`;
  return 'app.error_generic';
}

/** Where the editor has gone once saved or left: back, or the library when it was opened first. */
type Exit = { created: Identifier | null } | null;

function EditorForm({ isNew }: { isNew: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const { save } = useSaveContext();
  // opened from another page of the app (back returns there), or first in the tab
  const cameFromApp = useRef(location.key !== 'default');
  const [exit, setExit] = useState<Exit>(null);
  const leave = useCallback(() => setExit((previous) => previous ?? { created: null }), []);

  const defaultValues = useMemo(
    () => (isNew ? { name: translate('resources.badge-images.new_image'), model: emptyModel() } : undefined),
    [isNew, translate],
  );

  // Save and Cancel leave once the guard knows the changes are saved or given up (its effect runs first).
  const gone = useRef(false);
  useEffect(() => {
    if (!exit || gone.current) return;
    gone.current = true;
    // a created image's entry in the history becomes its edit page, so Forward opens it rather than a blank one
    if (exit.created !== null) void navigate(badgeImageEditorPath(exit.created), { replace: true });
    if (cameFromApp.current) void navigate(-1);
    else void navigate(BADGE_IMAGE_LIBRARY_PATH);
  }, [exit, navigate]);

  async function submit(values: Partial<BadgeImageRecord>) {
    let failure: unknown = null;
    await save?.(values, {
      onSuccess: (record: BadgeImageRecord) => {
        notify('resources.badge-images.notifications.saved', { type: 'success' });
        setExit({ created: isNew ? record.id : null });
      },
      onError: (error: unknown) => {
        failure = error;
      },
    });
    if (failure === null) return undefined;
    const fieldErrors = serverFieldErrors(failure);
    if (!fieldErrors) notify(refusalNotice(failure), { type: 'error' });
    return fieldErrors ?? undefined;
  }

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('resources.badge-images.editor_title')} />
      <Form<Partial<BadgeImageRecord>> defaultValues={defaultValues} onSubmit={submit} mode="onChange">
        <EditorFields saved={exit !== null} onLeave={leave} />
      </Form>
    </Box>
  );
}

function EditorFields({ saved, onLeave }: { saved: boolean; onLeave(): void }) {
  const translate = useTranslate();
  const isDirty = useFormIsDirty();
  const { isValid } = useFormState();
  const [asking, setAsking] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const unsaved = isDirty && !saved && !gaveUp;

  useEffect(() => {
    if (gaveUp) onLeave();
  }, [gaveUp, onLeave]);

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'flex-start' }}>
        <TextInput
          source="name"
          label="resources.badge-images.fields.name"
          validate={validateImageName}
          size="small"
          sx={{ width: 320, my: 0 }}
        />
        <Button onClick={() => (unsaved ? setAsking(true) : onLeave())} sx={{ mt: 0.5 }}>
          {translate('ra.action.cancel')}
        </Button>
        <SaveButton disabled={!isValid} sx={{ mt: 0.5 }} />
      </Stack>
      <BadgeModelInput source="model" />
      <UnsavedChangesGuard unsaved={unsaved} />
      <Confirm
        isOpen={asking}
        title="resources.badge-images.unsaved_title"
        content="resources.badge-images.unsaved_body"
        confirm="resources.badge-images.leave"
        cancel="resources.badge-images.stay"
        onConfirm={() => {
          setAsking(false);
          setGaveUp(true);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
