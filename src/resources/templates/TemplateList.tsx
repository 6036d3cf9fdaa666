import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import SearchIcon from '@mui/icons-material/Search';
import StyleIcon from '@mui/icons-material/StyleOutlined';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  InputAdornment,
  MenuItem,
  Skeleton,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  InfiniteList,
  InfinitePagination,
  useGetList,
  useListContext,
  useLocaleState,
  useTranslate,
  type SortPayload,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { canEditTemplate, isAdministrator } from '../../../domain/permissions';
import type { TemplateFacets } from '../../../domain/templateList';
import type { TemplateSummary } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { LoadingBar } from '../../components/LoadingBar';
import { canUseEditor, editorPath } from './paths';
import { MY_PLAN_PATH } from '../credit-operations/paths';
import { BADGE_IMAGE_LIBRARY_PATH } from '../badge-images/paths';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { PathwayHeader } from './PathwayHeader';
import { TemplateCard } from './TemplateCard';
import { TemplateFilterDrawer } from './TemplateFilterDrawer';
import {
  activeFilterCount,
  commonStatus,
  DEFAULT_FILTERS,
  DEFAULT_LIST_FILTER,
  DEFAULT_TEMPLATE_SORT,
  drawerModes,
  hasPathways,
  readFilters,
  sortOf,
  sortOption,
  STATUS_FILTERS,
  TEMPLATE_SORTS,
  toListFilter,
  withStatus,
  type StatusFilter,
  type TemplateFilters,
  type TemplateSort,
} from './templateListModel';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' } as const;
/** Cards per call: two or three screens of the grid; the next page loads when the user scrolls to the end. */
const PAGE_SIZE = 24;
const SEARCH_PAUSE_MS = 400;
const NO_FACETS: TemplateFacets = { count: 0, types: [], modes: [], pathwayParents: false, tags: [] };

/**
 * The templates page (spec 001): a react-admin InfiniteList of cards whose search, filters and sort live in the
 * URL and are applied by the server (GET /api/templates), with the count title, banners, the filter drawer (its
 * sections from GET /api/templates/facets) and the pathway mode.
 */
export function TemplateList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <InfiniteList<TemplateSummary>
      resource="templates"
      title={translate('templates.title')}
      actions={false}
      empty={false}
      component="div"
      perPage={PAGE_SIZE}
      sort={sortOf(DEFAULT_TEMPLATE_SORT)}
      filterDefaultValues={DEFAULT_LIST_FILTER}
      // a new search, filter or sort keeps the cards on screen (and a card's open menu) until its answer replaces them
      queryOptions={{ meta: { language: locale }, placeholderData: keepPreviousData }}
      pagination={<InfinitePagination />}
    >
      <TemplateListView />
    </InfiniteList>
  );
}

function TemplateListView() {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const { data, total, isPending, isPlaceholderData, error, filterValues, setFilters, sort, setSort } =
    useListContext<TemplateSummary>();
  const filters = readFilters(filterValues);
  const facetsQuery = useQuery({ queryKey: ['templates', 'facets'], queryFn: () => dataProvider.templateFacets() });
  const facets = facetsQuery.data ?? NO_FACETS;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pathwayMode, setPathwayMode] = useState(false);
  // the box shows what is typed at once; the URL and the server follow after a pause in typing
  const [search, setSearch] = useState(filters.search);
  const sentSearch = useRef(filters.search);
  // Every change of the view (the search after a pause in typing, a filter, the sort) sends the whole view at once:
  // the text typed, the filters and the sort last chosen. react-admin builds a change on the query of the render
  // that asks for it, and react-router draws a navigation as a transition, which a busy page may draw after a later
  // urgent update: a change asked from a render that has not drawn the previous one yet would otherwise undo it (a
  // sort chosen as the search's pause ended was put back, or the search dropped). react-admin gathers the two calls
  // below into one change of the address.
  const latestList = useRef({ filters, setFilters, setSort });
  latestList.current = { filters, setFilters, setSort };
  const chosenSort = useRef<SortPayload>(sort);
  const { field: sortField, order: sortOrder } = sort;
  useEffect(() => {
    // the list's own sort once drawn (a sort chosen here, or one from the address: back, a shared link)
    chosenSort.current = { field: sortField, order: sortOrder };
  }, [sortField, sortOrder]);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const sendView = ({ filters: next, sort: chosen }: { filters?: TemplateFilters; sort?: SortPayload } = {}) => {
    // a change made during the pause takes the search typed with it
    clearTimeout(searchTimer.current);
    if (chosen) chosenSort.current = chosen;
    const { filters: drawn, setFilters: applyFilters, setSort: applySort } = latestList.current;
    applyFilters(toListFilter({ ...(next ?? drawn), search: sentSearch.current }), {}, false);
    applySort(chosenSort.current);
  };
  const setListFilters = (next: TemplateFilters) => sendView({ filters: next });
  // the pause's end is a state change, sent by an effect after the next render, whose setFilters has seen every
  // change drawn before it
  const [pausesEnded, setPausesEnded] = useState(0);
  const latestSendView = useRef(sendView);
  latestSendView.current = sendView;
  useEffect(() => {
    if (pausesEnded > 0) latestSendView.current();
  }, [pausesEnded]);
  const typeSearch = (text: string) => {
    setSearch(text);
    sentSearch.current = text;
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => setPausesEnded((count) => count + 1), SEARCH_PAUSE_MS);
  };
  useEffect(() => {
    if (filters.search !== sentSearch.current) {
      sentSearch.current = filters.search;
      setSearch(filters.search);
    }
  }, [filters.search]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['templates'] });
  const types = facets.types;
  const modes = drawerModes(facets);
  const pathways = hasPathways(facets, user?.hasPathway === true);
  const canEditPathways = user !== undefined && user.hasPathway && canEditTemplate(user.profileId);
  const filterCount = activeFilterCount(filters);
  const cards = data ?? [];
  const welcome =
    facetsQuery.isSuccess &&
    facets.count === 0 &&
    (user?.metatemplates ?? []).some((m) => m.Type === 'openbadge' || m.Type === 'cpf_onshelf');

  return (
    <Box>
      {user?.plan === 'FREE_TRIAL' && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={Link} to={MY_PLAN_PATH}>
              {translate('templates.free_trial_action')}
            </Button>
          }
        >
          {translate('templates.free_trial', { credits: user.credits })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {isPending ? translate('templates.title') : translate('templates.count', { count: total ?? 0 })}
        </Typography>
        {user && canUseEditor(user, 'badge') && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={Link}
            to={editorPath('badge')}
            data-tour="new-badge"
          >
            {translate('editor.menu.new_badge')}
          </Button>
        )}
        {user && canUseEditor(user, 'registry') && (
          <Button variant="outlined" startIcon={<AddIcon />} component={Link} to={editorPath('registry')}>
            {translate('editor.menu.new_registry')}
          </Button>
        )}
        {/* the badge image library and, from it, the designer: part of the templates area (issue 29) */}
        <Button variant="outlined" startIcon={<ImageIcon />} component={Link} to={BADGE_IMAGE_LIBRARY_PATH}>
          {translate('resources.badge-images.name')}
        </Button>
        {canEditPathways && !pathwayMode && (
          <Button variant="outlined" startIcon={<AccountTreeIcon />} onClick={() => setPathwayMode(true)}>
            {translate('templates.pathway.open')}
          </Button>
        )}
        <TextField
          size="small"
          placeholder={translate('templates.search')}
          aria-label={translate('templates.search')}
          data-tour="template-search"
          value={search}
          onChange={(e) => typeSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          // wide enough for the longest placeholder, the French « Rechercher par libellé, identifiant ou notes »
          sx={{ width: { xs: '100%', sm: 400 }, bgcolor: 'background.paper' }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={commonStatus(filters, types)}
          onChange={(_, status: StatusFilter | null) => status && setListFilters(withStatus(filters, status))}
          aria-label={translate('templates.status')}
        >
          {STATUS_FILTERS.map((status) => (
            <ToggleButton key={status} value={status}>
              {translate(`templates.status_${status}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={translate('templates.sort')}
          value={sortOption(sort)}
          onChange={(e) => sendView({ sort: sortOf(e.target.value as TemplateSort) })}
          sx={{ minWidth: 240, bgcolor: 'background.paper' }}
        >
          {TEMPLATE_SORTS.map((option) => (
            <MenuItem key={option} value={option}>
              {translate(`templates.sorts.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <Badge badgeContent={filterCount} color="primary">
          <Button
            variant="outlined"
            startIcon={<FilterListIcon />}
            onClick={() => setDrawerOpen(true)}
            aria-label={translate('templates.filters.open', { count: filterCount })}
          >
            {translate('templates.filters.title')}
          </Button>
        </Badge>
        {filterCount > 0 && (
          <Button size="small" onClick={() => setListFilters({ ...DEFAULT_FILTERS, search, status: filters.status })}>
            {translate('templates.filters.reset')}
          </Button>
        )}
      </Box>
      <TemplateFilterDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        filters={filters}
        onChange={setListFilters}
        types={types}
        modes={modes}
        pathways={pathways}
        tagNames={facets.tags}
        canManageTags={user !== undefined && isAdministrator(user.profileId)}
      />
      {pathwayMode && user && canEditPathways && (
        <PathwayMode issuerId={user.issuerId} onSaved={refresh} onClose={() => setPathwayMode(false)} />
      )}
      <Box sx={{ height: 4, mt: -2, mb: 1.5 }}>
        {isPlaceholderData && <LoadingBar aria-label={translate('templates.refreshing')} />}
      </Box>
      {error ? (
        <Alert severity="error">{translate('app.error_generic')}</Alert>
      ) : isPending || !user ? (
        <Box sx={GRID}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={300} />
          ))}
        </Box>
      ) : cards.length > 0 ? (
        <Box sx={{ ...GRID, opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {cards.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              user={user}
              tagNames={facets.tags}
              onChanged={refresh}
            />
          ))}
        </Box>
      ) : (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 8, px: 3 }}>
          <StyleIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6" component="p" gutterBottom>
            {translate(facets.count === 0 ? 'templates.empty' : 'templates.no_match')}
          </Typography>
          <Typography color="text.secondary">
            {translate(welcome ? 'templates.welcome' : 'templates.empty_hint')}
          </Typography>
        </Card>
      )}
    </Box>
  );
}

/**
 * The pathway mode (spec 001 section 4) chooses parents and children among every template of the issuer, whatever
 * the page's filter: it reads them in one list of its own, by label, only while it is open.
 */
function PathwayMode({ issuerId, onSaved, onClose }: { issuerId: number; onSaved: () => void; onClose: () => void }) {
  const [locale] = useLocaleState();
  const { data } = useGetList<TemplateSummary>('templates', {
    pagination: { page: 1, perPage: 2000 },
    sort: { field: 'label', order: 'ASC' },
    meta: { language: locale },
  });
  return <PathwayHeader issuerId={issuerId} templates={data ?? []} onSaved={onSaved} onClose={onClose} />;
}
