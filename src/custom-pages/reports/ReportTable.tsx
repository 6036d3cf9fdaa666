import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Box,
  Checkbox,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ENABLED_STATUSES } from '../../../domain/certificates';
import type { ReportRow } from '../../../domain/reports';
import { CertificateLinkActions } from './CertificateLinkActions';
import { campaignReportPath } from './paths';
import { isSortable, type ReportColumn, type ReportSort } from './reportQuery';
import { columnLabelKey, emailStatusColor, emailStatusKey, statusColor, statusKey } from './reportLabels';

const STATUS_WIDTH = 116;
const EMAIL_STATUS_WIDTH = 128;
/** an icon button and the cell's padding */
const ACTION_WIDTH = 34;
const CELL_PADDING = 32;

export interface RowActions {
  /** null hides the PDF action (open badges without a custom layout) */
  onPdf: ((row: ReportRow) => void) | null;
  onCopyLink: (row: ReportRow) => void;
  /** null: the email cell is not editable */
  onEditEmail: ((row: ReportRow) => void) | null;
  /** the template report links each row to its campaign */
  showCampaign: boolean;
}

/**
 * The report table (spec 002 section 2.1): a checkbox per row, the scrolling columns (sortable ones sort in the
 * database), then the fixed status, email status (when email is used) and actions columns, pinned on the right.
 */
export function ReportTable({
  rows,
  columns,
  emailUsed,
  selected,
  onToggle,
  onToggleAll,
  sort,
  onSort,
  actions,
}: {
  rows: readonly ReportRow[];
  columns: readonly ReportColumn[];
  emailUsed: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onToggleAll: (all: boolean) => void;
  sort: ReportSort | null;
  onSort: (field: string) => void;
  actions: RowActions;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const chosen = rows.filter((row) => selected.has(row.key)).length;
  const pinned = (right: number, width: number, head = false): SxProps<Theme> => ({
    position: 'sticky',
    right,
    width,
    minWidth: width,
    zIndex: head ? 3 : 1,
    bgcolor: 'background.paper',
    whiteSpace: 'nowrap',
  });
  const actionsWidth = CELL_PADDING + ACTION_WIDTH * (2 + (actions.onPdf ? 1 : 0) + (actions.showCampaign ? 1 : 0));
  const actionsRight = 0;
  const emailRight = actionsWidth;
  const statusRight = actionsWidth + (emailUsed ? EMAIL_STATUS_WIDTH : 0);
  const edgeShadow = { boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}` };

  const cell = (row: ReportRow, column: ReportColumn) => {
    const value = row[column.field];
    if (column.field === 'PublicationDate')
      return new Date(row.PublicationDate).toLocaleDateString(locale, { dateStyle: 'medium' });
    if (column.field === 'Language') return row.Language.toUpperCase();
    if (column.field === 'email' && actions.onEditEmail && row.StatusID !== 3) {
      const edit = actions.onEditEmail;
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.email || '—'}
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
    return value === null || value === undefined || value === '' ? '—' : String(value);
  };

  return (
    <TableContainer sx={{ maxHeight: 'calc(100vh - 23rem)', minHeight: 240 }}>
      <Table stickyHeader size="small" aria-label={translate('reports.table')} sx={{ tableLayout: 'auto' }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ zIndex: 3 }}>
              <Checkbox
                size="small"
                indeterminate={chosen > 0 && chosen < rows.length}
                checked={rows.length > 0 && chosen === rows.length}
                onChange={(event) => onToggleAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': translate('reports.select_all') } }}
              />
            </TableCell>
            {columns.map((column) => (
              <TableCell
                key={column.field}
                sx={{ minWidth: column.width ?? undefined, whiteSpace: 'nowrap' }}
                sortDirection={sort?.field === column.field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
              >
                {isSortable(column.field) ? (
                  <TableSortLabel
                    active={sort?.field === column.field}
                    direction={sort?.field === column.field && sort.order === 'DESC' ? 'desc' : 'asc'}
                    onClick={() => onSort(column.field)}
                  >
                    {translate(columnLabelKey(column.field), { _: column.field })}
                  </TableSortLabel>
                ) : (
                  translate(columnLabelKey(column.field), { _: column.field })
                )}
              </TableCell>
            ))}
            <TableCell
              sx={{ ...pinned(statusRight, STATUS_WIDTH, true), ...edgeShadow }}
              sortDirection={sort?.field === 'StatusID' ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
            >
              <TableSortLabel
                active={sort?.field === 'StatusID'}
                direction={sort?.field === 'StatusID' && sort.order === 'DESC' ? 'desc' : 'asc'}
                onClick={() => onSort('StatusID')}
              >
                {translate('reports.columns.StatusID')}
              </TableSortLabel>
            </TableCell>
            {emailUsed && (
              <TableCell
                sx={pinned(emailRight, EMAIL_STATUS_WIDTH, true)}
                sortDirection={sort?.field === 'LastActivity' ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
              >
                <TableSortLabel
                  active={sort?.field === 'LastActivity'}
                  direction={sort?.field === 'LastActivity' && sort.order === 'DESC' ? 'desc' : 'asc'}
                  onClick={() => onSort('LastActivity')}
                >
                  {translate('reports.columns.EmailStatus')}
                </TableSortLabel>
              </TableCell>
            )}
            <TableCell align="right" sx={pinned(actionsRight, actionsWidth, true)}>
              {translate('reports.columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const isSelected = selected.has(row.key);
            const rowName = `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim() || row.email;
            return (
              <TableRow key={row.key} hover selected={isSelected} data-testid="report-row">
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={isSelected}
                    onChange={() => onToggle(row.key)}
                    slotProps={{ input: { 'aria-label': translate('reports.select_row', { name: rowName }) } }}
                  />
                </TableCell>
                {columns.map((column) => (
                  <TableCell
                    key={column.field}
                    sx={
                      column.width === null
                        ? { whiteSpace: 'nowrap' }
                        : { minWidth: column.width, maxWidth: column.width * 1.5, overflowWrap: 'anywhere' }
                    }
                  >
                    {cell(row, column)}
                  </TableCell>
                ))}
                <TableCell sx={{ ...pinned(statusRight, STATUS_WIDTH), ...edgeShadow }}>
                  <Chip
                    size="small"
                    variant={row.StatusID === 1 ? 'filled' : 'outlined'}
                    color={statusColor(row.StatusID)}
                    label={translate(statusKey(row.StatusID))}
                  />
                </TableCell>
                {emailUsed && (
                  <TableCell sx={pinned(emailRight, EMAIL_STATUS_WIDTH)}>
                    {row.hasEmail ? (
                      <Tooltip
                        title={
                          row.LastActivity
                            ? new Date(row.LastActivity).toLocaleString(locale, {
                                dateStyle: 'medium',
                                timeStyle: 'short',
                              })
                            : ''
                        }
                      >
                        <Chip
                          size="small"
                          variant="outlined"
                          color={emailStatusColor(row.EmailStatus)}
                          label={translate(emailStatusKey(row.EmailStatus))}
                        />
                      </Tooltip>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                )}
                <TableCell align="right" sx={{ ...pinned(actionsRight, actionsWidth), whiteSpace: 'nowrap' }}>
                  {actions.onPdf && (
                    <Tooltip title={translate('reports.actions.pdf')}>
                      <span>
                        <IconButton
                          size="small"
                          disabled={!ENABLED_STATUSES.includes(row.StatusID)}
                          onClick={() => actions.onPdf?.(row)}
                          aria-label={translate('reports.actions.pdf_of', { name: rowName })}
                        >
                          <PdfIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                  <CertificateLinkActions url={row.url} name={rowName} onCopy={() => actions.onCopyLink(row)} />
                  {actions.showCampaign && (
                    <Tooltip title={translate('reports.actions.campaign', { id: row.CampaignID })}>
                      <IconButton
                        size="small"
                        component={Link}
                        to={campaignReportPath(row.CampaignID)}
                        aria-label={translate('reports.actions.campaign', { id: row.CampaignID })}
                      >
                        <CampaignIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
