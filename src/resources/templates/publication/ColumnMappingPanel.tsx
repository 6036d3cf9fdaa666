import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { COLUMN_LABELS, type ColumnMapping, type UnknownColumn } from '../../../../domain/import';

/** The select's value for "ignore this column" (no column of a template is named so: they are letters and digits). */
const IGNORE = '\u0000ignore';

/** What each unknown header is mapped to: a column, IGNORE, or '' while the user has not chosen. */
type Choices = Record<string, string>;

function initialChoices(columns: readonly UnknownColumn[], mapping: ColumnMapping | undefined): Choices {
  const choices: Choices = {};
  for (const { header, suggestion } of columns) {
    const earlier = mapping?.[header];
    choices[header] = earlier === null ? IGNORE : (earlier ?? suggestion ?? '');
  }
  return choices;
}

/** The mapping the choices make, or null while a header has no choice. */
export function mappingOf(columns: readonly UnknownColumn[], choices: Choices): ColumnMapping | null {
  const mapping: Record<string, string | null> = {};
  for (const { header } of columns) {
    const choice = choices[header] ?? '';
    if (choice === '') return null;
    mapping[header] = choice === IGNORE ? null : choice;
  }
  return mapping;
}

/** A column as the select lists it: its translated name for a standard column, then its key as the file writes it. */
function useColumnLabel() {
  const translate = useTranslate();
  return (column: string) =>
    COLUMN_LABELS[column] ? `${translate(`publication.mapping.columns.${column}`)} (${column})` : column;
}

/**
 * The headers of the file that are none of the template's columns (issue 28), each with a select preset to the
 * column it most likely meant: the user maps each to a column or ignores it, and the same file is read again with
 * that mapping (the file itself is not changed). Applying waits until every header has a choice.
 */
export function ColumnMappingPanel({
  unknownColumns,
  columns,
  mapping,
  onApply,
}: {
  unknownColumns: readonly UnknownColumn[];
  /** the template's columns, in the blank file's order */
  columns: readonly string[];
  /** the mapping applied before, when the file was read with one */
  mapping?: ColumnMapping;
  onApply: (mapping: ColumnMapping) => void;
}) {
  const translate = useTranslate();
  const columnLabel = useColumnLabel();
  const [choices, setChoices] = useState(() => initialChoices(unknownColumns, mapping));
  const chosen = mappingOf(unknownColumns, choices);
  const unresolved = unknownColumns.filter(({ header }) => (choices[header] ?? '') === '').length;
  // the column of a mapped header stays visible but is not offered twice
  const taken = new Set(Object.values(choices).filter((choice) => choice !== '' && choice !== IGNORE));

  return (
    <Alert
      severity="warning"
      icon={false}
      data-testid="column-mapping"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>{translate('publication.mapping.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('publication.mapping.intro')}
      </Typography>
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {unknownColumns.map(({ header, cell, suggestion }) => {
          const choice = choices[header] ?? '';
          const selectId = `column-mapping-${cell}`;
          return (
            <Box
              component="li"
              key={header}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, 16rem) minmax(14rem, 22rem) auto' },
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography fontWeight={600} sx={{ wordBreak: 'break-word' }}>
                  {header}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {translate('publication.mapping.header', { cell })}
                </Typography>
              </Box>
              <FormControl size="small" fullWidth>
                <InputLabel id={`${selectId}-label`}>
                  {translate('publication.mapping.select_label', { header })}
                </InputLabel>
                <Select
                  labelId={`${selectId}-label`}
                  id={selectId}
                  value={choice}
                  label={translate('publication.mapping.select_label', { header })}
                  displayEmpty={false}
                  onChange={(event) => setChoices((current) => ({ ...current, [header]: event.target.value }))}
                >
                  <MenuItem value={IGNORE}>
                    <em>{translate('publication.mapping.ignore')}</em>
                  </MenuItem>
                  {columns.map((column) => (
                    <MenuItem key={column} value={column} disabled={taken.has(column) && choice !== column}>
                      {columnLabel(column)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Box>
                {suggestion !== null && choice === suggestion && (
                  <Chip
                    size="small"
                    color="info"
                    variant="outlined"
                    label={translate('publication.mapping.suggested')}
                  />
                )}
              </Box>
            </Box>
          );
        })}
      </Stack>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2.5, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={chosen === null} onClick={() => chosen && onApply(chosen)}>
          {translate('publication.mapping.apply')}
        </Button>
        {unresolved > 0 && (
          <Typography variant="body2" role="status">
            {translate('publication.mapping.unresolved', { count: unresolved })}
          </Typography>
        )}
      </Box>
    </Alert>
  );
}

/** The mapping a file was read with, in one line: "First name → First name (firstName), Notes → ignored". */
export function AppliedMapping({ mapping }: { mapping: ColumnMapping }) {
  const translate = useTranslate();
  const columnLabel = useColumnLabel();
  const list = Object.entries(mapping)
    .map(
      ([header, column]) =>
        `${header} → ${column === null ? translate('publication.mapping.ignored') : columnLabel(column)}`,
    )
    .join(', ');
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="applied-mapping">
      {translate('publication.mapping.applied', { list })}
    </Typography>
  );
}
