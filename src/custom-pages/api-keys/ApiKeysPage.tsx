import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useLocaleState, useTranslate } from 'react-admin';
import { API_KEY_LEVELS, type ApiKeyRow } from '../../../domain/apiKeys';
import type { IssuerProfile } from '../../../domain/profileParams';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { apiFetch } from '../../dataProvider/httpClient';
import { AdminTabs } from '../../resources/AdminTabs';
import { ApiKeyGenerator } from './ApiKeyGenerator';

export const API_KEYS_PATH = '/admin/api-keys';

function formatDate(value: string | null, locale: string): string {
  return value ? new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

/** API keys (spec 000 section 2.9): the four generators, the keys issued so far with revoke, and the issuer information. */
export function ApiKeysPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { user } = useCurrentUser();
  const [keys, setKeys] = useState<ApiKeyRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  const load = useCallback(() => {
    apiFetch<ApiKeyRow[]>('/api/admin/apikeys')
      .then(({ body }) => setKeys(body))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);
  const [blockchainAddress, setBlockchainAddress] = useState<string | null>(null);
  useEffect(() => {
    if (!user) return;
    apiFetch<IssuerProfile>(`/api/issuer/${user.issuerId}/all`)
      .then(({ body }) => setBlockchainAddress(body.blockchainAddress))
      .catch(() => setBlockchainAddress(''));
  }, [user]);

  const levelName = (level: number) =>
    translate(`apiKeys.levels.${API_KEY_LEVELS.find((l) => l.level === level)?.key ?? 'reader'}.title`);

  const revoke = async () => {
    if (!revoking) return;
    await apiFetch(`/api/admin/apikey?id=${revoking.id}`, { method: 'DELETE' }).catch(() => setFailed(true));
    setRevoking(null);
    load();
  };

  return (
    <Box>
      <Title title={translate('apiKeys.title')} />
      <AdminTabs />
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
              {translate('apiKeys.blockchain_address')}
            </Typography>
            <Typography
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
              data-testid="blockchain-address"
              title={translate('apiKeys.blockchain_hint')}
            >
              {blockchainAddress === null ? '…' : blockchainAddress || '—'}
            </Typography>
          </Box>
        </CardContent>
      </Card>
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
          <ApiKeyGenerator key={key} levelKey={key} level={level} onGenerated={load} />
        ))}
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate('apiKeys.issued')}
      </Typography>
      <Card variant="outlined">
        {failed ? (
          <CardContent>
            <Typography color="error">{translate('app.error_generic')}</Typography>
          </CardContent>
        ) : keys === null ? (
          <Skeleton height={80} sx={{ mx: 2 }} />
        ) : keys.length === 0 ? (
          <CardContent>
            <Typography color="text.secondary">{translate('apiKeys.none')}</Typography>
          </CardContent>
        ) : (
          <Table size="small" aria-label={translate('apiKeys.issued')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('apiKeys.level')}</TableCell>
                <TableCell>{translate('apiKeys.created')}</TableCell>
                <TableCell>{translate('apiKeys.created_by')}</TableCell>
                <TableCell>{translate('apiKeys.last_used')}</TableCell>
                <TableCell>{translate('apiKeys.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{levelName(key.level)}</TableCell>
                  <TableCell>{formatDate(key.createdAt, locale)}</TableCell>
                  <TableCell>{key.createdBy ?? '—'}</TableCell>
                  <TableCell>{formatDate(key.lastUsedAt, locale)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={key.revokedAt ? 'default' : 'success'}
                      label={translate(key.revokedAt ? 'apiKeys.revoked' : 'apiKeys.active')}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {!key.revokedAt && (
                      <Button size="small" color="error" onClick={() => setRevoking(key)}>
                        {translate('apiKeys.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      <Confirm
        isOpen={revoking !== null}
        title={translate('apiKeys.revoke_title')}
        content={translate('apiKeys.revoke_body')}
        confirm={translate('apiKeys.revoke')}
        confirmColor="warning"
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
