import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslate } from 'react-admin';
import { tableColumns, type ReferenceTable } from '../../../../domain/templateRules/referenceTables';
import { COLUMN_DEFAULT_WIDTH, COLUMN_KEY_STEP, resizedWidth } from './gridLayout';

const KEY_COLUMN = '\u0000key';
const ACTIONS_WIDTH = 120;

/**
 * One ref_ table as a grid (spec 001, Reference table screen): the entry key, then the union of the entries'
 * fields, in columns the user can widen or narrow; an Add button and per-row Update buttons while editing.
 */
export function ReferenceTableGrid({
  name,
  table,
  editing,
  onAdd,
  onUpdate,
}: {
  name: string;
  table: ReferenceTable;
  editing: boolean;
  onAdd: () => void;
  onUpdate: (key: string) => void;
}) {
  const translate = useTranslate();
  const fields = tableColumns(table);
  const entries = Object.entries(table);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const widthOf = (column: string) => widths[column] ?? COLUMN_DEFAULT_WIDTH;
  const resize = (column: string, width: number) => setWidths((current) => ({ ...current, [column]: width }));
  const totalWidth =
    [KEY_COLUMN, ...fields].reduce((sum, column) => sum + widthOf(column), 0) + (editing ? ACTIONS_WIDTH : 0);
  const headingId = `reftable-${name}`;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardHeader
        title={
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontFamily: 'monospace' }}>
            {name}
          </Typography>
        }
        subheader={translate('reftable.entry_count', { count: entries.length })}
        action={
          editing && (
            <Button startIcon={<AddIcon />} onClick={onAdd} aria-label={translate('reftable.add_to', { table: name })}>
              {translate('reftable.add')}
            </Button>
          )
        }
        slotProps={{ subheader: { variant: 'body2' } }}
        sx={{ pb: 1 }}
      />
      <TableContainer sx={{ maxHeight: 'calc(100vh - 23rem)', borderTop: 1, borderColor: 'divider' }}>
        <Table
          stickyHeader
          size="small"
          aria-labelledby={headingId}
          sx={{ tableLayout: 'fixed', width: totalWidth, minWidth: '100%' }}
        >
          <colgroup>
            <col style={{ width: widthOf(KEY_COLUMN) }} />
            {fields.map((field) => (
              <col key={field} style={{ width: widthOf(field) }} />
            ))}
            {editing && <col style={{ width: ACTIONS_WIDTH }} />}
          </colgroup>
          <TableHead>
            <TableRow>
              {[KEY_COLUMN, ...fields].map((column) => {
                const title = column === KEY_COLUMN ? translate('reftable.key') : column;
                return (
                  <TableCell key={column} sx={{ position: 'relative', fontWeight: 600, whiteSpace: 'nowrap' }}>
                    <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {title}
                    </Box>
                    <ResizeHandle
                      label={translate('reftable.resize', { column: title })}
                      width={widthOf(column)}
                      onResize={(width) => resize(column, width)}
                    />
                  </TableCell>
                );
              })}
              {editing && (
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('reftable.actions')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.length === 0 && (
              <TableRow>
                <TableCell colSpan={fields.length + (editing ? 2 : 1)}>
                  <Typography variant="body2" color="text.secondary">
                    {translate('reftable.no_entries')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {entries.map(([key, entry]) => (
              <TableRow key={key} hover data-testid="reftable-row">
                <TableCell component="th" scope="row" sx={{ ...cellText, fontWeight: 500 }}>
                  {key}
                </TableCell>
                {fields.map((field) => (
                  <TableCell key={field} sx={cellText}>
                    {entry[field] ?? ''}
                  </TableCell>
                ))}
                {editing && (
                  <TableCell align="right" sx={{ verticalAlign: 'top', py: '3px' }}>
                    <Button
                      size="small"
                      onClick={() => onUpdate(key)}
                      aria-label={translate('reftable.update_entry', { key })}
                    >
                      {translate('reftable.update')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

const cellText = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', verticalAlign: 'top' } as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The column's right edge: drag it, or focus it and use the arrow keys. */
function ResizeHandle({ label, width, onResize }: { label: string; width: number; onResize: (width: number) => void }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (start.current) onResize(resizedWidth(start.current.width, event.clientX - start.current.x));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowRight' ? COLUMN_KEY_STEP : event.key === 'ArrowLeft' ? -COLUMN_KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    onResize(resizedWidth(width, step));
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (start.current = null)}
      onPointerCancel={() => (start.current = null)}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        top: 6,
        bottom: 6,
        right: 0,
        width: 7,
        cursor: 'col-resize',
        touchAction: 'none',
        borderRight: 2,
        borderColor: 'divider',
        '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
      }}
    />
  );
}
