import { Box, Card, Checkbox, Divider, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { BulkActionsToolbar, RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';

/** Below MUI's `sm` (600 px): a phone held upright, where a table of several columns cannot fit. */
export function usePhoneWidth(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

export interface PhoneCardLine<R> {
  /** the column's name, shown before its value */
  label: ReactNode;
  render: (row: R) => ReactNode;
}

export interface PhoneCardsProps<R extends RaRecord> {
  /** the card's heading: who or what the row is */
  title: (row: R) => ReactNode;
  /** the row's other columns, one line each (label, then value) */
  lines: PhoneCardLine<R>[];
  /** chips shown under the title (statuses) */
  chips?: (row: R) => ReactNode;
  /** the row's actions, at the bottom of its card (inside the row's record context) */
  actions?: ReactNode;
  /** the selection's actions, as the table's bulk actions; false: no selection */
  bulkActionButtons?: ReactNode | false;
  /** the name a screen reader hears for a row's checkbox */
  selectLabel?: (row: R) => string;
  empty?: ReactNode;
}

/**
 * A list's rows on a phone: one card per row instead of a table wider than the screen (issue 31, "a phone"), with
 * the same selection, bulk actions and row actions as the table. The page's list context (paging, sorting,
 * filters) is the table's: only the drawing changes.
 */
export function PhoneCards<R extends RaRecord>({
  title,
  lines,
  chips,
  actions,
  bulkActionButtons = false,
  selectLabel,
  empty,
}: PhoneCardsProps<R>) {
  const translate = useTranslate();
  const { data, isPending, selectedIds, onToggleItem } = useListContext<R>();
  if (isPending) return null;
  if (!data || data.length === 0) return <>{empty ?? null}</>;
  const selectable = bulkActionButtons !== false;
  return (
    <Box>
      {selectable && selectedIds.length > 0 && (
        <Box
          sx={{
            // the selection's title and its actions wrap onto lines of the card's width
            '& .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': {
              position: 'static',
              transform: 'none',
              flexWrap: 'wrap',
              height: 'auto',
              minHeight: 'auto',
              py: 1,
              gap: 0.5,
            },
            '& .RaBulkActionsToolbar-topToolbar': {
              flexWrap: 'wrap',
              justifyContent: 'flex-start',
              minHeight: 'auto',
              p: 0,
              gap: 0.5,
            },
          }}
        >
          <BulkActionsToolbar>{bulkActionButtons}</BulkActionsToolbar>
        </Box>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
        {data.map((row) => (
          <Card component="li" variant="outlined" key={row.id} sx={{ p: 1.5, minWidth: 0 }}>
            <RecordContextProvider value={row}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                {selectable && (
                  <Checkbox
                    size="small"
                    checked={selectedIds.includes(row.id)}
                    onChange={() => onToggleItem(row.id)}
                    sx={{ mt: -0.75, ml: -0.75 }}
                    slotProps={{
                      input: { 'aria-label': selectLabel ? selectLabel(row) : translate('ra.action.select_row') },
                    }}
                  />
                )}
                <Box sx={{ minWidth: 0, flexGrow: 1, overflowWrap: 'anywhere' }}>
                  <Typography variant="subtitle2" component="p">
                    {title(row)}
                  </Typography>
                  {chips && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>{chips(row)}</Box>}
                </Box>
              </Box>
              {lines.length > 0 && (
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    // a label breaks between its words, never inside one ("Téléchargements" at 390 px): its column is
                    // at least its longest word wide
                    gridTemplateColumns: 'minmax(min-content, 2fr) minmax(0, 3fr)',
                    columnGap: 1.5,
                    rowGap: 0.5,
                    m: 0,
                    mt: 1,
                    typography: 'body2',
                    '& dt': { color: 'text.secondary' },
                    '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
                  }}
                >
                  {lines.map((line, index) => (
                    <Box key={index} sx={{ display: 'contents' }}>
                      <dt>{line.label}</dt>
                      <dd>{line.render(row)}</dd>
                    </Box>
                  ))}
                </Box>
              )}
              {actions && (
                <>
                  <Divider sx={{ my: 1 }} />
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{actions}</Box>
                </>
              )}
            </RecordContextProvider>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
