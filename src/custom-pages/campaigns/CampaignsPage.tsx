import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { DateRangeFields } from '../../components/DateRangeFields';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  InputAdornment,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { CAMPAIGN_PAGE_SIZES, type CampaignsResponse } from '../../../domain/publication';
import { labelIn } from '../../../domain/templates';
import { apiFetch } from '../../dataProvider/httpClient';
import {
  campaignsQuery,
  campaignUser,
  DATE_SHORTCUTS,
  FIRST_PAGE,
  STATUS_CHIPS,
  templateIdParam,
  type CampaignFilters,
  type CampaignPage,
} from './campaignsQuery';

export const CAMPAIGNS_PATH = '/campaigns';

/** A campaign's report (the reports page), where the view action goes. */
export const campaignReportPath = (campaignId: number) => `/reports/${campaignId}`;

const SEARCH_DELAY_MS = 300;

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: CampaignsResponse };

/**
 * The campaigns page (spec 001, Campaigns page): search, date range with shortcuts, the campaigns of the
 * issuer (or of one template with ?templateId=) page by page, each with a view action to its report.
 */
export function CampaignsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [searchParams, setSearchParams] = useSearchParams();
  const templateId = templateIdParam(searchParams.get('templateId'));
  const [search, setSearch] = useState('');
  const [dates, setDates] = useState({ startDate: '', endDate: '' });
  const [filter, setFilter] = useState('');
  const [paging, setPaging] = useState<CampaignPage>(FIRST_PAGE);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const filters: CampaignFilters = useMemo(
    () => ({ search: filter, ...dates, templateId }),
    [filter, dates, templateId],
  );

  const changeDates = (range: { startDate?: string; endDate?: string }) => {
    setDates((current) => ({ ...current, ...range }));
    setPaging((current) => ({ ...current, page: 0 }));
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(search);
      setPaging((current) => (search === filter ? current : { ...current, page: 0 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter]);

  useEffect(() => {
    let active = true;
    setLoad((current) => (current.status === 'loaded' ? current : { status: 'loading' }));
    apiFetch<CampaignsResponse>(`/api/admin/campaigns?${campaignsQuery(filters, paging)}`, { method: 'POST' })
      .then(({ body }) => active && setLoad({ status: 'loaded', data: body }))
      .catch(() => active && setLoad({ status: 'failed' }));
    return () => {
      active = false;
    };
  }, [filters, paging, attempt]);

  const filtered =
    filters.search.trim() !== '' || filters.startDate !== '' || filters.endDate !== '' || filters.templateId !== null;
  const data = load.status === 'loaded' ? load.data : null;
  const templateLabel = data?.lastCampaign ? labelIn(data.lastCampaign.label, locale) : `#${filters.templateId}`;
  const formatDate = (value: string) =>
    new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Box>
      <Title title={translate('campaigns.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {data ? translate('campaigns.count', { count: data.nbCampaigns }) : translate('campaigns.title')}
        </Typography>
        <TextField
          size="small"
          placeholder={translate('campaigns.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': translate('campaigns.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 380 }, bgcolor: 'background.paper' }}
        />
      </Box>
      <Box sx={{ mb: 2.5 }}>
        <DateRangeFields
          range={filters}
          shortcuts={DATE_SHORTCUTS}
          onChange={changeDates}
          labels={{
            group: translate('campaigns.date_range'),
            start: translate('campaigns.start_date'),
            end: translate('campaigns.end_date'),
            shortcuts: translate('campaigns.shortcuts'),
            shortcut: (days) => translate(`campaigns.last_${days}`),
          }}
        >
          {(filters.startDate !== '' || filters.endDate !== '') && (
            <Button size="small" onClick={() => changeDates({ startDate: '', endDate: '' })}>
              {translate('campaigns.clear_dates')}
            </Button>
          )}
          {filters.templateId !== null && (
            <Chip
              color="primary"
              label={translate('campaigns.template_filter', { label: templateLabel })}
              onDelete={() => {
                setSearchParams({});
                setPaging((current) => ({ ...current, page: 0 }));
              }}
              deleteIcon={<CloseIcon aria-label={translate('campaigns.clear_template')} />}
            />
          )}
        </DateRangeFields>
      </Box>

      {load.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {translate('app.retry')}
            </Button>
          }
        >
          {translate('campaigns.api_failed')}
        </Alert>
      ) : data === null ? (
        <Skeleton variant="rounded" height={240} />
      ) : data.nbCampaigns === 0 ? (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 8, px: 3 }}>
          <CampaignIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6" component="p" gutterBottom>
            {translate(filtered ? 'campaigns.no_match' : 'campaigns.empty')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: filtered ? 0 : 2 }}>
            {translate(filtered ? 'campaigns.no_match_hint' : 'campaigns.empty_hint')}
          </Typography>
          {!filtered && (
            <Button component={Link} to="/templates" variant="outlined">
              {translate('campaigns.to_templates')}
            </Button>
          )}
        </Card>
      ) : (
        <Card variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={translate('campaigns.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('campaigns.columns.template')}</TableCell>
                  <TableCell>{translate('campaigns.columns.date')}</TableCell>
                  <TableCell align="right">{translate('campaigns.columns.counter')}</TableCell>
                  <TableCell>{translate('campaigns.columns.user')}</TableCell>
                  <TableCell>{translate('campaigns.columns.note')}</TableCell>
                  <TableCell>{translate('campaigns.columns.status')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.campaigns.map((campaign) => {
                  const label = labelIn(campaign.label, locale);
                  const chip = STATUS_CHIPS[campaign.Status];
                  const status = translate(`campaigns.status.${campaign.Status}`, { _: campaign.Status });
                  return (
                    <TableRow key={campaign.ID} hover>
                      <TableCell>
                        <Typography variant="body2" fontWeight={500}>
                          {label}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {translate('campaigns.campaign_id', { id: campaign.ID })}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(campaign.date)}</TableCell>
                      <TableCell
                        align="right"
                        sx={{ whiteSpace: 'nowrap' }}
                        title={translate('campaigns.counter_hint', {
                          active: campaign.nbActive,
                          certified: campaign.certifiedDegrees,
                        })}
                      >
                        {campaign.nbActive} / {campaign.certifiedDegrees}
                      </TableCell>
                      <TableCell>{campaignUser(campaign) || '—'}</TableCell>
                      <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{campaign.Notes || '—'}</TableCell>
                      <TableCell>
                        {chip ? (
                          <Chip size="small" color={chip} label={status} />
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            {status}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right" padding="checkbox">
                        <Tooltip title={translate('campaigns.view')}>
                          <IconButton
                            component={Link}
                            to={campaignReportPath(campaign.ID)}
                            size="small"
                            aria-label={translate('campaigns.view_campaign', { id: campaign.ID })}
                          >
                            <VisibilityIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.nbCampaigns}
            page={paging.page}
            rowsPerPage={paging.perPage}
            rowsPerPageOptions={[...CAMPAIGN_PAGE_SIZES]}
            onPageChange={(_, page) => setPaging((current) => ({ ...current, page }))}
            onRowsPerPageChange={(event) => setPaging({ page: 0, perPage: Number(event.target.value) })}
            labelRowsPerPage={translate('campaigns.per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('campaigns.displayed', { from, to, count })}
            getItemAriaLabel={(type) => translate(`campaigns.page_${type}`)}
          />
        </Card>
      )}
    </Box>
  );
}
