import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Chip, InputAdornment, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { lastDays, rangeShortcut } from '../../../domain/dateRange';
import { LocalDateField } from '../../components/LocalDateField';
import type { CampaignFilter } from '../../dataProvider/campaigns';
import { checkDateRange, DATE_SHORTCUTS, FILTER_DELAY_MS } from './campaignFilters';

interface Draft {
  q: string;
  startDate: string;
  endDate: string;
}

const draftOf = (filter: CampaignFilter): Draft => ({
  q: filter.q ?? '',
  startDate: filter.startDate ?? '',
  endDate: filter.endDate ?? '',
});

/** The list's filter from the typed values: only what is set, the template kept. */
function filterOf(draft: Draft, templateId: number | undefined): CampaignFilter {
  return {
    ...(templateId !== undefined ? { templateId } : {}),
    ...(draft.q.trim() ? { q: draft.q.trim() } : {}),
    ...(draft.startDate ? { startDate: draft.startDate } : {}),
    ...(draft.endDate ? { endDate: draft.endDate } : {}),
  };
}

/**
 * The campaigns page's search box and date range with shortcuts (spec 001, Campaigns page). The text and both
 * dates are one draft that goes to the list's filter (so to the URL) once the typing stops: a date typed
 * keystroke by keystroke is asked once complete, the search text is never dropped by a date, and From after To
 * is refused with a message. A shortcut is highlighted only while the range is exactly that shortcut.
 */
export function CampaignFilterBar({
  templateId,
  templateLabel,
}: {
  /** the list's template: in the filter, or the link's */
  templateId: number | undefined;
  templateLabel: string;
}) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const applied = filterValues as CampaignFilter;
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const sent = useRef(JSON.stringify(filterOf(draftOf(applied), templateId)));

  // the address changed under us (back button, a link): show what it holds
  useEffect(() => {
    const current = JSON.stringify(filterOf(draftOf(applied), templateId));
    if (current !== sent.current) {
      sent.current = current;
      setDraft(draftOf(applied));
    }
  }, [applied, templateId]);

  const check = checkDateRange(draft);
  useEffect(() => {
    if (check !== 'ok') return;
    const next = filterOf(draft, templateId);
    const serialised = JSON.stringify(next);
    if (serialised === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = serialised;
      setFilters(next, undefined, false);
    }, FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, check, templateId, setFilters]);

  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const shortcut = rangeShortcut(draft, DATE_SHORTCUTS);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 2.5 }}>
      <TextField
        size="small"
        placeholder={translate('campaigns.search')}
        value={draft.q}
        onChange={(event) => change({ q: event.target.value })}
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
      <Box
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}
        role="group"
        aria-label={translate('campaigns.date_range')}
      >
        <LocalDateField
          label={translate('campaigns.start_date')}
          value={draft.startDate}
          onChange={(startDate) => change({ startDate })}
          error={check === 'reversed'}
          helperText={check === 'reversed' ? translate('campaigns.date_reversed') : undefined}
        />
        <LocalDateField
          label={translate('campaigns.end_date')}
          value={draft.endDate}
          onChange={(endDate) => change({ endDate })}
          error={check === 'reversed'}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={shortcut}
          onChange={(_, days: number | null) => change(days === null ? { startDate: '', endDate: '' } : lastDays(days))}
          aria-label={translate('campaigns.shortcuts')}
        >
          {DATE_SHORTCUTS.map((days) => (
            <ToggleButton key={days} value={days}>
              {translate(`campaigns.last_${days}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {(draft.startDate !== '' || draft.endDate !== '') && (
          <Button size="small" onClick={() => change({ startDate: '', endDate: '' })} sx={{ height: 40 }}>
            {translate('campaigns.clear_dates')}
          </Button>
        )}
        {templateId !== undefined && (
          <Chip
            color="primary"
            label={translate('campaigns.template_filter', { label: templateLabel })}
            onDelete={() => {
              const next = filterOf(draft, undefined);
              sent.current = JSON.stringify(next);
              setFilters(next, undefined, false);
            }}
            deleteIcon={<CloseIcon aria-label={translate('campaigns.clear_template')} />}
            sx={{ mt: 0.5 }}
          />
        )}
      </Box>
    </Box>
  );
}
