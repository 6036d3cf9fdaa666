import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
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
import { useMemo, useState } from 'react';
import { Title, useAuthenticated, useGetList, useLocaleState, useStore, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { canEditTemplate, isAdministrator } from '../../../domain/permissions';
import type { TemplateSummary } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { canUseEditor, editorPath } from '../../custom-pages/badge-editor/editorPaths';
import { MY_PLAN_PATH } from '../../custom-pages/my-plan/paths';
import { PathwayHeader } from './PathwayHeader';
import { TemplateCard } from './TemplateCard';
import { TemplateFilterDrawer } from './TemplateFilterDrawer';
import {
  activeFilterCount,
  commonStatus,
  DEFAULT_FILTERS,
  DEFAULT_TEMPLATE_SORT,
  hasPathways,
  presentModes,
  presentTypes,
  readFilters,
  STATUS_FILTERS,
  TEMPLATE_SORTS,
  visibleTemplates,
  withStatus,
  type StatusFilter,
  type TemplateFilters,
  type TemplateSort,
} from './templateListModel';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' } as const;

/**
 * The templates page (spec 001): count title, search, sort orders, status, banners, the filter drawer, the pathway
 * mode, and the card grid.
 */
export function TemplateList() {
  useAuthenticated();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { user } = useCurrentUser();
  const [storedFilters, setFilters] = useStore<TemplateFilters>('templates.filters', DEFAULT_FILTERS);
  const filters = useMemo(() => readFilters(storedFilters), [storedFilters]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pathwayMode, setPathwayMode] = useState(false);
  const [sort, setSort] = useStore<TemplateSort>('templates.sort', DEFAULT_TEMPLATE_SORT);
  const [search, setSearch] = useState(filters.search);
  const { data, isPending, error, refetch } = useGetList<TemplateSummary>('templates', {
    pagination: { page: 1, perPage: 10_000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const all = useMemo(() => data ?? [], [data]);
  const shown = useMemo(
    () => visibleTemplates(all, { ...filters, search }, sort, locale),
    [all, filters, search, sort, locale],
  );
  const tagNames = useMemo(() => [...new Set(all.flatMap((t) => t.tags))].sort((a, b) => a.localeCompare(b)), [all]);
  const types = useMemo(() => presentTypes(all), [all]);
  const modes = useMemo(() => presentModes(all), [all]);
  const pathways = hasPathways(all, user?.hasPathway === true);
  const canEditPathways = user !== undefined && user.hasPathway && canEditTemplate(user.profileId);
  const filterCount = activeFilterCount(filters);
  const welcome =
    !isPending &&
    all.length === 0 &&
    (user?.metatemplates ?? []).some((m) => m.Type === 'openbadge' || m.Type === 'cpf_onshelf');

  return (
    <Box>
      <Title title={translate('templates.title')} />
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
          {isPending ? translate('templates.title') : translate('templates.count', { count: shown.length })}
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
          onChange={(e) => {
            setSearch(e.target.value);
            setFilters({ ...filters, search: e.target.value });
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 300 }, bgcolor: 'background.paper' }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={commonStatus(filters, types)}
          onChange={(_, status: StatusFilter | null) => status && setFilters(withStatus(filters, status))}
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
          value={sort}
          onChange={(e) => setSort(e.target.value as TemplateSort)}
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
          <Button size="small" onClick={() => setFilters({ ...DEFAULT_FILTERS, search, status: filters.status })}>
            {translate('templates.filters.reset')}
          </Button>
        )}
      </Box>
      <TemplateFilterDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        filters={filters}
        onChange={setFilters}
        types={types}
        modes={modes}
        pathways={pathways}
        tagNames={tagNames}
        canManageTags={user !== undefined && isAdministrator(user.profileId)}
      />
      {pathwayMode && user && canEditPathways && (
        <PathwayHeader
          issuerId={user.issuerId}
          templates={all}
          onSaved={() => void refetch()}
          onClose={() => setPathwayMode(false)}
        />
      )}
      {error ? (
        <Alert severity="error">{translate('app.error_generic')}</Alert>
      ) : isPending || !user ? (
        <Box sx={GRID}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={300} />
          ))}
        </Box>
      ) : shown.length > 0 ? (
        <Box sx={GRID}>
          {shown.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              user={user}
              tagNames={tagNames}
              onChanged={() => void refetch()}
            />
          ))}
        </Box>
      ) : (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 8, px: 3 }}>
          <StyleIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6" component="p" gutterBottom>
            {translate(all.length === 0 ? 'templates.empty' : 'templates.no_match')}
          </Typography>
          <Typography color="text.secondary">
            {translate(welcome ? 'templates.welcome' : 'templates.empty_hint')}
          </Typography>
        </Card>
      )}
    </Box>
  );
}
