import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DuplicateIcon from '@mui/icons-material/ContentCopyOutlined';
import EmojiIcon from '@mui/icons-material/EmojiEventsOutlined';
import TitleIcon from '@mui/icons-material/Title';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  CANVAS_SIZE,
  newElement,
  palette,
  type BadgeElement,
  type BadgeModel,
} from '../../../../domain/badgeImage/model';
import { DesignerCanvas } from './DesignerCanvas';
import { IconPicker } from './IconPicker';
import { PropertyPanel } from './PropertyPanel';
import { useDesigner } from './useDesigner';
import { useFonts } from './useFonts';

/** What a layer is called in the list: its text, or its type. */
function layerLabel(element: BadgeElement, translate: (key: string) => string): string {
  if (element.type === 'text' && element.text.trim()) return `${translate('designer.types.text')}: ${element.text}`;
  if (element.type === 'shape')
    return `${translate('designer.types.shape')}: ${translate(`designer.shapes.${element.shape}`)}`;
  return translate(`designer.types.${element.type}`);
}

/**
 * The vector badge designer (spec 002 section 2.6): add buttons, undo and the layers on the left, the 512x512
 * canvas in the middle, the selected element's properties on the right. Reports every change of the model and
 * whether there are changes to save.
 */
export function Designer({
  initial,
  onChange,
}: {
  initial: BadgeModel;
  onChange(model: BadgeModel, changed: boolean): void;
}) {
  const translate = useTranslate();
  const designer = useDesigner(initial, onChange);
  const { fonts, ready } = useFonts();
  const [pickingIcon, setPickingIcon] = useState<'add' | 'replace' | null>(null);
  const { model, selected } = designer;
  const colors = palette(model);
  const layers = model.data.map((element, index) => ({ element, index })).reverse();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA)$/.test(target.tagName) && (target as HTMLInputElement).type !== 'range') return;
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        designer.undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [designer]);

  const addButtons = [
    { type: 'shape', icon: <CategoryIcon />, onClick: () => designer.add(newElement('shape')) },
    { type: 'text', icon: <TitleIcon />, onClick: () => designer.add(newElement('text')) },
    { type: 'icon', icon: <EmojiIcon />, onClick: () => setPickingIcon('add') },
    { type: 'image', icon: <AddPhotoIcon />, onClick: () => designer.add(newElement('image')) },
  ] as const;

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ p: 1.5, width: 240, flexShrink: 0 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {translate('designer.add')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          {addButtons.map((button) => (
            <Button key={button.type} size="small" variant="outlined" startIcon={button.icon} onClick={button.onClick}>
              {translate(`designer.types.${button.type}`)}
            </Button>
          ))}
        </Box>
        <Button
          fullWidth
          size="small"
          startIcon={<UndoIcon />}
          disabled={!designer.canUndo}
          onClick={designer.undo}
          sx={{ mt: 1 }}
        >
          {translate('designer.undo')}
        </Button>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('designer.layers')}
        </Typography>
        {layers.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('designer.no_layers')}
          </Typography>
        ) : null}
        <List dense aria-label={translate('designer.layers')} sx={{ maxHeight: 360, overflow: 'auto' }}>
          {layers.map(({ element, index }) => (
            <ListItem key={index} disablePadding sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
              <ListItemButton selected={selected === index} onClick={() => designer.select(index)}>
                <ListItemText primary={layerLabel(element, translate)} slotProps={{ primary: { noWrap: true } }} />
              </ListItemButton>
              {selected === index ? (
                <Stack direction="row" sx={{ justifyContent: 'flex-end', bgcolor: 'action.selected' }}>
                  <LayerAction
                    label="designer.move_up"
                    onClick={() => designer.moveUp(index)}
                    icon={<ArrowUpIcon fontSize="small" />}
                  />
                  <LayerAction
                    label="designer.move_down"
                    onClick={() => designer.moveDown(index)}
                    icon={<ArrowDownIcon fontSize="small" />}
                  />
                  <LayerAction
                    label="designer.duplicate"
                    onClick={() => designer.duplicate(index)}
                    icon={<DuplicateIcon fontSize="small" />}
                  />
                  <LayerAction
                    label="designer.delete"
                    onClick={() => designer.remove(index)}
                    icon={<DeleteIcon fontSize="small" />}
                  />
                </Stack>
              ) : null}
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper
        variant="outlined"
        data-testid="designer-canvas"
        sx={{
          width: CANVAS_SIZE,
          height: CANVAS_SIZE,
          flexShrink: 0,
          // a checkerboard shows what is transparent in the exported image
          backgroundImage:
            'linear-gradient(45deg,#eee 25%,transparent 25%),linear-gradient(-45deg,#eee 25%,transparent 25%),linear-gradient(45deg,transparent 75%,#eee 75%),linear-gradient(-45deg,transparent 75%,#eee 75%)',
          backgroundSize: '20px 20px',
          backgroundPosition: '0 0,0 10px,10px -10px,-10px 0',
          bgcolor: '#fff',
          boxSizing: 'content-box',
        }}
      >
        {ready ? <DesignerCanvas designer={designer} /> : null}
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5, width: 280, flexShrink: 0 }}>
        {selected !== null && model.data[selected] ? (
          <PropertyPanel
            element={model.data[selected]}
            onChange={(patch) => designer.update(selected, patch)}
            palette={colors}
            fonts={fonts}
            onPickIcon={() => setPickingIcon('replace')}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('designer.nothing_selected')}
          </Typography>
        )}
      </Paper>
      <IconPicker
        open={pickingIcon !== null}
        onClose={() => setPickingIcon(null)}
        onPick={(svg) => {
          if (pickingIcon === 'replace' && selected !== null)
            designer.update(selected, { icon: svg } as Partial<BadgeElement>);
          else designer.add(newElement('icon', svg));
          setPickingIcon(null);
        }}
      />
    </Stack>
  );
}

function LayerAction({ label, onClick, icon }: { label: string; onClick(): void; icon: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(label)}>
      <IconButton size="small" aria-label={translate(label)} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
