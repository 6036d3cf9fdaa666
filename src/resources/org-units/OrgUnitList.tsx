import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  List,
  useCreate,
  useDelete,
  useListContext,
  useRecordContext,
  useTranslate,
  useUnselectAll,
  useUpdate,
} from 'react-admin';
import type { OrgUnitRow } from '../../../domain/users';
import { ConfirmWordDialog } from '../../components/ConfirmWordDialog';
import { OutcomeAlert, useSetOutcome } from '../../components/OutcomeAlert';
import { useNumberFormat } from '../../i18n/numberFormat';
import { AdminTabs } from '../../components/AdminTabs';
import { NameDialog } from '../../components/NameDialog';

const RESOURCE = 'admin/org-units';

type DialogState = { kind: 'add' } | { kind: 'edit'; unit: OrgUnitRow } | null;

function errorKey(error: unknown): string {
  const code = (error as { body?: { code?: string } })?.body?.code;
  if (code === 'NAME_EXISTS') return 'app.name_errors.exists';
  if (code === 'NAME_EMPTY') return 'app.name_errors.empty';
  if (code === 'NAME_TOO_LONG') return 'app.name_errors.too_long';
  return 'app.error_generic';
}

function EditRowButton({ onEdit }: { onEdit: (unit: OrgUnitRow) => void }) {
  const unit = useRecordContext<OrgUnitRow>();
  const translate = useTranslate();
  if (!unit) return null;
  return (
    <Tooltip title={translate('ra.action.edit')}>
      <IconButton
        size="small"
        aria-label={`${translate('ra.action.edit')}: ${unit.name}`}
        onClick={(e) => {
          e.stopPropagation();
          onEdit(unit);
        }}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** Remove appears when exactly one unit is selected, and asks for the typed confirm word. */
function RemoveSelected() {
  const translate = useTranslate();
  const { selectedIds, data = [] } = useListContext<OrgUnitRow>();
  const unselectAll = useUnselectAll(RESOURCE);
  const setOutcome = useSetOutcome();
  const [deleteOne, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  const unit = selectedIds.length === 1 ? data.find((u) => u.id === selectedIds[0]) : undefined;
  if (!unit) return null;
  return (
    <>
      <Button color="error" size="small" onClick={() => setOpen(true)}>
        {translate('resources.admin/org-units.actions.remove')}
      </Button>
      <ConfirmWordDialog
        open={open}
        title={translate('resources.admin/org-units.actions.remove_title', { name: unit.name })}
        body={translate('resources.admin/org-units.actions.remove_body', { count: unit.users })}
        wordKey="app.confirm_word"
        confirmLabel={translate('resources.admin/org-units.actions.remove')}
        pending={isPending}
        onConfirm={() =>
          deleteOne(
            RESOURCE,
            { id: unit.id, previousData: unit },
            {
              onSuccess: () => {
                setOutcome({ severity: 'success', message: 'resources.admin/org-units.notifications.deleted' });
                unselectAll();
              },
              onError: (error) => setOutcome({ severity: 'error', message: errorKey(error) }),
              onSettled: () => setOpen(false),
            },
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function Header({ onAdd }: { onAdd: () => void }) {
  const translate = useTranslate();
  const { total, isPending } = useListContext();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', px: 2, pt: 2, pb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {isPending ? '' : translate('resources.admin/org-units.count', { count: total ?? 0 })}
      </Typography>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {translate('resources.admin/org-units.actions.add')}
      </Button>
    </Box>
  );
}

function UnitDialog({ dialog, onClose }: { dialog: NonNullable<DialogState>; onClose: () => void }) {
  const { data = [] } = useListContext<OrgUnitRow>();
  const setOutcome = useSetOutcome();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [serverError, setServerError] = useState<string | null>(null);
  const translate = useTranslate();
  const unit = dialog.kind === 'edit' ? dialog.unit : null;
  const onError = (error: unknown) => setServerError(translate(errorKey(error)));
  const save = (name: string) => {
    const done = (message: string) => () => {
      setOutcome({ severity: 'success', message });
      onClose();
    };
    if (unit) {
      void update(
        RESOURCE,
        { id: unit.id, data: { name }, previousData: unit },
        { mutationMode: 'pessimistic', onSuccess: done('resources.admin/org-units.notifications.updated'), onError },
      );
    } else {
      void create(
        RESOURCE,
        { data: { name } },
        { onSuccess: done('resources.admin/org-units.notifications.created'), onError },
      );
    }
  };
  return (
    <NameDialog
      title={translate(unit ? 'resources.admin/org-units.actions.edit' : 'resources.admin/org-units.actions.add')}
      label={translate('resources.admin/org-units.fields.name')}
      initialName={unit?.name ?? ''}
      selfId={unit?.id}
      others={data}
      pending={creating || updating}
      serverError={serverError}
      onSave={save}
      onClose={onClose}
    />
  );
}

/** Org units of the admin area (spec 000 section 2.9). */
export function OrgUnitList() {
  const translate = useTranslate();
  const number = useNumberFormat();
  const [dialog, setDialog] = useState<DialogState>(null);
  return (
    <Box>
      <AdminTabs />
      <OutcomeAlert />
      <List
        resource={RESOURCE}
        actions={false}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={1000}
        pagination={false}
        title={translate('resources.admin/org-units.name', { smart_count: 2 })}
        empty={false}
      >
        <Header onAdd={() => setDialog({ kind: 'add' })} />
        {/* with no unit, the header's counter says so ("No org units") beside Add */}
        <DataTable bulkActionButtons={<RemoveSelected />} rowClick="toggleSelection" empty={null}>
          <DataTable.Col source="name" label="resources.admin/org-units.fields.name" />
          <DataTable.NumberCol
            source="users"
            label="resources.admin/org-units.fields.users"
            render={(unit: OrgUnitRow) => number(unit.users)}
          />
          <DataTable.Col label="" disableSort align="right">
            <EditRowButton onEdit={(unit) => setDialog({ kind: 'edit', unit })} />
          </DataTable.Col>
        </DataTable>
        {dialog && <UnitDialog dialog={dialog} onClose={() => setDialog(null)} />}
      </List>
    </Box>
  );
}
