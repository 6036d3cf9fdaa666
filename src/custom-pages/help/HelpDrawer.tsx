import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useHelpForm } from '../../components/HelpContext';
import { HelpContent } from './HelpContent';

/** The help drawer, opened from the header or any page through useHelp().openHelp(). */
export function HelpDrawer() {
  const translate = useTranslate();
  const { open, closeHelp } = useHelpForm();

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={closeHelp}
      slotProps={{ paper: { 'aria-labelledby': 'help-drawer-title', sx: { width: { xs: '100%', sm: 460 } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 3, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="help-drawer-title" variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('help.title')}
        </Typography>
        <IconButton onClick={closeHelp} aria-label={translate('app.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 3, py: 3, overflowY: 'auto' }}>
        <HelpContent onContactDone={closeHelp} contactDoneLabel={translate('app.close')} />
      </Box>
    </Drawer>
  );
}
