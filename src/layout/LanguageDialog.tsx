import CheckIcon from '@mui/icons-material/Check';
import { Dialog, DialogTitle, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { SUPPORTED_LANGUAGES } from '../../domain/language';
import { LANGUAGE_NAMES } from '../i18n/i18nProvider';

/** The language dialog of the user menu: one entry per available language, the current one ticked. */
export function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="language-dialog-title">
      <DialogTitle id="language-dialog-title">{translate('language.title')}</DialogTitle>
      <List sx={{ minWidth: 280, pb: 2 }}>
        {SUPPORTED_LANGUAGES.map((language) => (
          // each button in its own list item, so that the list holds only list items (axe: list)
          <ListItem key={language} disablePadding>
            <ListItemButton
              selected={language === locale}
              aria-current={language === locale ? 'true' : undefined}
              lang={language}
              onClick={() => {
                setLocale(language);
                onClose();
              }}
            >
              <ListItemIcon>{language === locale ? <CheckIcon color="primary" /> : null}</ListItemIcon>
              <ListItemText primary={LANGUAGE_NAMES[language]} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Dialog>
  );
}
