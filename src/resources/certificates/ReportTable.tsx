import EditIcon from '@mui/icons-material/EditOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Button, DataTable, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { CertificateBulkActions } from './CertificateBulkActions';
import { EmailStatusChip, StatusChip } from './CertificateFields';
import { EmailAddress } from '../../components/EmailAddress';
import { CertificateRowActions } from './CertificateRowActions';
import { columnLabelKey, rowName, walletProtocolKey } from './certificateLabels';
import { PhoneCards, usePhoneWidth } from '../../components/PhoneCards';
import { emailableRows, printableRows, type OperationContext } from './certificateOperations';
import { reportColumns } from './reportFilters';
import { useReissue } from './ReissueScope';
import { useActivityColumns } from './activityColumns';

export interface ReportTableProps {
  emailUsed: boolean;
  /** the user may act on certificates, and the campaign is not deleted */
  canAct: boolean;
  context: Omit<OperationContext, 'canAct'>;
  campaignId?: number;
  /** null hides the PDF actions (open badges without a custom layout) */
  onPdf: ((row: CertificateRecord) => void) | null;
  onPdfSelection: (rows: CertificateRecord[]) => void;
  /** null: the email cell is not editable; emailing the selection is not offered */
  onEditEmail: ((row: CertificateRecord) => void) | null;
  onEmailSelection: ((rows: CertificateRecord[]) => void) | null;
  showCampaign: boolean;
  /** the register control's message per certificate id */
  errors?: ReadonlyMap<number, string>;
  busy: boolean;
}

// the longest status label (Reemplazado, En inscription) in its chip
const STATUS_WIDTH = 132;
/** deleted and replaced certificates are closed: their address is not edited any more */
const CLOSED_STATUSES: readonly number[] = [CERTIFICATE_STATUS.deleted, CERTIFICATE_STATUS.replaced];
const EMAIL_STATUS_WIDTH = 128;
/** an icon button and the cell's padding */
const ACTION_WIDTH = 34;
const CELL_PADDING = 32;

/**
 * Status, email status and actions stay in view on the right from a tablet's width up; on a phone they would cover
 * the whole table (names and checkboxes), so there they scroll with the rest.
 */
const pinned = (right: number, width: number) =>
  ({
    position: { xs: 'static', sm: 'sticky' },
    // the header's cells stay sticky (to the top): on a phone they must not stick to the right either
    right: { xs: 'auto', sm: right },
    width,
    minWidth: width,
    zIndex: 1,
    bgcolor: 'background.paper',
    whiteSpace: 'nowrap',
  }) as const;

/**
 * react-admin slides the selection's toolbar over the list toolbar; ours is the page's own toolbar, kept in view:
 * the selection's toolbar opens above the table instead.
 */
export const inlineBulkToolbar = {
  // doubled class: above react-admin's own rule for the same element
  '& .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': { position: 'static', transform: 'none' },
} as const;

/** The selection's extra bulk actions on a report: email it, download its PDFs (more than one printable line). */
function SelectionButtons({ props }: { props: ReportTableProps }) {
  const { selectedIds, data } = useListContext<CertificateRecord>();
  const selected = (data ?? []).filter((row) => selectedIds.includes(row.id));
  return (
    <>
      {props.onEmailSelection && (
        <Button
          label="reports.actions.email_selection"
          disabled={props.busy || emailableRows(selected).length === 0}
          onClick={() => props.onEmailSelection?.(selected)}
        >
          <MailIcon />
        </Button>
      )}
      {props.onPdf && printableRows(selected).length > 1 && (
        <Button
          label="reports.actions.pdf_selection"
          disabled={props.busy}
          onClick={() => props.onPdfSelection(printableRows(selected))}
        >
          <PdfIcon />
        </Button>
      )}
    </>
  );
}

/**
 * The report table (spec 002 section 2.1): a checkbox per row, the certificate's columns (those the database
 * sorts are sortable), then status, email status (when email is used) and the row actions; the selection's
 * bulk actions above it.
 */
export function ReportTable(props: ReportTableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data } = useListContext<CertificateRecord>();
  const phone = usePhoneWidth();
  const columns = reportColumns(data ?? [], props.emailUsed);
  const label = (field: string) => translate(columnLabelKey(field), { _: field });
  // status, email status and actions stay in view on the right (spec 002 section 2.1)
  const reissue = useReissue() !== null;
  const actionsWidth =
    CELL_PADDING + ACTION_WIDTH * (2 + (props.onPdf ? 1 : 0) + (reissue ? 1 : 0) + (props.showCampaign ? 1 : 0));
  const emailRight = actionsWidth;
  const statusRight = actionsWidth + (props.emailUsed ? EMAIL_STATUS_WIDTH : 0);
  /** A column's value in a row: the table's cell and the phone card's line. */
  const cell = (field: string, row: CertificateRecord): ReactNode => {
    if (field === 'PublicationDate')
      return new Date(row.PublicationDate).toLocaleDateString(locale, { dateStyle: 'medium' });
    if (field === 'ExpirationDate')
      return row.ExpirationDate
        ? new Date(`${row.ExpirationDate}T12:00:00`).toLocaleDateString(locale, { dateStyle: 'medium' })
        : '—';
    if (field === 'Language') return row.Language.toUpperCase();
    if (field === 'email' && props.onEditEmail && !CLOSED_STATUSES.includes(row.StatusID)) {
      const edit = props.onEditEmail;
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.email ? <EmailAddress address={row.email} /> : '—'}
          </Box>
          <Tooltip title={translate('reports.email_edit.title')}>
            <IconButton
              size="small"
              onClick={() => edit(row)}
              aria-label={translate('reports.email_edit.action', { email: row.email })}
            >
              <EditIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </Box>
      );
    }
    const value = row[field];
    if (field === 'email' && row.email) return <EmailAddress address={row.email} />;
    return value === null || value === undefined || value === '' ? '—' : String(value);
  };
  const wallet = (row: CertificateRecord): ReactNode =>
    row.WalletTakenAt ? (
      <Tooltip title={translate(walletProtocolKey(row.WalletProtocol ?? ''))}>
        <span>
          {translate('reports.wallet.taken_on', {
            date: new Date(row.WalletTakenAt).toLocaleDateString(locale, { dateStyle: 'medium' }),
            protocol: translate(`reports.wallet.short_${row.WalletProtocol === 'vcapi' ? 'vcapi' : 'oid4vci'}`),
          })}
        </span>
      </Tooltip>
    ) : (
      <Box component="span" sx={{ color: 'text.secondary' }} aria-label={translate('reports.wallet.none')}>
        —
      </Box>
    );
  // what recipients did (issue 31): people's views (first and last on hover), downloads, LinkedIn, verifications
  const activityColumns = useActivityColumns();
  const empty = (
    <Box sx={{ textAlign: 'center', py: 6, px: 3 }}>
      <Typography variant="h6" component="p" gutterBottom>
        {translate('reports.no_match')}
      </Typography>
      <Typography color="text.secondary">{translate('reports.no_match_hint')}</Typography>
    </Box>
  );
  const bulkActionButtons = props.canAct ? (
    <>
      <SelectionButtons props={props} />
      <CertificateBulkActions context={props.context} />
    </>
  ) : props.onPdf ? (
    <SelectionButtons props={props} />
  ) : (
    false
  );
  const rowActions = <CertificateRowActions onPdf={props.onPdf} showCampaign={props.showCampaign} />;
  if (phone) {
    // the names head each card; the other columns are its lines (issue 31: no table wider than a phone)
    const named = new Set(['firstName', 'lastName']);
    return (
      <PhoneCards<CertificateRecord>
        title={(row) => rowName(row)}
        chips={(row) => (
          <>
            <StatusChip row={row} />
            {props.emailUsed && <EmailStatusChip row={row} />}
          </>
        )}
        lines={[
          ...columns
            .filter((column) => !named.has(column.field))
            .map((column) => ({
              label: label(column.field),
              render: (row: CertificateRecord) => cell(column.field, row),
            })),
          { label: translate('reports.columns.Wallet'), render: wallet },
          ...activityColumns.map(({ label: name, render }) => ({ label: name, render })),
          ...(props.errors
            ? [
                {
                  label: translate('reports.cpf_control.errors_column'),
                  render: (row: CertificateRecord) => props.errors?.get(row.EvidenzId) ?? '—',
                },
              ]
            : []),
        ]}
        actions={rowActions}
        bulkActionButtons={bulkActionButtons}
        selectLabel={(row) => translate('reports.select_row', { name: rowName(row) })}
        empty={empty}
      />
    );
  }
  return (
    <DataTable
      rowClick={false}
      size="small"
      empty={empty}
      bulkActionButtons={bulkActionButtons}
      sx={{
        ...inlineBulkToolbar,
        // the rows scroll inside the card (sticky header and pinned right columns) instead of spilling over the pagination
        '& .RaDataTable-tableWrapper': { maxHeight: 'calc(100vh - 23rem)', minHeight: 240, overflow: 'auto' },
      }}
    >
      {columns.map((column) => (
        <DataTable.Col
          key={column.field}
          source={column.field}
          label={label(column.field)}
          disableSort={!column.sortable}
          cellSx={() =>
            column.width === null
              ? { whiteSpace: 'nowrap' }
              : // break-word, not anywhere: a word is cut only when it cannot fit on a line of its own, and the
                // column is never narrowed below its longest word (addresses wrap at their own points, EmailAddress)
                { minWidth: column.width, maxWidth: column.width * 1.5, overflowWrap: 'break-word' }
          }
          render={(row: CertificateRecord) => cell(column.field, row)}
        />
      ))}
      <DataTable.Col
        source="WalletTakenAt"
        label={translate('reports.columns.Wallet')}
        disableSort
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={wallet}
      />
      {activityColumns.map((column) => (
        <DataTable.Col
          key={column.source}
          source={column.source}
          label={column.label}
          disableSort
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={column.render}
        />
      ))}
      {props.errors && (
        <DataTable.Col
          label={translate('reports.cpf_control.errors_column')}
          disableSort
          cellSx={() => ({ minWidth: 280, color: 'error.main' })}
          render={(row: CertificateRecord) => props.errors?.get(row.EvidenzId) ?? '—'}
        />
      )}
      <DataTable.Col
        source="StatusID"
        sx={{ ...pinned(statusRight, STATUS_WIDTH), boxShadow: (theme) => `inset 1px 0 0 ${theme.palette.divider}` }}
        label={translate('reports.columns.StatusID')}
        render={(row: CertificateRecord) => <StatusChip row={row} />}
      />
      {props.emailUsed && (
        <DataTable.Col
          source="LastActivity"
          sx={pinned(emailRight, EMAIL_STATUS_WIDTH)}
          label={translate('reports.columns.EmailStatus')}
          render={(row: CertificateRecord) => <EmailStatusChip row={row} />}
        />
      )}
      <DataTable.Col
        label={translate('reports.columns.actions')}
        align="right"
        sx={pinned(0, actionsWidth)}
        render={() => rowActions}
      />
    </DataTable>
  );
}
