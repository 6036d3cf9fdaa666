import { Card, Link, Typography } from '@mui/material';
import TableIcon from '@mui/icons-material/TableViewOutlined';
import {
  DataTable,
  ExportButton,
  List,
  Pagination,
  SelectInput,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CREDIT_OPERATION_KINDS, type CreditOperationRecord } from '../../../domain/creditOperations';
import { useNumberFormat } from '../../i18n/numberFormat';
import { EXPORT_MAX_ROWS } from '../../components/xlsxExporter';
import { campaignReportPath } from '../certificates/paths';
import { creditOperationExporter } from './creditOperationExporter';

const RESOURCE = 'credit-operations';

function OperationDate() {
  const record = useRecordContext<CreditOperationRecord>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <>
      {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(record.operation_date),
      )}
    </>
  );
}

function Operation() {
  const record = useRecordContext<CreditOperationRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return record.campaign_id !== null ? (
    <Link component={RouterLink} to={campaignReportPath(record.campaign_id)}>
      {translate('myplan.credits.publication', { id: record.campaign_id })}
    </Link>
  ) : (
    <>{translate(`myplan.credits.${record.kind}`)}</>
  );
}

function Credits() {
  const record = useRecordContext<CreditOperationRecord>();
  const number = useNumberFormat();
  if (!record) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontWeight: 600, color: record.credits > 0 ? 'success.main' : 'text.primary' }}
    >
      {record.credits > 0 ? `+${number(record.credits)}` : number(record.credits)}
    </Typography>
  );
}

function EmptyLog() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ p: 3 }}>
      <Typography color="text.secondary">{translate('myplan.credits.empty')}</Typography>
    </Card>
  );
}

/**
 * The credit log (spec 000 section 2.14) as a list of the read-only `credit-operations` resource: newest first,
 * paged, sorted and filtered by the server (GET /api/credit-operations through ra-data-simple-rest).
 */
export function CreditOperationList() {
  const translate = useTranslate();
  const exporter = creditOperationExporter(
    {
      columns: {
        date: translate('myplan.credits.date'),
        operation: translate('myplan.credits.operation'),
        campaign: translate('myplan.credits.campaign'),
        credits: translate('myplan.credits.credits'),
        reference: translate('myplan.credits.reference'),
      },
      operation: (record) =>
        record.campaign_id !== null
          ? translate('myplan.credits.publication', { id: record.campaign_id })
          : translate(`myplan.credits.${record.kind}`),
    },
    translate('myplan.credits.title'),
  );
  const filters = [
    <SelectInput
      key="kind"
      source="kind"
      label="resources.credit-operations.fields.kind"
      choices={CREDIT_OPERATION_KINDS.map((kind) => ({ id: kind, name: `resources.credit-operations.kinds.${kind}` }))}
      alwaysOn
      emptyText="resources.credit-operations.kinds.all"
    />,
  ];
  return (
    <List
      resource={RESOURCE}
      title={false}
      actions={
        <TopToolbar>
          <ExportButton maxResults={EXPORT_MAX_ROWS} icon={<TableIcon />} />
        </TopToolbar>
      }
      exporter={exporter}
      filters={filters}
      sort={{ field: 'operation_date', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      disableSyncWithLocation
      storeKey="myplan.credit-operations"
      empty={<EmptyLog />}
      sx={{ '& .RaList-main': { mt: 0 } }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} aria-label={translate('myplan.credits.title')}>
        <DataTable.Col source="operation_date" label="myplan.credits.date">
          <OperationDate />
        </DataTable.Col>
        <DataTable.Col source="kind" label="myplan.credits.operation" disableSort>
          <Operation />
        </DataTable.Col>
        <DataTable.Col source="credits" label="myplan.credits.credits" align="right">
          <Credits />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
