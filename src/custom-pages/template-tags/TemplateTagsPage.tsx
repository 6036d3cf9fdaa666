import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useGetList, useLocaleState, useStore, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { labelIn, type Tag, type TemplateSummary } from '../../../domain/templates';
import { ConfirmWordDialog } from '../../components/ConfirmWordDialog';
import { NameDialog } from '../../components/NameDialog';
import { apiFetch } from '../../dataProvider/httpClient';
import { DEFAULT_FILTERS, type TemplateFilters } from '../../resources/templates/templateListModel';
import { addTag, assignTags, removeTag, renameTag, type TagInput } from '../../dataProvider/tagList';

export const TEMPLATE_TAGS_PATH = '/template-tags';

type DialogState =
  { kind: 'add' } | { kind: 'edit'; tag: Tag } | { kind: 'assign' } | { kind: 'remove'; tag: Tag } | null;

function nameErrorKey(error: unknown): string {
  const code = (error as { body?: { code?: string } })?.body?.code;
  return code?.startsWith('NAME_') ? `app.name_errors.${code.slice(5).toLowerCase()}` : 'app.error_generic';
}

/** Template tags (spec 000 section 2.10): counter, selectable table, View templates, Edit, Remove, Assign, Add. */
export function TemplateTagsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const [, setTemplateFilters] = useStore<TemplateFilters>('templates.filters', DEFAULT_FILTERS);
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data: templates = [] } = useGetList<TemplateSummary>('templates', {
    pagination: { page: 1, perPage: 10_000 },
    sort: { field: 'id', order: 'ASC' },
  });

  const load = useCallback(() => {
    apiFetch<Tag[]>('/api/issuer/tags')
      .then(({ body }) => setTags(body))
      .catch(() => setError('app.error_generic'));
  }, []);
  useEffect(load, [load]);

  /** Every change sends the whole list at once (spec: "after each change"). */
  const send = async (next: TagInput[]): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      const { body } = await apiFetch<Tag[]>('/api/issuer/config', { method: 'PUT', json: { tags: next } });
      setTags(body);
      setSelected([]);
      setDialog(null);
      return true;
    } catch (failure) {
      setError(nameErrorKey(failure));
      return false;
    } finally {
      setPending(false);
    }
  };

  const viewTemplates = (tag: Tag) => {
    setTemplateFilters({ ...DEFAULT_FILTERS, status: 3, tags: [tag.name] });
    navigate('/templates');
  };

  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const single = selected.length === 1 ? tags?.find((t) => t.id === selected[0]) : undefined;

  return (
    <Box>
      <Title title={translate('tags.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('tags.title')}
      </Typography>
      {error && !dialog && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {translate(error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {tags ? translate('tags.count', { count: tags.length }) : ''}
        </Typography>
        {single && (
          <Button color="error" onClick={() => setDialog({ kind: 'remove', tag: single })}>
            {translate('tags.remove')}
          </Button>
        )}
        {selected.length > 0 && (
          <Button variant="outlined" onClick={() => setDialog({ kind: 'assign' })}>
            {translate('tags.assign')}
          </Button>
        )}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })}>
          {translate('tags.add')}
        </Button>
      </Box>
      <Card variant="outlined">
        {tags === null ? (
          <Skeleton height={120} sx={{ mx: 2 }} />
        ) : tags.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {translate('tags.empty')}
          </Typography>
        ) : (
          <Table size="small" aria-label={translate('tags.title')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{translate('tags.name')}</TableCell>
                <TableCell align="right">{translate('tags.templates')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.map((tag) => (
                <TableRow key={tag.id} hover selected={selected.includes(tag.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(tag.id)}
                      onChange={() => toggle(tag.id)}
                      slotProps={{ input: { 'aria-label': tag.name } }}
                    />
                  </TableCell>
                  <TableCell>{tag.name}</TableCell>
                  <TableCell align="right">{tag.templates.length}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {tag.templates.length > 0 && (
                      <Button size="small" onClick={() => viewTemplates(tag)}>
                        {translate('tags.view_templates')}
                      </Button>
                    )}
                    <Tooltip title={translate('ra.action.edit')}>
                      <IconButton
                        size="small"
                        aria-label={`${translate('ra.action.edit')}: ${tag.name}`}
                        onClick={() => setDialog({ kind: 'edit', tag })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      {tags && (dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <NameDialog
          title={translate(dialog.kind === 'add' ? 'tags.add' : 'tags.edit')}
          label={translate('tags.name')}
          initialName={dialog.kind === 'edit' ? dialog.tag.name : ''}
          selfId={dialog.kind === 'edit' ? dialog.tag.id : undefined}
          others={tags}
          pending={pending}
          serverError={error ? translate(error) : null}
          onSave={(name) =>
            void send(dialog.kind === 'edit' ? renameTag(tags, dialog.tag.id, name) : addTag(tags, name))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {tags && dialog?.kind === 'remove' && (
        <ConfirmWordDialog
          open
          title={translate('tags.remove_title', { name: dialog.tag.name })}
          body={translate('tags.remove_body', { count: dialog.tag.templates.length })}
          wordKey="app.confirm_word"
          confirmLabel={translate('tags.remove')}
          pending={pending}
          error={error ? translate(error) : null}
          onConfirm={() => void send(removeTag(tags, dialog.tag.id))}
          onClose={() => setDialog(null)}
        />
      )}
      {tags && dialog?.kind === 'assign' && (
        <AssignDialog
          templates={templates.map((t) => ({ id: t.id, label: labelIn(t.label, locale) }))}
          pending={pending}
          onAssign={(templateIds) => void send(assignTags(tags, selected, templateIds))}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}

/** Assignment: the selected tags go onto the templates chosen here (no name to check). */
function AssignDialog(props: {
  templates: { id: number; label: string }[];
  pending: boolean;
  onAssign: (ids: number[]) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="assign-title">
      <DialogTitle id="assign-title">{translate('tags.assign_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column' }}>
        {props.templates.length === 0 && <Typography color="text.secondary">{translate('templates.empty')}</Typography>}
        {props.templates.map((template) => (
          <FormControlLabel
            key={template.id}
            label={template.label}
            control={
              <Checkbox
                checked={chosen.includes(template.id)}
                onChange={() =>
                  setChosen((c) => (c.includes(template.id) ? c.filter((x) => x !== template.id) : [...c, template.id]))
                }
              />
            }
          />
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={props.onClose}>
          {translate('app.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || props.pending}
          onClick={() => props.onAssign(chosen)}
        >
          {translate('tags.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
