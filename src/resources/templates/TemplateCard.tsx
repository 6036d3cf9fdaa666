import AddIcon from '@mui/icons-material/Add';
import ReportIcon from '@mui/icons-material/AssessmentOutlined';
import PublishIcon from '@mui/icons-material/RocketLaunchOutlined';
import CancelIcon from '@mui/icons-material/Cancel';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Box,
  Button,
  Card,
  CardActions,
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
import { canEditTemplate, canPublish, isAdministrator } from '../../../domain/permissions';
import { labelIn, templateFamily, type TemplateSummary } from '../../../domain/templates';
import { canUseEditor, editorPath, publicationPath, reftablePath } from './paths';
import { cpfControlPath, templateReportPath } from '../certificates/paths';
import { useTemplateCalls } from './templateCalls';
import { TemplateTagDialog } from './TemplateTagDialog';
import { TemplateThumbnail } from './TemplateThumbnail';
import { templatePagePath } from './templateThumbnail';
import { tagTemplate, untagTemplate } from './templateTags';

/** The server answers a refused tag name with NAME_EMPTY, NAME_TOO_LONG or NAME_EXISTS. */
function tagErrorKey(error: unknown): string {
  const code = (error as { body?: { code?: string } } | null)?.body?.code;
  return code?.startsWith('NAME_') ? `templates.tag_errors.${code.slice(5).toLowerCase()}` : 'app.error_generic';
}

/**
 * One template of the grid (spec 001, Templates page): thumbnail, description, tags, notes, the main action
 * (Import / publish for those who may, otherwise the template report) and the More menu, which also leads to
 * the template report and, for a registry template, the register data control.
 */
export function TemplateCard({
  template,
  user,
  tagNames,
  onChanged,
}: {
  template: TemplateSummary;
  user: CurrentUser;
  /** every tag name of the issuer's templates, offered when adding a tag */
  tagNames: readonly string[];
  onChanged: () => void;
}) {
  const templateCalls = useTemplateCalls();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notes, setNotes] = useState(template.notes);
  const [saving, setSaving] = useState(false);
  const [addingTag, setAddingTag] = useState(false);
  const [tagging, setTagging] = useState(false);
  const label = labelIn(template.label, locale);
  const notesChanged = notes.trim() !== template.notes.trim();
  const canEdit = canEditTemplate(user.profileId);
  const canImport = canPublish(user.profileId) && template.usable && template.enable;
  const family = templateFamily(template.type);
  const editable = family !== null && canUseEditor(user, family) ? family : null;
  const canTag = isAdministrator(user.profileId);
  // the list's token opens the page (and the thumbnail) of a template that is not public yet
  const publicPage = templatePagePath(user.issuerId, template.id, template.previewToken);

  /** Tags are saved as the tags page saves them: the issuer's whole list, read just before the change. */
  const changeTags = async (change: typeof tagTemplate, name: string) => {
    setTagging(true);
    try {
      await templateCalls.saveTags(change(await templateCalls.tags(), name, template.id));
      notify('templates.tags_saved', { type: 'success' });
      setAddingTag(false);
      onChanged();
    } catch (error) {
      notify(tagErrorKey(error), { type: 'error' });
    } finally {
      setTagging(false);
    }
  };

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
      <TemplateThumbnail
        issuerId={user.issuerId}
        templateId={template.id}
        thumbnail={template.thumbnail}
        previewToken={template.previewToken}
        label={translate('templates.thumbnail_alt', { label })}
        href={publicPage}
        linkLabel={translate('templates.view_label', { label })}
      />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={600} sx={{ flexGrow: 1, lineHeight: 1.3 }}>
            {label}
          </Typography>
          <IconButton
            size="small"
            aria-label={translate('templates.more', { label })}
            onClick={(e) => setMenu(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate(`templates.types.${template.type}`, { _: template.type })} ·{' '}
          {template.languagesList.split(';').join(', ').toUpperCase()} ·{' '}
          {translate('templates.published', { count: template.certificationCounter })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {!template.enable && <Chip size="small" color="warning" label={translate('templates.inactive')} />}
          {template.mode === 'NFT' && <Chip size="small" color="secondary" label="NFT" />}
          {template.isPathwayParent && (
            <Chip size="small" color="info" label={translate('templates.pathway.parent_chip')} />
          )}
          {template.isPathwayChild && (
            <Chip size="small" color="info" variant="outlined" label={translate('templates.pathway.child_chip')} />
          )}
          {template.tags.map((tag) => (
            <Chip
              key={tag}
              size="small"
              variant="outlined"
              label={tag}
              disabled={tagging}
              onDelete={canTag ? () => void changeTags(untagTemplate, tag) : undefined}
              // a deletable chip would be a button named like the tag filter's buttons; the action is its icon
              role={canTag ? 'group' : undefined}
              deleteIcon={<CancelIcon titleAccess={translate('templates.remove_tag', { tag })} />}
            />
          ))}
          {canTag && (
            <Chip
              size="small"
              variant="outlined"
              color="primary"
              icon={<AddIcon />}
              label={translate('templates.add_tag')}
              aria-label={translate('templates.add_tag_title', { label })}
              disabled={tagging}
              onClick={() => setAddingTag(true)}
            />
          )}
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
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        {canImport ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<PublishIcon />}
            component={Link}
            to={publicationPath(template.id)}
            aria-label={`${translate('publication.import_publish')}: ${label}`}
          >
            {translate('publication.import_publish')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            size="small"
            startIcon={<ReportIcon />}
            component={Link}
            to={templateReportPath(template.id)}
            aria-label={`${translate('templates.template_report')}: ${label}`}
          >
            {translate('templates.template_report')}
          </Button>
        )}
      </CardActions>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          component="a"
          href={publicPage}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setMenu(null)}
        >
          {translate('templates.view')}
        </MenuItem>
        <MenuItem component={Link} to={templateReportPath(template.id)}>
          {translate('templates.template_report')}
        </MenuItem>
        {family === 'registry' && (
          <MenuItem component={Link} to={cpfControlPath(template.id)}>
            {translate('templates.register_control')}
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
        {canEdit && template.hasReferenceTables && (
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
      {addingTag && (
        <TemplateTagDialog
          label={label}
          templateTags={template.tags}
          tagNames={tagNames}
          pending={tagging}
          onSave={(name) => void changeTags(tagTemplate, name)}
          onClose={() => setAddingTag(false)}
        />
      )}
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
