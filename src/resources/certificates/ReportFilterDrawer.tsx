import { lastDays, rangeShortcut } from '../../../domain/dateRange';
import {
  Box,
  Button,
  Checkbox,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { LocalDateField } from '../../components/LocalDateField';
import { DEFAULT_WALLET_FILTER, defaultMailFilter } from '../../../domain/reports';
import { DEFAULT_VIEWED_FILTER } from '../../../domain/activity';
import { useMailDelivery } from './CertificateFields';
import { mailFilterKey, statusKey, viewedFilterKey, walletFilterKey } from './certificateLabels';
import {
  DATE_SHORTCUTS,
  defaultFilters,
  EXPIRING_DAYS,
  type ExpiryFilter,
  resolveFilters,
  statusFilterValues,
  type ReportFilterValues,
  type ReportOptions,
  type ResolvedFilters,
} from './reportFilters';

/**
 * The filter drawer (spec 002 section 2.2): statuses, mail sent, wallet, page views, a pending
 * correction request (issue 28), and on the template report a date range with
 * the last 7 and 30 days shortcuts. Changes apply with the Apply button; the parent gives a new key on each
 * opening, so an opening starts from the filters in force.
 */
export function ReportFilterDrawer({
  open,
  filters,
  options,
  withDates,
  onApply,
  onClose,
}: {
  open: boolean;
  filters: ReportFilterValues;
  options: ReportOptions;
  withDates: boolean;
  onApply: (filters: ResolvedFilters) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const delivery = useMailDelivery();
  const [draft, setDraft] = useState(() => resolveFilters(filters, options));
  const shortcut = rangeShortcut(draft, DATE_SHORTCUTS);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': translate('reports.filters.title') } }}
    >
      <Box
        component="form"
        role="group"
        aria-label={translate('reports.filters.title')}
        sx={{ width: 320, p: 3, display: 'flex', flexDirection: 'column', gap: 2.5, height: '100%' }}
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <Typography variant="h6" component="h2">
          {translate('reports.filters.title')}
        </Typography>
        <CheckboxGroup
          legend={translate('reports.filters.status')}
          options={statusFilterValues(options.nft)}
          selected={draft.statuses}
          onChange={(statuses) => setDraft({ ...draft, statuses })}
          label={(value) => translate(statusKey(value))}
        />
        <Divider />
        <CheckboxGroup
          legend={translate('reports.filters.mail_sent')}
          options={defaultMailFilter(options.tracking)}
          selected={draft.mailSent}
          onChange={(mailSent) => setDraft({ ...draft, mailSent })}
          label={(value) => translate(mailFilterKey(value, delivery))}
        />
        <Divider />
        <CheckboxGroup
          legend={translate('reports.filters.wallet')}
          options={DEFAULT_WALLET_FILTER}
          selected={draft.wallet}
          onChange={(wallet) => setDraft({ ...draft, wallet })}
          label={(value) => translate(walletFilterKey(value))}
        />
        <Divider />
        <CheckboxGroup
          legend={translate('reports.filters.viewed')}
          options={DEFAULT_VIEWED_FILTER}
          selected={draft.viewed}
          onChange={(viewed) => setDraft({ ...draft, viewed })}
          label={(value) => translate(viewedFilterKey(value))}
        />
        <Divider />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.correction}
              onChange={(event) => setDraft({ ...draft, correction: event.target.checked })}
            />
          }
          label={translate('reports.filters.correction')}
        />
        <FormControl>
          <FormLabel id="report-expiry-filter">{translate('reports.filters.expiry')}</FormLabel>
          <RadioGroup
            aria-labelledby="report-expiry-filter"
            value={draft.expiry}
            onChange={(event) => setDraft({ ...draft, expiry: event.target.value as ExpiryFilter | '' })}
          >
            <FormControlLabel
              value=""
              control={<Radio size="small" />}
              label={translate('reports.filters.expiry_all')}
            />
            <FormControlLabel
              value="expired"
              control={<Radio size="small" />}
              label={translate('reports.filters.expired')}
            />
            <FormControlLabel
              value="expiring"
              control={<Radio size="small" />}
              label={translate('reports.filters.expiring', { count: EXPIRING_DAYS })}
            />
          </RadioGroup>
        </FormControl>
        {withDates && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <FormLabel component="legend">{translate('reports.filters.dates')}</FormLabel>
              <LocalDateField
                label={translate('reports.filters.start_date')}
                value={draft.startDate}
                onChange={(startDate) => setDraft({ ...draft, startDate })}
                max={draft.endDate || undefined}
              />
              <LocalDateField
                label={translate('reports.filters.end_date')}
                value={draft.endDate}
                onChange={(endDate) => setDraft({ ...draft, endDate })}
                min={draft.startDate || undefined}
              />
              <ToggleButtonGroup
                size="small"
                exclusive
                value={shortcut}
                onChange={(_, days: number | null) =>
                  setDraft({ ...draft, ...(days === null ? { startDate: '', endDate: '' } : lastDays(days)) })
                }
                aria-label={translate('reports.filters.shortcuts')}
              >
                {DATE_SHORTCUTS.map((days) => (
                  <ToggleButton key={days} value={days} sx={{ flex: 1 }}>
                    {translate('reports.filters.last_days', { count: days })}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          </>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 'auto', pt: 2 }}>
          <Button color="inherit" onClick={() => setDraft(defaultFilters(options))}>
            {translate('reports.filters.reset')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onClose} color="inherit">
            {translate('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={
              draft.statuses.length === 0 ||
              draft.mailSent.length === 0 ||
              draft.wallet.length === 0 ||
              draft.viewed.length === 0
            }
          >
            {translate('reports.filters.apply')}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
