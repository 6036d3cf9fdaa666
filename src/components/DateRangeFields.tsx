import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ReactNode } from 'react';
import { lastDays, rangeShortcut, type DateRange } from '../../domain/dateRange';
import { LocalDateField } from './LocalDateField';

export interface DateRangeLabels {
  group: string;
  start: string;
  end: string;
  shortcuts: string;
  shortcut: (days: number) => string;
}

/**
 * Two date inputs and the shortcut buttons (last 7, 30, 90 days…), with the page's own buttons after them.
 * A required range keeps two ordered bounds (an emptied or reversed bound is ignored, a shortcut cannot be
 * turned off); an optional one may be open, and turning its shortcut off clears it.
 */
export function DateRangeFields(props: {
  range: DateRange;
  shortcuts: readonly number[];
  required?: boolean;
  labels: DateRangeLabels;
  onChange: (range: DateRange) => void;
  children?: ReactNode;
}) {
  const { range, required = false, labels, onChange } = props;
  const change = (next: Partial<DateRange>) => {
    const merged = { ...range, ...next };
    if (required && (merged.startDate === '' || merged.endDate === '' || merged.startDate > merged.endDate)) return;
    onChange(merged);
  };
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
      role="group"
      aria-label={labels.group}
    >
      <LocalDateField
        label={labels.start}
        value={range.startDate}
        onChange={(startDate) => change({ startDate })}
        max={range.endDate || undefined}
      />
      <LocalDateField
        label={labels.end}
        value={range.endDate}
        onChange={(endDate) => change({ endDate })}
        min={range.startDate || undefined}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={rangeShortcut(range, props.shortcuts)}
        onChange={(_, days: number | null) => {
          if (days !== null) onChange(lastDays(days));
          else if (!required) onChange({ startDate: '', endDate: '' });
        }}
        aria-label={labels.shortcuts}
      >
        {props.shortcuts.map((days) => (
          <ToggleButton key={days} value={days}>
            {labels.shortcut(days)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {props.children}
    </Box>
  );
}
