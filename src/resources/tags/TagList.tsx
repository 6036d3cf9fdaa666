import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DataTable,
  List,
  useDeleteMany,
  useGetList,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isAdministrator } from '../../../domain/permissions';
import { labelIn, type Tag, type TemplateSummary } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { ConfirmWordDialog } from '../../components/ConfirmWordDialog';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { useNumberFormat } from '../../i18n/numberFormat';
import { AdminTabs } from '../../components/AdminTabs';
import { DEFAULT_FILTERS, templatesPath } from '../templates/templateListModel';
import { RESOURCE, tagErrorKey } from './TagInputs';

function Header() {
  const translate = useTranslate();
  const { total, isPending } = useListContext();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', px: 2, pt: 2, pb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {isPending ? '' : translate('tags.count', { count: total ?? 0 })}
      </Typography>
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`/${RESOURCE}/create`}>
        {translate('resources.template-tags.actions.add')}
      </Button>
    </Box>
  );
}

function TagActions() {
  const tag = useRecordContext<Tag>();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!tag) return null;
  const viewTemplates = () => navigate(templatesPath({ ...DEFAULT_FILTERS, status: 3, tags: [tag.name] }));
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}
      onClick={(e) => e.stopPropagation()}
    >
      {tag.templates.length > 0 && (
        <Button size="small" onClick={viewTemplates}>
          {translate('tags.view_templates')}
        </Button>
      )}
      <Tooltip title={translate('ra.action.edit')}>
        <IconButton
          size="small"
          component={RouterLink}
          to={`/${RESOURCE}/${tag.id}`}
          aria-label={`${translate('ra.action.edit')}: ${tag.name}`}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** Remove, for one selected tag, behind the typed confirm word (spec 000 section 5). */
function RemoveSelected() {
  const translate = useTranslate();
  const { selectedIds, data = [] } = useListContext<Tag>();
  const unselectAll = useUnselectAll(RESOURCE);
  const [deleteMany, { isPending }] = useDeleteMany();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tag = selectedIds.length === 1 ? data.find((t) => t.id === selectedIds[0]) : undefined;
  if (!tag) return null;
  return (
    <>
      <Button color="error" size="small" onClick={() => setOpen(true)}>
        {translate('tags.remove')}
      </Button>
      <ConfirmWordDialog
        open={open}
        title={translate('tags.remove_title', { name: tag.name })}
        body={translate('tags.remove_body', { count: tag.templates.length })}
        wordKey="app.confirm_word"
        confirmLabel={translate('tags.remove')}
        pending={isPending}
        error={error ? translate(error) : null}
        onConfirm={() =>
          deleteMany(
            RESOURCE,
            { ids: [tag.id] },
            {
              onSuccess: () => {
                unselectAll();
                setOpen(false);
              },
              onError: (failure) => setError(tagErrorKey(failure)),
            },
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Assign: the selected tags go onto the templates chosen in the dialog (a named data-provider method). */
function AssignSelected() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const { selectedIds } = useListContext<Tag>();
  const unselectAll = useUnselectAll(RESOURCE);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const { data: templates = [] } = useGetList<TemplateSummary>(
    'templates',
    { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: open },
  );
  const assign = useMutation({
    mutationFn: () => dataProvider.assignTemplateTags(selectedIds as number[], chosen),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [RESOURCE] });
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
      unselectAll();
      setOpen(false);
      setChosen([]);
    },
  });
  const close = () => {
    setOpen(false);
    setChosen([]);
    assign.reset();
  };
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        {translate('tags.assign')}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="assign-title">
        <DialogTitle id="assign-title">{translate('tags.assign_title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column' }}>
          {assign.isError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {translate('app.error_generic')}
            </Alert>
          )}
          {templates.length === 0 && <Typography color="text.secondary">{translate('templates.empty')}</Typography>}
          {templates.map((template) => (
            <FormControlLabel
              key={template.id}
              label={labelIn(template.label, locale)}
              control={
                <Checkbox
                  checked={chosen.includes(template.id)}
                  onChange={() =>
                    setChosen((c) =>
                      c.includes(template.id) ? c.filter((x) => x !== template.id) : [...c, template.id],
                    )
                  }
                />
              }
            />
          ))}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={close}>
            {translate('app.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={chosen.length === 0 || assign.isPending}
            onClick={() => assign.mutate()}
          >
            {translate('tags.assign')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function EmptyTags() {
  const translate = useTranslate();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pt: 2, pb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('tags.count', { count: 0 })}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`/${RESOURCE}/create`}>
          {translate('resources.template-tags.actions.add')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ py: 3 }}>
        {translate('tags.empty')}
      </Typography>
    </Box>
  );
}

/** Template tags (spec 000 section 2.10): counter, selectable table, View templates, Edit, Remove, Assign, Add. */
export function TagList() {
  const translate = useTranslate();
  const number = useNumberFormat();
  const { user } = useCurrentUser();
  // an administrator reaches the tags from the administration's tabs; an editor from the account menu
  const inAdministration = user !== undefined && isAdministrator(user.profileId);
  return (
    <Box>
      {inAdministration && <AdminTabs />}
      <Typography
        variant={inAdministration ? 'h5' : 'h4'}
        component={inAdministration ? 'h2' : 'h1'}
        sx={{ mt: inAdministration ? 0 : 2, mb: 1 }}
      >
        {translate('tags.title')}
      </Typography>
      <List
        resource={RESOURCE}
        title={translate('tags.title')}
        actions={<Header />}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={1000}
        pagination={false}
        empty={<EmptyTags />}
        sx={{ '& .RaList-main': { mt: 0 } }}
      >
        <DataTable
          rowClick={false}
          bulkActionButtons={
            <>
              <RemoveSelected />
              <AssignSelected />
            </>
          }
          aria-label={translate('tags.title')}
        >
          <DataTable.Col source="name" label="resources.template-tags.fields.name" />
          <DataTable.NumberCol
            source="templates"
            label="resources.template-tags.fields.templates"
            render={(tag: Tag) => number(tag.templates.length)}
            disableSort
          />
          <DataTable.Col label="" disableSort>
            <TagActions />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
