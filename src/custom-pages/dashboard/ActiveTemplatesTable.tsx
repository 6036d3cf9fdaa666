import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNumberFormat } from '../../i18n/numberFormat';
import { publicTemplatePath } from '../../resources/templates/templateThumbnail';
import { ACTIVITY_SORT_FIELDS, nextSort, type ActivityRow, type ActivitySort } from './dashboardView';

/**
 * The active templates of the period (spec 000 section 2.5): issuer (validators only), template, active count,
 * sent count, sortable; a view action to the public template page, and on the user's own issuer's rows a
 * shortcut to the template's campaigns.
 */
export function ActiveTemplatesTable({
  rows,
  sort,
  onSort,
  showIssuer,
  onCampaigns,
}: {
  rows: ActivityRow[];
  sort: ActivitySort;
  onSort: (sort: ActivitySort) => void;
  showIssuer: boolean;
  onCampaigns: (templateId: number) => void;
}) {
  const translate = useTranslate();
  const number = useNumberFormat();
  const columns = ACTIVITY_SORT_FIELDS.filter((field) => showIssuer || field !== 'issuer');
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('dashboard.table_title')}>
        <TableHead>
          <TableRow>
            {columns.map((field) => {
              const numeric = field === 'actives' || field === 'sent';
              return (
                <TableCell
                  key={field}
                  align={numeric ? 'right' : 'left'}
                  sortDirection={sort.field === field ? sort.order : false}
                >
                  <TableSortLabel
                    active={sort.field === field}
                    direction={sort.field === field ? sort.order : numeric ? 'desc' : 'asc'}
                    onClick={() => onSort(nextSort(sort, field))}
                  >
                    {translate(`dashboard.columns.${field}`)}
                  </TableSortLabel>
                </TableCell>
              );
            })}
            <TableCell align="right">{translate('dashboard.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.templateId} hover>
              {showIssuer && <TableCell>{row.issuer}</TableCell>}
              <TableCell sx={{ fontWeight: 500 }}>{row.template}</TableCell>
              <TableCell align="right">{number(row.actives)}</TableCell>
              <TableCell align="right">{number(row.sent)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.25 }}>
                <Tooltip title={translate('dashboard.view_template')}>
                  <IconButton
                    component="a"
                    href={publicTemplatePath(row.issuerId, row.templateId)}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="small"
                    aria-label={translate('dashboard.view_template_named', { label: row.template })}
                  >
                    <OpenInNewIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {row.actionable && (
                  <Tooltip title={translate('dashboard.to_campaigns')}>
                    <IconButton
                      size="small"
                      onClick={() => onCampaigns(row.templateId)}
                      aria-label={translate('dashboard.to_campaigns_named', { label: row.template })}
                    >
                      <CampaignIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
