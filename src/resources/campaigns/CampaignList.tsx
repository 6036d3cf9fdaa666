import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import TableIcon from '@mui/icons-material/TableViewOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Alert, Box, Button, Card, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import {
  DataTable,
  ExportButton,
  ListBase,
  Pagination,
  Title,
  useListContext,
  useLocaleState,
  useTranslate,
  WithRecord,
} from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { CAMPAIGN_PAGE_SIZE, CAMPAIGN_PAGE_SIZES } from '../../../domain/publication';
import { labelIn } from '../../../domain/templates';
import type { CampaignFilter, CampaignRecord } from '../../dataProvider/campaigns';
import { useNumberFormat } from '../../i18n/numberFormat';
import { campaignReportPath } from '../certificates/paths';
import { EXPORT_MAX_ROWS } from '../../components/xlsxExporter';
import { campaignExporter } from './campaignExporter';
import { campaignUser, STATUS_CHIPS, templateIdParam } from './campaignFilters';
import { CampaignFilterBar } from './CampaignFilterBar';
import { PhoneCards, usePhoneWidth } from '../../components/PhoneCards';

/** Read by screen readers only: the view column's header. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The campaigns page (spec 001, Campaigns page): the issuer's campaigns, paged, searched and filtered by date
 * by the server, each with a view action to its report. `?templateId=` (the dashboard's and the template
 * card's link) starts the list on one template; the filter then lives in the address like the others.
 */
export function CampaignList() {
  const [searchParams] = useSearchParams();
  const templateId = templateIdParam(searchParams.get('templateId'));
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const exporter = campaignExporter(
    {
      columns: {
        id: translate('campaigns.export.id'),
        template: translate('campaigns.columns.template'),
        date: translate('campaigns.columns.date'),
        active: translate('campaigns.export.active'),
        certified: translate('campaigns.export.certified'),
        user: translate('campaigns.columns.user'),
        note: translate('campaigns.columns.note'),
        status: translate('campaigns.columns.status'),
      },
      status: (status) => translate(`campaigns.status.${status}`, { _: status }),
      locale,
    },
    translate('campaigns.title'),
  );
  return (
    <ListBase
      exporter={exporter}
      resource="campaigns"
      perPage={CAMPAIGN_PAGE_SIZE}
      filter={templateId !== null ? { templateId } : undefined}
      // a link to one template's campaigns starts from the link, not from the remembered view
      storeKey={templateId !== null ? false : 'campaigns'}
      disableAuthentication
    >
      <CampaignsView linkedTemplateId={templateId ?? undefined} />
    </ListBase>
  );
}

/** `linkedTemplateId`: the link's template, until the first change of the filter puts it in the filter. */
function CampaignsView({ linkedTemplateId }: { linkedTemplateId: number | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = useNumberFormat();
  const { data, total, isPending, error, filterValues, refetch } = useListContext<CampaignRecord>();
  const filter = filterValues as CampaignFilter;
  const templateId = filter.templateId ?? linkedTemplateId;
  const filtered = Boolean(filter.q || filter.startDate || filter.endDate || templateId !== undefined);
  const first = data?.[0];
  const templateLabel = first && templateId !== undefined ? labelIn(first.label, locale) : `#${templateId}`;
  const formatDate = (value: string) =>
    new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const counter = (campaign: CampaignRecord) => (
    <span
      title={translate('campaigns.counter_hint', { active: campaign.nbActive, certified: campaign.certifiedDegrees })}
    >
      {number(campaign.nbActive)} / {number(campaign.certifiedDegrees)}
    </span>
  );
  const status = (campaign: CampaignRecord) => {
    const chip = STATUS_CHIPS[campaign.Status];
    const text = translate(`campaigns.status.${campaign.Status}`, { _: campaign.Status });
    return chip ? (
      <Chip size="small" color={chip} label={text} />
    ) : (
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    );
  };
  /** The way to the campaign's report: an icon in the table, a labelled button on a phone's card. */
  const view = (campaign: CampaignRecord, labelled: boolean) =>
    labelled ? (
      <Button
        component={Link}
        to={campaignReportPath(campaign.ID)}
        size="small"
        startIcon={<VisibilityIcon fontSize="small" />}
        aria-label={translate('campaigns.view_campaign', { id: campaign.ID })}
      >
        {translate('campaigns.view')}
      </Button>
    ) : (
      <IconButton
        component={Link}
        to={campaignReportPath(campaign.ID)}
        size="small"
        aria-label={translate('campaigns.view_campaign', { id: campaign.ID })}
      >
        <VisibilityIcon fontSize="small" />
      </IconButton>
    );
  const phone = usePhoneWidth();

  return (
    <Box>
      <Title title={translate('campaigns.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {total !== undefined ? translate('campaigns.count', { count: total }) : translate('campaigns.title')}
        </Typography>
        <ExportButton maxResults={EXPORT_MAX_ROWS} icon={<TableIcon />} variant="outlined" size="medium" />
      </Box>
      <CampaignFilterBar templateId={templateId} templateLabel={templateLabel} />
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('app.retry')}
            </Button>
          }
        >
          {translate('campaigns.api_failed')}
        </Alert>
      ) : isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : total === 0 ? (
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
          {phone ? (
            <PhoneCards<CampaignRecord>
              title={(campaign) => (
                <>
                  {labelIn(campaign.label, locale)}
                  <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                    {translate('campaigns.campaign_id', { id: campaign.ID })}
                  </Typography>
                </>
              )}
              chips={status}
              lines={[
                { label: translate('campaigns.columns.date'), render: (campaign) => formatDate(campaign.date) },
                { label: translate('campaigns.columns.counter'), render: counter },
                { label: translate('campaigns.columns.user'), render: (campaign) => campaignUser(campaign) || '—' },
                { label: translate('campaigns.columns.note'), render: (campaign) => campaign.Notes || '—' },
              ]}
              actions={<WithRecord<CampaignRecord> render={(campaign) => view(campaign, true)} />}
            />
          ) : (
            <DataTable rowClick={false} bulkActionButtons={false} size="small">
              <DataTable.Col
                label={translate('campaigns.columns.template')}
                render={(campaign: CampaignRecord) => (
                  <>
                    <Typography variant="body2" fontWeight={500}>
                      {labelIn(campaign.label, locale)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {translate('campaigns.campaign_id', { id: campaign.ID })}
                    </Typography>
                  </>
                )}
              />
              <DataTable.Col
                label={translate('campaigns.columns.date')}
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(campaign: CampaignRecord) => formatDate(campaign.date)}
              />
              <DataTable.Col
                label={translate('campaigns.columns.counter')}
                align="right"
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={counter}
              />
              <DataTable.Col
                label={translate('campaigns.columns.user')}
                render={(campaign: CampaignRecord) => campaignUser(campaign) || '—'}
              />
              <DataTable.Col
                label={translate('campaigns.columns.note')}
                cellSx={() => ({ maxWidth: 240, overflowWrap: 'anywhere' })}
                render={(campaign: CampaignRecord) => campaign.Notes || '—'}
              />
              <DataTable.Col label={translate('campaigns.columns.status')} render={status} />
              <DataTable.Col
                align="right"
                label={
                  <Box component="span" sx={visuallyHidden}>
                    {translate('campaigns.view')}
                  </Box>
                }
                render={(campaign: CampaignRecord) => (
                  <Tooltip title={translate('campaigns.view')}>{view(campaign, false)}</Tooltip>
                )}
              />
            </DataTable>
          )}
          <Pagination rowsPerPageOptions={[...CAMPAIGN_PAGE_SIZES]} />
        </Card>
      )}
    </Box>
  );
}
