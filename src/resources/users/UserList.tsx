import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import TableIcon from '@mui/icons-material/TableViewOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  CreateButton,
  DataTable,
  ExportButton,
  List,
  TopToolbar,
  useDelete,
  useListContext,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { orgUnitLabel, type UserRow } from '../../../domain/users';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { ConfirmWordDialog } from '../../components/ConfirmWordDialog';
import { OutcomeAlert, useSetOutcome } from '../../components/OutcomeAlert';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { AdminTabs } from '../../components/AdminTabs';
import { userExporter } from './userExporter';
import { userOutcome } from '../../components/userOutcome';

const RESOURCE = 'admin/users';

function UserCount() {
  const translate = useTranslate();
  const { total, isPending } = useListContext();
  if (isPending) return null;
  return (
    <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
      {translate('resources.admin/users.count', { count: total ?? 0 })}
    </Typography>
  );
}

function UserActions() {
  const record = useRecordContext<UserRow>();
  const dataProvider = useLaurelDataProvider();
  const translate = useTranslate();
  const refresh = useRefresh();
  const setOutcome = useSetOutcome();
  const { user: me } = useCurrentUser();
  const [deleteOne, { isPending: deleting }] = useDelete();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmTotp, setConfirmTotp] = useState(false);
  const [totpPending, setTotpPending] = useState(false);
  if (!record) return null;
  const isMe = me?.id === record.id;

  const remove = () =>
    deleteOne(
      RESOURCE,
      { id: record.id, previousData: record },
      {
        onSuccess: () => setOutcome(userOutcome('delete')),
        onError: (error) => setOutcome(userOutcome('delete', error)),
        onSettled: () => setConfirmDelete(false),
      },
    );

  const disableTotp = async () => {
    setTotpPending(true);
    try {
      await dataProvider.disableSecondFactor(Number(record.id));
      setOutcome(userOutcome('disable_totp'));
      refresh();
    } catch (error) {
      setOutcome(userOutcome('disable_totp', error));
    } finally {
      setTotpPending(false);
      setConfirmTotp(false);
    }
  };

  const name = `${record.firstName} ${record.lastName}`.trim() || record.email;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
      {record.hasTotp && (
        <Tooltip title={translate('resources.admin/users.actions.disable_totp')}>
          <IconButton
            size="small"
            aria-label={`${translate('resources.admin/users.actions.disable_totp')}: ${name}`}
            onClick={() => setConfirmTotp(true)}
          >
            <LockOpenIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={translate('ra.action.edit')}>
        <IconButton
          size="small"
          component={Link}
          to={`/${RESOURCE}/${record.id}`}
          aria-label={`${translate('ra.action.edit')}: ${name}`}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip
        title={isMe ? translate('resources.admin/users.actions.cannot_delete_self') : translate('ra.action.delete')}
      >
        <span>
          <IconButton
            size="small"
            color="error"
            disabled={isMe}
            aria-label={`${translate('ra.action.delete')}: ${name}`}
            onClick={() => setConfirmDelete(true)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={confirmDelete}
        loading={deleting}
        title={translate('resources.admin/users.actions.delete_title', { name })}
        content={translate('resources.admin/users.actions.delete_body')}
        confirm={translate('ra.action.delete')}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
      <ConfirmWordDialog
        open={confirmTotp}
        title={translate('resources.admin/users.actions.disable_totp_title', { name })}
        body={translate('resources.admin/users.actions.disable_totp_body')}
        wordKey="security.confirm_word"
        confirmLabel={translate('resources.admin/users.actions.disable_totp')}
        pending={totpPending}
        onConfirm={() => void disableTotp()}
        onClose={() => setConfirmTotp(false)}
      />
    </Box>
  );
}

function ListHeader() {
  return (
    <TopToolbar sx={{ width: '100%', alignItems: 'center', minHeight: 'auto', pt: 0 }}>
      <UserCount />
      <ExportButton icon={<TableIcon />} />
      <CreateButton variant="contained" label="resources.admin/users.actions.add" />
    </TopToolbar>
  );
}

/** Users of the admin area (spec 000 section 2.9): counter, Add user, sortable table, row actions. */
export function UserList() {
  const translate = useTranslate();
  const name = translate('resources.admin/users.name', { smart_count: 2 });
  const exporter = userExporter(
    {
      columns: {
        profile: translate('resources.admin/users.fields.profile'),
        firstName: translate('resources.admin/users.fields.firstName'),
        lastName: translate('resources.admin/users.fields.lastName'),
        email: translate('resources.admin/users.fields.email'),
        orgUnit: translate('resources.admin/users.fields.orgUnit'),
        hasTotp: translate('resources.admin/users.fields.hasTotp'),
      },
      profile: (profileId) => translate(`profiles.${profileId}`),
      on: translate('app.on'),
      off: translate('app.off'),
    },
    name,
  );
  return (
    <Box>
      <AdminTabs />
      <OutcomeAlert />
      <List
        resource={RESOURCE}
        actions={<ListHeader />}
        sort={{ field: 'firstName', order: 'ASC' }}
        perPage={100}
        pagination={false}
        title={name}
        exporter={exporter}
        sx={{ '& .RaList-main': { mt: 0 } }}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="profileId"
            label="resources.admin/users.fields.profile"
            render={(user: UserRow) => (
              <Chip size="small" variant="outlined" label={translate(`profiles.${user.profileId}`)} />
            )}
          />
          <DataTable.Col source="firstName" label="resources.admin/users.fields.firstName" />
          <DataTable.Col source="lastName" label="resources.admin/users.fields.lastName" />
          <DataTable.Col source="email" label="resources.admin/users.fields.email" />
          <DataTable.Col
            source="orgUnit"
            label="resources.admin/users.fields.orgUnit"
            render={(user: UserRow) => orgUnitLabel(user.orgUnit)}
          />
          <DataTable.Col
            source="hasTotp"
            label="resources.admin/users.fields.hasTotp"
            render={(user: UserRow) =>
              user.hasTotp ? (
                <Tooltip title={translate('app.on')}>
                  <VerifiedUserIcon color="success" fontSize="small" aria-label={translate('app.on')} />
                </Tooltip>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.off')}
                </Typography>
              )
            }
          />
          <DataTable.Col label="" disableSort>
            <UserActions />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
