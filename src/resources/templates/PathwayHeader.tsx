import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useReducer, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { labelIn, type TemplateSummary } from '../../../domain/templates';
import { canSavePathway, childChoices, EMPTY_PATHWAY, pathwayReducer, pathwayToSend } from './pathwayModel';
import { useTemplateCalls } from './templateCalls';

/**
 * The pathway mode's header (spec 001, Templates page and section 4): choose a parent, add, change or remove its
 * children, save; closing leaves the saved pathway as it was.
 */
export function PathwayHeader({
  issuerId,
  templates,
  onSaved,
  onClose,
}: {
  issuerId: number;
  templates: readonly TemplateSummary[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const templateCalls = useTemplateCalls();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [state, dispatch] = useReducer(pathwayReducer, EMPTY_PATHWAY);
  const [saving, setSaving] = useState(false);
  const label = (template: TemplateSummary) => `${labelIn(template.label, locale)} (${template.id})`;

  const save = async () => {
    if (state.parentId === null) return;
    setSaving(true);
    try {
      const definition = await templateCalls.savePathway(issuerId, state.parentId, pathwayToSend(state));
      dispatch({ type: 'saved', definition });
      notify('templates.pathway.saved', { type: 'success' });
      onSaved();
    } catch {
      notify('templates.pathway.update_failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      component="section"
      aria-label={translate('templates.pathway.title')}
      variant="outlined"
      sx={{ p: 2, mb: 3, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('templates.pathway.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={!canSavePathway(state) || saving}
          onClick={() => void save()}
        >
          {translate('ra.action.save')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={state.parentId === null}
          onClick={() => dispatch({ type: 'addChild' })}
        >
          {translate('templates.pathway.add_child')}
        </Button>
        <Button startIcon={<CloseIcon />} onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('templates.pathway.parent')}
          value={state.parentId ?? ''}
          onChange={(e) => {
            const parent = templates.find((t) => t.id === Number(e.target.value));
            if (parent) dispatch({ type: 'selectParent', parentId: parent.id, saved: parent.pathwayDefinition });
          }}
          sx={{ minWidth: 280, flexGrow: 1 }}
        >
          {templates.map((template) => (
            <MenuItem key={template.id} value={template.id}>
              {label(template)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('templates.pathway.key')}
          helperText={translate('templates.pathway.key_hint')}
          value={state.key}
          disabled={state.parentId === null}
          onChange={(e) => dispatch({ type: 'setKey', key: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ width: 240 }}
        />
      </Box>
      {state.parentId === null ? (
        <Typography color="text.secondary">{translate('templates.pathway.choose_parent')}</Typography>
      ) : (
        <Stack spacing={1.5} component="ol" aria-label={translate('templates.pathway.children')} sx={{ m: 0, pl: 0 }}>
          {state.children.length === 0 && (
            <Typography component="li" color="text.secondary" sx={{ listStyle: 'none' }}>
              {translate('templates.pathway.no_children')}
            </Typography>
          )}
          {state.children.map((childId, index) => (
            <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1, listStyle: 'none' }}>
              <TextField
                select
                size="small"
                label={translate('templates.pathway.child', { number: index + 1 })}
                value={childId ?? ''}
                onChange={(e) => dispatch({ type: 'setChild', index, childId: Number(e.target.value) })}
                sx={{ minWidth: 280, flexGrow: 1 }}
              >
                {childChoices(templates, state, index).map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    {label(template)}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={translate('templates.pathway.remove_child', { number: index + 1 })}
                onClick={() => dispatch({ type: 'removeChild', index })}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          {state.saved !== null && state.children.length > 0 && (
            <Box component="li" sx={{ listStyle: 'none' }}>
              <Button size="small" color="warning" onClick={() => dispatch({ type: 'clear' })}>
                {translate('templates.pathway.clear')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}
