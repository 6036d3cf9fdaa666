import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  DataTable,
  List,
  useDelete,
  useLocaleState,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { API_KEY_LEVELS, type ApiKeyRow } from '../../../domain/apiKeys';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { AdminTabs } from '../../components/AdminTabs';
import { ApiKeyGenerator } from './ApiKeyGenerator';

export const RESOURCE = 'admin/api-keys';

function formatDate(value: string | null, locale: string): string {
  return value ? new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

/** The issuer's id, name and blockchain address, which an integration needs beside its key. */
function IssuerInformation() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const dataProvider = useLaurelDataProvider();
  const profile = useQuery({
    queryKey: ['issuer-profile', user?.issuerId],
    queryFn: () => dataProvider.getIssuerProfile(user?.issuerId as number),
    enabled: user !== undefined,
  });
  const blockchainAddress = profile.isError ? '' : profile.data ? profile.data.blockchainAddress : null;
  // without a chain the profile's address is the did:web key that signs the credentials, not a blockchain address
  const label = blockchainAddress?.startsWith('did:') ? 'signing_key' : 'blockchain_address';
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {translate('apiKeys.issuer_id')}
          </Typography>
          <Typography sx={{ fontFamily: 'monospace' }} data-testid="issuer-id">
            {user?.issuerId ?? '…'}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {translate('apiKeys.issuer_name')}
          </Typography>
          <Typography>{user?.issuerName ?? '…'}</Typography>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(`apiKeys.${label}`)}
          </Typography>
          <Typography
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            data-testid="blockchain-address"
            title={translate(label === 'signing_key' ? 'apiKeys.signing_key_hint' : 'apiKeys.blockchain_hint')}
          >
            {blockchainAddress === null ? '…' : blockchainAddress || '—'}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function RevokeButton() {
  const key = useRecordContext<ApiKeyRow>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [revoke, { isPending }] = useDelete();
  if (!key || key.revokedAt) return null;
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {translate('apiKeys.revoke')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate('apiKeys.revoke_title')}
        content={translate('apiKeys.revoke_body')}
        confirm={translate('apiKeys.revoke')}
        confirmColor="warning"
        onConfirm={() =>
          revoke(
            RESOURCE,
            { id: key.id, previousData: key },
            { mutationMode: 'pessimistic', onSettled: () => (setOpen(false), refresh()) },
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function EmptyKeys() {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary">{translate('apiKeys.none')}</Typography>
      </CardContent>
    </Card>
  );
}

/**
 * API keys (spec 000 section 2.9): the issuer information, the four generators (each creates an `admin/api-keys`
 * record whose secret is shown once) and the keys issued so far, with revoke.
 */
export function ApiKeyList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refresh = useRefresh();
  const levelName = (level: number) =>
    translate(`apiKeys.levels.${API_KEY_LEVELS.find((l) => l.level === level)?.key ?? 'reader'}.title`);
  return (
    <Box>
      <AdminTabs />
      <IssuerInformation />
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate('apiKeys.generators')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          mb: 4,
        }}
      >
        {API_KEY_LEVELS.map(({ key, level }) => (
          <ApiKeyGenerator key={key} levelKey={key} level={level} onGenerated={refresh} />
        ))}
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate('apiKeys.issued')}
      </Typography>
      <List
        resource={RESOURCE}
        title={translate('apiKeys.title')}
        actions={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={1000}
        pagination={false}
        empty={<EmptyKeys />}
        sx={{ '& .RaList-main': { mt: 0 } }}
      >
        <DataTable bulkActionButtons={false} rowClick={false} aria-label={translate('apiKeys.issued')}>
          <DataTable.Col source="level" label="apiKeys.level" render={(key: ApiKeyRow) => levelName(key.level)} />
          <DataTable.Col
            source="createdAt"
            label="apiKeys.created"
            render={(key: ApiKeyRow) => formatDate(key.createdAt, locale)}
          />
          <DataTable.Col
            source="createdBy"
            label="apiKeys.created_by"
            render={(key: ApiKeyRow) => key.createdBy ?? '—'}
          />
          <DataTable.Col
            source="lastUsedAt"
            label="apiKeys.last_used"
            render={(key: ApiKeyRow) => formatDate(key.lastUsedAt, locale)}
          />
          <DataTable.Col
            source="revokedAt"
            label="apiKeys.status"
            render={(key: ApiKeyRow) => (
              <Chip
                size="small"
                color={key.revokedAt ? 'default' : 'success'}
                label={translate(key.revokedAt ? 'apiKeys.revoked' : 'apiKeys.active')}
              />
            )}
          />
          <DataTable.Col label="" disableSort align="right">
            <RevokeButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
