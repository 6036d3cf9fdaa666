import MoreVertIcon from '@mui/icons-material/MoreVert';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../../domain/auth';
import { canEditTemplate, canPublish } from '../../../domain/permissions';
import { labelIn, templateFamily, type TemplateSummary } from '../../../domain/templates';
import { canUseEditor, editorPath } from '../../custom-pages/badge-editor/editorPaths';
import { publicationPath } from '../../custom-pages/publication/PublicationPage';
import { reftablePath } from '../../custom-pages/reftable/paths';
import { templateCalls } from './templateCalls';

/** One template of the grid: thumbnail, description, tags, notes and the More menu (spec 001, Templates page). */
export function TemplateCard({
  template,
  user,
  onChanged,
}: {
  template: TemplateSummary;
  user: CurrentUser;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notes, setNotes] = useState(template.notes);
  const [saving, setSaving] = useState(false);
  const label = labelIn(template.label, locale);
  const notesChanged = notes.trim() !== template.notes.trim();
  const canEdit = canEditTemplate(user.profileId);
  const canImport = canPublish(user.profileId) && template.usable && template.enable;
  const family = templateFamily(template.type);
  const editable = family !== null && canUseEditor(user, family) ? family : null;

  const toggle = async () => {
    setConfirming(false);
    try {
      await (template.enable ? templateCalls.disable : templateCalls.enable)(user.issuerId, template.id);
      notify(template.enable ? 'templates.disabled' : 'templates.enabled', { type: 'success' });
      onChanged();
    } catch {
      notify('app.error_generic', { type: 'error' });
    }
  };

  const saveNotes = async () => {
    setSaving(true);
    try {
      await templateCalls.saveNotes(user.issuerId, template.id, notes);
      setNotes(notes.trim());
      notify('templates.notes_saved', { type: 'success' });
      onChanged();
    } catch {
      notify('app.error_generic', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', opacity: template.enable ? 1 : 0.72 }}
      data-testid="template-card"
    >
      <Box
        sx={{
          height: 120,
          display: 'grid',
          placeItems: 'center',
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main}22, ${theme.palette.secondary.main}33)`,
        }}
        aria-hidden="true"
      >
        <WorkspacePremiumIcon sx={{ fontSize: 56, color: 'primary.main', opacity: 0.7 }} />
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={600} sx={{ flexGrow: 1, lineHeight: 1.3 }}>
            {label}
          </Typography>
          {(canEdit || canImport) && (
            <IconButton
              size="small"
              aria-label={translate('templates.more', { label })}
              onClick={(e) => setMenu(e.currentTarget)}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate(`templates.types.${template.type}`, { _: template.type })} ·{' '}
          {template.languagesList.split(';').join(', ').toUpperCase()} ·{' '}
          {translate('templates.published', { count: template.certificationCounter })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {!template.enable && <Chip size="small" color="warning" label={translate('templates.inactive')} />}
          {template.mode === 'NFT' && <Chip size="small" color="secondary" label="NFT" />}
          {template.tags.map((tag) => (
            <Chip key={tag} size="small" variant="outlined" label={tag} />
          ))}
        </Stack>
        {canPublish(user.profileId) ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 'auto', pt: 1 }}>
            <TextField
              size="small"
              fullWidth
              multiline
              maxRows={3}
              label={translate('templates.notes')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
            <Button size="small" disabled={!notesChanged || saving} onClick={() => void saveNotes()} sx={{ mt: 0.5 }}>
              {translate('ra.action.save')}
            </Button>
          </Box>
        ) : (
          template.notes && (
            <Tooltip title={translate('templates.notes')}>
              <Typography variant="body2" sx={{ mt: 'auto', fontStyle: 'italic' }}>
                {template.notes}
              </Typography>
            </Tooltip>
          )
        )}
      </CardContent>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {canImport && (
          <MenuItem component={Link} to={publicationPath(template.id)}>
            {translate('publication.import_publish')}
          </MenuItem>
        )}
        {editable && (
          <MenuItem component={Link} to={editorPath(editable, { id: template.id })}>
            {translate('editor.menu.edit')}
          </MenuItem>
        )}
        {editable && (
          <MenuItem component={Link} to={editorPath(editable, { duplicate: template.id })}>
            {translate('editor.menu.duplicate')}
          </MenuItem>
        )}
        {/* the list call does not say whether a template has tables, so every user who may edit them sees it */}
        {canEdit && (
          <MenuItem component={Link} to={reftablePath(template.id)}>
            {translate('reftable.title')}
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setConfirming(true);
            }}
          >
            {translate(template.enable ? 'templates.disable' : 'templates.enable')}
          </MenuItem>
        )}
      </Menu>
      <Confirm
        isOpen={confirming}
        title={translate(template.enable ? 'templates.disable_title' : 'templates.enable_title', { label })}
        content={translate(template.enable ? 'templates.disable_body' : 'templates.enable_body')}
        confirm={translate(template.enable ? 'templates.disable' : 'templates.enable')}
        onConfirm={() => void toggle()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
