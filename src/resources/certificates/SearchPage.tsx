import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Card, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DataTable,
  ListBase,
  Pagination,
  Title,
  useGetList,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { canPublish } from '../../../domain/permissions';
import { checkSearch, SEARCH_COOLDOWN_MS, type SearchMode } from '../../../domain/reports';
import { labelIn, type TemplateSummary } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { CertificateBulkActions } from './CertificateBulkActions';
import { EmailStatusChip, StatusChip } from './CertificateFields';
import { useActivityColumns } from './activityColumns';
import { rowName } from './certificateLabels';
import { CertificateRowActions } from './CertificateRowActions';
import { inlineBulkToolbar } from './ReportTable';
import { PhoneCards, usePhoneWidth } from '../../components/PhoneCards';
import { OperationScope } from './OperationScope';
import { ReissueScope } from './ReissueScope';
import { useCycledSetSort } from './sortCycle';

/** The server's own order (newest first): the search's first load and the third click on a column. */
const NO_SORT = { field: '', order: 'ASC' as const };

export { SEARCH_PATH } from './paths';

export const SEARCH_MODES: readonly SearchMode[] = ['email', 'key', 'url'];

/** Statuses only NFT certificates reach: their template's certificates cannot be deleted. */
const NFT_STATUSES = [11, 13, 14];

/** The search button: disabled with empty text, while searching and during the cooldown. */
export function canSearch(state: { text: string; searching: boolean; coolingDown: boolean }): boolean {
  return state.text.trim() !== '' && !state.searching && !state.coolingDown;
}

/**
 * The certificate search page (spec 002 sections 2.4, 4 and 5): a list of the `certificates` resource whose
 * filter is the search (mode and value, so the last search is in the address and the store); results one per
 * key, sorted and paged by the server, selectable, with what each recipient did (views, downloads, LinkedIn,
 * verifications); bulk disable, enable and delete for those who can publish.
 */
export function SearchPage() {
  const translate = useTranslate();
  return (
    <Box>
      <Title title={translate('search.title')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('search.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('search.intro')}
      </Typography>
      <ListBase
        resource="certificates"
        filter={{ view: 'search' }}
        storeKey="certificates.search"
        perPage={20}
        sort={NO_SORT}
        disableAuthentication
      >
        <SearchReissueScope>
          <SearchForm />
          <SearchResults />
        </SearchReissueScope>
      </ListBase>
    </Box>
  );
}

/** Correct and re-issue is offered on the search to those who may publish (issue 28), beside the bulk operations. */
function SearchReissueScope({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return (
    <OperationScope>
      <ReissueScope enabled={user ? canPublish(user.profileId) : false}>{children}</ReissueScope>
    </OperationScope>
  );
}

function SearchForm() {
  const translate = useTranslate();
  const { filterValues, setFilters, isFetching = false } = useListContext();
  const applied = filterValues as { mode?: SearchMode; value?: string };
  const [mode, setMode] = useState<SearchMode>(applied.mode ?? 'email');
  const [text, setText] = useState(applied.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const [coolingDown, setCoolingDown] = useState(false);
  const cooldown = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (cooldown.current && clearTimeout(cooldown.current)), []);

  /** editing the text or the mode clears the results */
  const clear = (nextMode: SearchMode) => {
    setError(null);
    if (applied.value) setFilters({ mode: nextMode }, undefined, false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSearch({ text, searching: isFetching, coolingDown })) return;
    const check = checkSearch(mode, text);
    if (!check.ok) {
      setError(translate(`search.${check.error}`));
      return;
    }
    setError(null);
    // the URL mode searches the key it holds; the box keeps what was typed
    setFilters({ mode, value: text.trim() }, undefined, false);
    setCoolingDown(true);
    cooldown.current = setTimeout(() => setCoolingDown(false), SEARCH_COOLDOWN_MS);
  };

  return (
    <Card variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Box
        component="form"
        onSubmit={submit}
        role="search"
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          select
          size="small"
          label={translate('search.mode')}
          value={mode}
          onChange={(event) => {
            const next = event.target.value as SearchMode;
            setMode(next);
            clear(next);
          }}
          sx={{ minWidth: 170 }}
        >
          {SEARCH_MODES.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`search.modes.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            clear(mode);
          }}
          placeholder={translate(`search.placeholders.${mode}`)}
          error={error !== null}
          helperText={error}
          slotProps={{ htmlInput: { 'aria-label': translate(`search.labels.${mode}`), spellCheck: false } }}
          sx={{ flex: '1 1 320px' }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchIcon />}
          disabled={!canSearch({ text, searching: isFetching, coolingDown })}
          sx={{ height: 40 }}
        >
          {translate(isFetching && applied.value ? 'search.searching' : 'search.button')}
        </Button>
      </Box>
    </Card>
  );
}

function SearchResults() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { user } = useCurrentUser();
  const { filterValues, total, data, selectedIds, isPending, error } = useListContext<CertificateRecord>();
  const searched = Boolean((filterValues as { value?: string }).value);
  // the template of each row by name, from the templates list (react-admin's cache)
  const { data: templates } = useGetList<TemplateSummary & { id: number }>(
    'templates',
    { pagination: { page: 1, perPage: 1000 } },
    { enabled: searched },
  );
  const canAct = user ? canPublish(user.profileId) : false;
  // third click on a column: back to the server's order (spec 002 section 9)
  const cycledSetSort = useCycledSetSort(NO_SORT);
  const phone = usePhoneWidth();
  // what recipients did (issue 31), as in the report
  const activityColumns = useActivityColumns();
  if (!searched)
    return (
      <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
        <ManageSearchIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
        <Typography>{translate('search.hint')}</Typography>
      </Box>
    );
  if (error) return <Alert severity="error">{translate('search.error_api_call')}</Alert>;
  if (!isPending && total === 0) return <Alert severity="info">{translate('search.no_result')}</Alert>;
  const templateLabel = (templateId: number) => {
    const template = templates?.find((item) => item.id === templateId);
    return template ? labelIn(template.label, locale) : translate('search.template_number', { id: templateId });
  };
  const selected = (data ?? []).filter((row) => selectedIds.includes(row.id));
  const nft = selected.some((row) => NFT_STATUSES.includes(row.StatusID) || Boolean(row.txInBlockchainExplorer));
  const bulkActionButtons = canAct ? (
    // the server refuses templates without fields to certify; the page does not know them
    <CertificateBulkActions context={{ nft, fieldsToCertified: 'unknown' }} />
  ) : (
    false
  );
  const date = (row: CertificateRecord) =>
    new Date(row.PublicationDate).toLocaleDateString(locale, { dateStyle: 'medium' });
  const heading = (
    <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
      {translate('search.results', { count: total ?? 0 })}
    </Typography>
  );
  const pagination = <Pagination rowsPerPageOptions={(total ?? 0) > 20 ? [20, 40, 60, 80] : []} />;
  if (phone) {
    return (
      <Card variant="outlined">
        {heading}
        <PhoneCards<CertificateRecord>
          title={(row) => (
            <>
              {templateLabel(row.TemplateID)}
              <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                {translate('search.campaign_of', { id: row.CampaignID, name: rowName(row) })}
              </Typography>
            </>
          )}
          chips={(row) => (
            <>
              <StatusChip row={row} />
              {row.hasEmail && <EmailStatusChip row={row} />}
            </>
          )}
          lines={[
            { label: translate('search.columns.date'), render: date },
            { label: translate('search.columns.email'), render: (row) => row.email || '—' },
            ...activityColumns.map(({ label, render }) => ({ label, render })),
          ]}
          actions={<CertificateRowActions onPdf={null} showCampaign />}
          bulkActionButtons={bulkActionButtons}
          selectLabel={(row) => translate('reports.select_row', { name: rowName(row) })}
        />
        {pagination}
      </Card>
    );
  }
  return (
    <Card variant="outlined">
      {heading}
      <DataTable
        rowClick={false}
        size="small"
        setSort={cycledSetSort}
        sx={{
          ...inlineBulkToolbar,
          // ten columns with the activity's: narrower gutters keep the row's actions on a 1280 px screen
          '& .MuiTableCell-sizeSmall:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        }}
        bulkActionButtons={bulkActionButtons}
      >
        <DataTable.Col
          source="TemplateID"
          label={translate('search.columns.template')}
          render={(row: CertificateRecord) => (
            <>
              <Typography variant="body2" fontWeight={500}>
                {templateLabel(row.TemplateID)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('search.campaign_of', { id: row.CampaignID, name: rowName(row) })}
              </Typography>
            </>
          )}
        />
        <DataTable.Col
          source="PublicationDate"
          label={translate('search.columns.date')}
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={date}
        />
        <DataTable.Col
          source="StatusID"
          label={translate('search.columns.status')}
          render={(row: CertificateRecord) => <StatusChip row={row} />}
        />
        <DataTable.Col
          source="email"
          label={translate('search.columns.email')}
          render={(row: CertificateRecord) => (
            <>
              <Typography variant="body2">{row.email || '—'}</Typography>
              {row.hasEmail && (
                <Box sx={{ mt: 0.5 }}>
                  <EmailStatusChip row={row} />
                </Box>
              )}
            </>
          )}
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
        <DataTable.Col
          label={translate('reports.columns.actions')}
          align="right"
          render={() => <CertificateRowActions onPdf={null} showCampaign />}
        />
      </DataTable>
      {pagination}
    </Card>
  );
}
