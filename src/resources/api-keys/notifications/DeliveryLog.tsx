import { Box, Card, Chip, Tooltip, Typography } from '@mui/material';
import { DataTable, List, RefreshButton, useLocaleState, useTranslate } from 'react-admin';
import type { WebhookDeliveryRecord } from '../../../dataProvider/webhooks';

/** The resource of the delivery log in the data provider (its rights are the notifications'). */
export const DELIVERY_LOG_RESOURCE = 'admin/notifications';

type Outcome = 'delivered' | 'retrying' | 'failed';

export function deliveryOutcome(row: Pick<WebhookDeliveryRecord, 'status' | 'nextAttemptAt'>): Outcome {
  if (row.status !== null && row.status >= 200 && row.status < 300) return 'delivered';
  return row.nextAttemptAt ? 'retrying' : 'failed';
}

const OUTCOME_COLORS = { delivered: 'success', retrying: 'warning', failed: 'error' } as const;

function When({ iso }: { iso: string | null }) {
  const [locale] = useLocaleState();
  if (!iso) return <>—</>;
  return <>{new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' })}</>;
}

/**
 * The delivery log of the notifications tab (issue 17, point 13): the latest webhook calls, newest first, with
 * their event, outcome, HTTP code and the next planned attempt; read through the data provider as a react-admin
 * list, refreshed on demand.
 */
export function DeliveryLog() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ maxWidth: 980 }}>
      <Box sx={{ px: { xs: 2.5, sm: 3.5 }, pt: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {translate('notifications.log.title')}
        </Typography>
        <Typography color="text.secondary">{translate('notifications.log.intro')}</Typography>
      </Box>
      <List<WebhookDeliveryRecord>
        resource={DELIVERY_LOG_RESOURCE}
        title={false}
        disableSyncWithLocation
        storeKey={false}
        perPage={10}
        sort={{ field: 'id', order: 'DESC' }}
        actions={<RefreshButton label="notifications.log.refresh" />}
        empty={false}
        sx={{ px: { xs: 1, sm: 2 }, pb: 1, '& td': { whiteSpace: 'nowrap' } }}
      >
        <DataTable<WebhookDeliveryRecord>
          bulkActionButtons={false}
          rowClick={false}
          size="small"
          empty={
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {translate('notifications.log.empty')}
            </Typography>
          }
        >
          <DataTable.Col
            source="at"
            label={translate('notifications.log.at')}
            render={(row: WebhookDeliveryRecord) => <When iso={row.at} />}
          />
          <DataTable.Col
            source="campaignId"
            label={translate('notifications.log.event')}
            render={(row: WebhookDeliveryRecord) =>
              row.campaignId === null
                ? translate('notifications.log.event_test')
                : translate('notifications.log.event_campaign', { id: row.campaignId })
            }
          />
          <DataTable.Col source="attempt" label={translate('notifications.log.attempt')} />
          <DataTable.Col
            source="error"
            label={translate('notifications.log.outcome')}
            render={(row: WebhookDeliveryRecord) => {
              const outcome = deliveryOutcome(row);
              return (
                <Tooltip title={row.error ?? ''}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={OUTCOME_COLORS[outcome]}
                    label={translate(`notifications.log.${outcome}`)}
                  />
                </Tooltip>
              );
            }}
          />
          <DataTable.Col
            source="status"
            label={translate('notifications.log.code')}
            render={(row: WebhookDeliveryRecord) =>
              row.status === null ? translate('notifications.log.no_answer') : String(row.status)
            }
          />
          <DataTable.Col
            source="nextAttemptAt"
            label={translate('notifications.log.next')}
            render={(row: WebhookDeliveryRecord) => <When iso={row.nextAttemptAt} />}
          />
        </DataTable>
      </List>
    </Card>
  );
}
