import EventIcon from '@mui/icons-material/EventOutlined';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Alert,
  Box,
  IconButton,
  InputAdornment,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TablePagination,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  recipientRowExpiries,
  rowExpiry,
  type CertificateExpiry,
  type ValidityPeriod,
} from '../../../../domain/expiry';
import { COLUMN_LABELS, LANGUAGE_KEY, type ImportRow } from '../../../../domain/import';
import { formatLocalDate } from '../../../../domain/localDate';
import { PUBLICATION_LINE_OPTIONS } from '../../../../domain/publication';
import {
  DEFAULT_LINES,
  filterLanguages,
  filterRows,
  pageOf,
  rowColumns,
  showsExpiry,
  visibleWindow,
  WINDOWED_FROM,
  type IndexedRow,
  type LineOption,
} from './rowsView';

const ALL_LINES = -1;

const CELL_STYLES = {
  '& .row-number': { color: 'text.secondary' },
  '& .row-value': { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
} as const;

/**
 * The translation key of a standard column's header (Language, Email, ID…), which the file writes in English
 * whatever the reader's language (issue 29: French screens showed "Language"); a template's own columns have none.
 */
export function standardColumnKey(column: string): string | null {
  const key = column === LANGUAGE_KEY ? 'language' : column;
  return COLUMN_LABELS[key] ? `publication.mapping.columns.${key}` : null;
}
/**
 * The template's validity above the rows (issue 28): "Valid 2 years: a certificate obtained today expires on
 * 29/11/2028", the date in the interface language's format; nothing when the template gives none.
 */
export function ValidityLine({ validity, today }: { validity: ValidityPeriod | null; today: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!validity) return null;
  const date = rowExpiry({}, validity, today).date ?? '';
  return (
    <Alert severity="info" icon={<EventIcon fontSize="inherit" />} sx={{ mb: 2 }} data-testid="validity-line">
      {translate('publication.expiry.valid', {
        period: translate(`publication.expiry.period.${validity.unit}`, { count: validity.amount }),
        date: formatLocalDate(date, locale),
      })}
    </Alert>
  );
}

/**
 * A row's expiry cell: the date its certificate will carry (a translation row's is its main row's), and whether the
 * main row's own ExpirationDate gave it.
 */
function ExpiryCell({ expiry }: { expiry: CertificateExpiry }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { date, source } = expiry;
  if (date === null) return <TableCell className="row-value">{translate('publication.expiry.never')}</TableCell>;
  const shown = formatLocalDate(date, locale) || date;
  const own = source === 'row' ? translate('publication.expiry.own') : '';
  return (
    <TableCell className="row-value" title={own ? `${shown} · ${own}` : shown}>
      {shown}
      {own && (
        <Typography component="span" variant="caption" color="text.secondary">
          {` · ${own}`}
        </Typography>
      )}
    </TableCell>
  );
}

const NO_TECHNICAL_FIELDS: readonly string[] = [];

/**
 * The imported rows: language filter, text search, line options, and a preview per row. Memoised: drawn ahead
 * while hidden, it is not drawn again at each step of an import, only when its rows come.
 */
export const ImportedRows = memo(function ImportedRows({
  rows,
  languages,
  validity = null,
  today = '',
  technicalFields = NO_TECHNICAL_FIELDS,
  onPreview,
}: {
  rows: readonly ImportRow[];
  languages: readonly string[];
  /** the template's technical fields: rows sharing their values are one recipient, whose certificate has one expiry */
  technicalFields?: readonly string[];
  /** the template's validity: with it (or rows with their own ExpirationDate), a column gives each row's expiry */
  validity?: ValidityPeriod | null;
  /** the publication day (ISO), the obtention date of a row without one */
  today?: string;
  /** opens the preview on one of the shown rows */
  onPreview: (shown: IndexedRow[], position: number) => void;
}) {
  const translate = useTranslate();
  const [language, setLanguage] = useState('');
  const [search, setSearch] = useState('');
  const [lines, setLines] = useState<LineOption>(DEFAULT_LINES);
  const [page, setPage] = useState(0);
  // the table stays mounted from one import to the next (drawn ahead while hidden): new rows start it afresh
  const [rowsShown, setRowsShown] = useState(rows);
  if (rowsShown !== rows) {
    setRowsShown(rows);
    setLanguage('');
    setSearch('');
    setLines(DEFAULT_LINES);
    setPage(0);
  }
  const expiry = useMemo(() => showsExpiry(rows, validity), [rows, validity]);
  // each row's certificate's expiry, as the publish gives it (a translation row: its recipient's main row's)
  const expiries = useMemo(
    () => (expiry ? recipientRowExpiries(rows, technicalFields, validity, today) : []),
    [expiry, rows, technicalFields, validity, today],
  );
  // the computed expiry column stands in for the file's ExpirationDate column
  const columns = useMemo(
    () => rowColumns(rows).filter((column) => !expiry || column !== 'ExpirationDate'),
    [rows, expiry],
  );
  const languageChoices = useMemo(() => filterLanguages(rows, languages), [rows, languages]);
  const shown = useMemo(() => filterRows(rows, { language, search }), [rows, language, search]);
  const container = useRef<HTMLDivElement>(null);
  const firstRow = useRef<HTMLTableRowElement>(null);
  const [view, setView] = useState({ top: 0, height: 600, rowHeight: 33 });
  // "All" over many rows renders the rows in view between two spacers: the table stays fast at 10,000 rows
  const windowed = lines === 'All' && shown.length > WINDOWED_FROM;
  const range = windowed ? visibleWindow(shown.length, view.top, view.height, view.rowHeight) : null;
  const visible = range ? shown.slice(range.start, range.end) : pageOf(shown, lines, page);
  const firstPosition = range ? range.start : lines === 'All' ? 0 : page * lines;
  const measure = () => {
    const element = container.current;
    if (!element) return;
    const rowHeight = firstRow.current?.getBoundingClientRect().height || view.rowHeight;
    if (element.scrollTop !== view.top || element.clientHeight !== view.height || rowHeight !== view.rowHeight)
      setView({ top: element.scrollTop, height: element.clientHeight, rowHeight });
  };
  // only the windowed table needs its measures (another render of the rows otherwise, in the task that shows them)
  useLayoutEffect(() => {
    if (windowed) measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measures the rendered table after each change of rows
  }, [windowed, shown]);
  const languageName = (code: string) => (code === 'all' ? translate('publication.all_languages') : code.toUpperCase());

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('publication.language_filter')}
          value={language}
          onChange={(event) => {
            setLanguage(event.target.value);
            setPage(0);
          }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('publication.every_language')}</MenuItem>
          {languageChoices.map((code) => (
            <MenuItem key={code} value={code}>
              {languageName(code)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          placeholder={translate('publication.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{
            htmlInput: { 'aria-label': translate('publication.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <Typography color="text.secondary" sx={{ ml: 'auto' }} role="status" data-testid="row-count">
          {shown.length === rows.length
            ? translate('publication.row_count', { count: rows.length })
            : translate('publication.row_count_filtered', { count: shown.length, total: rows.length })}
        </Typography>
      </Box>
      <TableContainer
        ref={container}
        onScroll={windowed ? measure : undefined}
        sx={{ maxHeight: 'calc(100vh - 23rem)', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {/* the cells' styles once for the table, not an sx per cell (250 of them to resolve in each render) */}
        <Table size="small" stickyHeader aria-label={translate('publication.rows_title')} sx={CELL_STYLES}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }}>#</TableCell>
              {columns.map((column) => (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                  {standardColumnKey(column) ? translate(standardColumnKey(column)!) : column}
                </TableCell>
              ))}
              {expiry && <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('publication.expiry.column')}</TableCell>}
              <TableCell sx={{ width: 56 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {range && range.start > 0 && <TableRow aria-hidden="true" sx={{ height: range.start * view.rowHeight }} />}
            {visible.map(({ index, row }, i) => (
              <TableRow key={index} hover ref={i === 0 ? firstRow : undefined}>
                <TableCell className="row-number">{index + 1}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column} className="row-value" title={row[column]}>
                    {row[column]}
                  </TableCell>
                ))}
                {expiry && <ExpiryCell expiry={expiries[index]} />}
                <TableCell padding="checkbox">
                  <Tooltip title={translate('publication.preview')}>
                    <IconButton
                      size="small"
                      aria-label={translate('publication.preview_row', { row: index + 1 })}
                      onClick={() => onPreview(shown, firstPosition + i)}
                    >
                      <VisibilityIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {range && range.end < shown.length && (
              <TableRow aria-hidden="true" sx={{ height: (shown.length - range.end) * view.rowHeight }} />
            )}
            {shown.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={columns.length + (expiry ? 3 : 2)}
                  sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}
                >
                  {translate('publication.no_match')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={shown.length}
        page={lines === 'All' ? 0 : page}
        rowsPerPage={lines === 'All' ? ALL_LINES : lines}
        rowsPerPageOptions={PUBLICATION_LINE_OPTIONS.map((option) =>
          option === 'All' ? { label: translate('publication.all_lines'), value: ALL_LINES } : option,
        )}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          const value = Number(event.target.value);
          setLines(value === ALL_LINES ? 'All' : (value as LineOption));
          setPage(0);
        }}
        labelRowsPerPage={translate('publication.lines')}
        labelDisplayedRows={({ from, to, count }) => translate('publication.displayed_rows', { from, to, count })}
        getItemAriaLabel={(type) => translate(`publication.page_${type}`)}
      />
    </Box>
  );
});
