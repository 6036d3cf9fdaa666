import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Checkbox, Drawer, FormControlLabel, FormGroup, IconButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IssuerStats } from '../../../domain/dashboard';
import { toggledIssuer } from './dashboardView';

/**
 * The validator's issuer filter (spec 000 section 2.5): one checkbox per issuer, "clear all" while any is checked
 * and "select all" when none is.
 */
export function IssuerFilterDrawer({
  open,
  onClose,
  issuers,
  selected,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  issuers: IssuerStats[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
}) {
  const translate = useTranslate();
  const titleId = 'dashboard-issuer-filter-title';
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-labelledby': titleId } }}>
      <Box sx={{ width: 340, p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {translate('dashboard.filter_title')}
          </Typography>
          <IconButton onClick={onClose} aria-label={translate('app.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box>
          {selected.size > 0 ? (
            <Button size="small" onClick={() => onChange(new Set())}>
              {translate('dashboard.clear_all')}
            </Button>
          ) : (
            <Button size="small" onClick={() => onChange(new Set(issuers.map((issuer) => issuer.id)))}>
              {translate('dashboard.select_all')}
            </Button>
          )}
        </Box>
        <FormGroup>
          {issuers.map((issuer) => (
            <FormControlLabel
              key={issuer.id}
              control={
                <Checkbox
                  checked={selected.has(issuer.id)}
                  onChange={() => onChange(toggledIssuer(selected, issuer.id))}
                />
              }
              label={issuer.label}
            />
          ))}
        </FormGroup>
      </Box>
    </Drawer>
  );
}
