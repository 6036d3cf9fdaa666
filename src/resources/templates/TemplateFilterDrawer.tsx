import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import type { TemplateSummary } from '../../../domain/templates';
import {
  PATHWAY_LEVELS,
  STATUS_FILTERS,
  toggled,
  typeStatusOf,
  type CertificateType,
  type StatusFilter,
  type TemplateFilters,
} from './templateListModel';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ px: 2.5, py: 2 }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The tag filter drawer of the templates page (spec 001): a section per certificate type with its selection
 * and its status; the delivery modes when both exist; the pathway levels for an issuer with pathways; the tags,
 * with a clear button and, for administrators, the way to the tags page.
 */
export function TemplateFilterDrawer({
  open,
  onClose,
  filters,
  onChange,
  types,
  modes,
  pathways,
  tagNames,
  canManageTags,
}: {
  open: boolean;
  onClose: () => void;
  filters: TemplateFilters;
  onChange: (filters: TemplateFilters) => void;
  /** the types present among the templates */
  types: readonly CertificateType[];
  /** the delivery modes, when both exist */
  modes: readonly TemplateSummary['mode'][];
  pathways: boolean;
  tagNames: readonly string[];
  canManageTags: boolean;
}) {
  const translate = useTranslate();
  const title = translate('templates.filters.title');

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } }, role: 'dialog', 'aria-label': title } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      {types.length > 0 && (
        <Section title={translate('templates.filters.types')}>
          <Stack spacing={1.5}>
            {types.map((type) => {
              const name = translate(`templates.filters.type.${type}`);
              return (
                <Box key={type}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        size="small"
                        checked={filters.types.includes(type)}
                        onChange={() => onChange({ ...filters, types: toggled(filters.types, type) })}
                      />
                    }
                    label={name}
                  />
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    id={`type-status-${type}`}
                    aria-label={translate('templates.filters.type_status', { type: name })}
                  >
                    {translate('templates.status')}
                  </Typography>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    fullWidth
                    value={typeStatusOf(filters, type)}
                    onChange={(_, status: StatusFilter | null) =>
                      status && onChange({ ...filters, typeStatus: { ...filters.typeStatus, [type]: status } })
                    }
                    aria-labelledby={`type-status-${type}`}
                  >
                    {STATUS_FILTERS.map((status) => (
                      <ToggleButton key={status} value={status} sx={{ py: 0.25 }}>
                        {translate(`templates.status_${status}`)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Box>
              );
            })}
          </Stack>
        </Section>
      )}
      {modes.length > 0 && (
        <>
          <Divider />
          <Section title={translate('templates.mode')}>
            <CheckboxGroup
              options={modes}
              selected={filters.modes}
              onChange={(next) => onChange({ ...filters, modes: next })}
              label={(mode) => translate(`templates.modes.${mode}`)}
            />
          </Section>
        </>
      )}
      {pathways && (
        <>
          <Divider />
          <Section title={translate('templates.filters.levels')}>
            <CheckboxGroup
              options={PATHWAY_LEVELS}
              selected={filters.levels}
              onChange={(levels) => onChange({ ...filters, levels })}
              label={(level) => translate(`templates.filters.level.${level}`)}
            />
          </Section>
        </>
      )}
      <Divider />
      <Section title={translate('templates.tags')}>
        {tagNames.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('templates.filters.no_tags')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {tagNames.map((tag) => {
              const on = filters.tags.includes(tag);
              return (
                <Chip
                  key={tag}
                  label={tag}
                  size="small"
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => onChange({ ...filters, tags: toggled(filters.tags, tag) })}
                />
              );
            })}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
          <Button size="small" disabled={filters.tags.length === 0} onClick={() => onChange({ ...filters, tags: [] })}>
            {translate('templates.clear_tags')}
          </Button>
          {canManageTags && (
            <Button size="small" component={Link} to="/template-tags">
              {translate('templates.manage_tags')}
            </Button>
          )}
        </Box>
      </Section>
    </Drawer>
  );
}
