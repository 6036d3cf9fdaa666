import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { IconEntry } from '../../../dataProvider/badgeImages';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';

const SETS = ['heroicons/outline', 'heroicons/solid', 'lucide/outline'] as const;
const SHOWN = 120;

/** The icon catalogue (heroicons outline and solid, lucide outline) with a name search. */
export function IconPicker({ open, onClose, onPick }: { open: boolean; onClose(): void; onPick(svg: string): void }) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const [set, setSet] = useState<(typeof SETS)[number]>('heroicons/outline');
  const [search, setSearch] = useState('');
  const { data: icons = [] } = useQuery({
    queryKey: ['badge-images', 'icons'],
    queryFn: () => dataProvider.badgeIconCatalogue(),
    enabled: open,
    staleTime: Infinity,
  });
  const text = search.trim().toLowerCase();
  const matching = icons.filter((icon: IconEntry) => `${icon.group}/${icon.style}` === set && icon.name.includes(text));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('designer.choose_icon')}</DialogTitle>
      <DialogContent>
        <Tabs value={set} onChange={(_, value) => setSet(value)} sx={{ mb: 1 }}>
          {SETS.map((s) => (
            <Tab key={s} value={s} label={translate(`designer.icon_sets.${s.replace('/', '_')}`)} />
          ))}
        </Tabs>
        <TextField
          size="small"
          fullWidth
          autoFocus
          label={translate('designer.search_icons')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mb: 2 }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(64px, 1fr))', gap: 1 }}>
          {matching.slice(0, SHOWN).map((icon) => (
            <Button
              key={icon.hash}
              title={icon.name}
              aria-label={icon.name}
              onClick={() => onPick(icon.data)}
              sx={{ minWidth: 0, p: 1, color: 'text.primary' }}
            >
              <Box
                component="img"
                alt=""
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(icon.data)}`}
                // the catalogue's strokes are black: drawn light on the dark theme's paper (3:1 for graphics)
                sx={(theme) => ({
                  width: 32,
                  height: 32,
                  ...(theme.palette.mode === 'dark' && { filter: 'invert(1)' }),
                })}
              />
            </Button>
          ))}
        </Box>
        {matching.length > SHOWN ? (
          <Typography variant="caption" color="text.secondary">
            {translate('designer.more_icons', { count: matching.length - SHOWN })}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
