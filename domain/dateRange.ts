import { todayIso } from './import/blankFile';

/** A range of days as the date inputs and the API take them: YYYY-MM-DD, '' for an open bound where allowed. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The last `days` days, today included, in the user's time zone (the date pickers' shortcuts). */
export function lastDays(days: number, today: Date = new Date()): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { startDate: todayIso(start), endDate: todayIso(today) };
}

/** Which of `shortcuts` the range is, if any. */
export function rangeShortcut<S extends number>(
  range: DateRange,
  shortcuts: readonly S[],
  today: Date = new Date(),
): S | null {
  return (
    shortcuts.find((days) => {
      const shortcut = lastDays(days, today);
      return shortcut.startDate === range.startDate && shortcut.endDate === range.endDate;
    }) ?? null
  );
}
