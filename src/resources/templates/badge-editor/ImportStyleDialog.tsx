import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { CStyle } from '../../../../domain/templateRules/style';
import { labelIn, type TemplateSummary } from '../../../../domain/templates';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';

/**
 * "Import the style of another template" (spec 001 section 3): the issuer's other templates; the one chosen
 * has its label and design read, and its design replaces the current one.
 */
export function ImportStyleDialog({
  open,
  issuerId,
  excludeId,
  onClose,
  onImport,
}: {
  open: boolean;
  issuerId: number;
  excludeId: number | null;
  onClose: () => void;
  onImport: (cstyle: CStyle) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const [locale] = useLocaleState();
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setMessage(null);
    dataProvider.getEditorTemplates().then(
      (list) => active && setTemplates(list.filter((template) => template.id !== excludeId)),
      () => active && setMessage('app.error_generic'),
    );
    return () => {
      active = false;
    };
  }, [open, excludeId, dataProvider]);

  const choose = async (template: TemplateSummary) => {
    setPending(true);
    setMessage(null);
    try {
      const meta = await dataProvider.getTemplateMeta(issuerId, template.id);
      if (meta.meta_cstyle) onImport(structuredClone(meta.meta_cstyle));
      else setMessage('editor.design.import_no_style');
    } catch {
      setMessage('app.error_generic');
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="import-style-title">
      <DialogTitle id="import-style-title">{translate('editor.design.import')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('editor.design.import_hint')}
        </Typography>
        {message && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate(message)}
          </Alert>
        )}
        {templates === null && !message ? (
          <Skeleton height={120} />
        ) : templates && templates.length === 0 ? (
          <Typography>{translate('editor.design.import_none')}</Typography>
        ) : (
          <List dense aria-label={translate('editor.design.import')}>
            {(templates ?? []).map((template) => (
              <ListItemButton key={template.id} disabled={pending} onClick={() => void choose(template)}>
                <ListItemText
                  primary={labelIn(template.label, locale)}
                  secondary={translate(`templates.types.${template.type}`, { _: template.type })}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
