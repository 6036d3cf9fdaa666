import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { Confirm, Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { ReferenceTables } from '../../../../domain/templateRules/referenceTables';
import { labelIn, type TemplateTablesDefinition } from '../../../../domain/templates';
import { OutcomeAlert, useSetOutcome } from '../../../components/OutcomeAlert';
import { errorCode, errorStatus, NetworkError } from '../../../dataProvider/apiErrors';
import { EntryDialog } from './EntryDialog';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { refusedReferences } from './refusedReferences';
import { ReferenceErrorsDialog } from './ReferenceErrorsDialog';
import { ReferenceTableGrid } from './ReferenceTableGrid';
import { referenceTablesOf, shownTables, tableEntries, tablesReducer, VIEW } from './tableEditing';

export { REFTABLE_PATH } from '../paths';

const OUTCOME_KEY = 'laurel.reftable.outcome';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; definition: TemplateTablesDefinition };

function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'app.error_network';
  if (errorStatus(error) === 404) return 'reftable.not_found';
  if (errorCode(error) === 'REFERENCE_TABLES_LOCKED') return 'reftable.locked';
  return 'app.error_generic';
}

/** The reference tables of one template (spec 001, Reference table screen and "Reference tables" rules). */
export function ReferenceTablePage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const templateId = Number(useParams().templateId);
  const dataProvider = useLaurelDataProvider();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [state, dispatch] = useReducer(tablesReducer, VIEW);
  const [dialog, setDialog] = useState<{ table: string; previousKey: string | null } | null>(null);
  const setOutcome = useSetOutcome(OUTCOME_KEY);

  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    if (!Number.isInteger(templateId) || templateId <= 0) {
      setLoaded({ status: 'error', message: 'reftable.not_found' });
      return;
    }
    dataProvider
      .getReferenceTables(templateId)
      .then((definition) => setLoaded({ status: 'ready', definition }))
      .catch((error: unknown) => setLoaded({ status: 'error', message: failureMessage(error) }));
  }, [templateId, dataProvider]);
  useEffect(load, [load]);

  if (loaded.status === 'loading') {
    return (
      <Box aria-busy="true" aria-label={translate('app.loading')}>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (loaded.status === 'error') {
    return (
      <Box>
        <Title title={translate('reftable.title')} />
        <Alert
          severity="error"
          action={
            loaded.message !== 'reftable.not_found' && (
              <Button color="inherit" size="small" onClick={load}>
                {translate('app.retry')}
              </Button>
            )
          }
        >
          {translate(loaded.message)}
        </Alert>
        <BackToTemplates />
      </Box>
    );
  }

  const { definition } = loaded;
  const saved = referenceTablesOf(definition.template);
  const tables = shownTables(state, saved);
  const editing = state.step !== 'view';
  const label = labelIn(definition.label, locale);

  const save = async (draft: ReferenceTables) => {
    dispatch({ type: 'confirm' });
    try {
      const answer = await dataProvider.saveReferenceTables(definition.id, tableEntries(draft));
      setLoaded({ status: 'ready', definition: answer });
      dispatch({ type: 'saved' });
      setOutcome({ severity: 'success', message: 'reftable.saved' });
    } catch (error) {
      const refused = refusedReferences(error);
      dispatch(refused ? { type: 'refused', errors: refused } : { type: 'failed' });
      if (!refused) setOutcome({ severity: 'error', message: failureMessage(error) });
    }
  };

  return (
    <Box>
      <Title title={translate('reftable.title')} />
      <BackToTemplates />
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {translate('reftable.title')}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
        </Box>
        {definition.canEdit && (
          <Stack direction="row" sx={{ gap: 1, pt: 2 }}>
            {editing && (
              <Button color="inherit" onClick={() => dispatch({ type: 'cancel' })} disabled={state.step === 'saving'}>
                {translate('app.cancel')}
              </Button>
            )}
            {editing ? (
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                disabled={state.step === 'saving'}
                onClick={() => {
                  setOutcome(null);
                  dispatch({ type: 'save', original: saved });
                }}
              >
                {translate('ra.action.save')}
              </Button>
            ) : (
              <Button
                variant="contained"
                startIcon={<EditIcon />}
                onClick={() => {
                  setOutcome(null);
                  dispatch({ type: 'edit', tables: saved });
                }}
              >
                {translate('ra.action.edit')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <OutcomeAlert storeKey={OUTCOME_KEY} />
      {!definition.canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('reftable.read_only')}
        </Alert>
      )}
      {Object.keys(tables).length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          {translate('reftable.empty')}
        </Typography>
      ) : (
        <Stack sx={{ gap: 3 }}>
          {Object.entries(tables).map(([name, table]) => (
            <ReferenceTableGrid
              key={name}
              name={name}
              table={table}
              editing={editing}
              onAdd={() => setDialog({ table: name, previousKey: null })}
              onUpdate={(key) => setDialog({ table: name, previousKey: key })}
            />
          ))}
        </Stack>
      )}
      {dialog && state.step === 'edit' && (
        <EntryDialog
          tables={state.draft}
          table={dialog.table}
          previousKey={dialog.previousKey}
          onApply={(key, entry) => {
            dispatch({
              type: 'put_entry',
              table: dialog.table,
              previousKey: dialog.previousKey,
              key,
              definition: entry,
            });
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {state.step === 'errors' && (
        <ReferenceErrorsDialog errors={state.errors} onClose={() => dispatch({ type: 'close_errors' })} />
      )}
      <Confirm
        isOpen={state.step === 'confirm' || state.step === 'saving'}
        loading={state.step === 'saving'}
        title={translate('reftable.confirm_title')}
        content={translate('reftable.confirm_body', { label })}
        confirm={translate('ra.action.save')}
        onConfirm={() => {
          if (state.step === 'confirm') void save(state.draft);
        }}
        onClose={() => dispatch({ type: 'not_sure' })}
      />
    </Box>
  );
}

function BackToTemplates() {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/templates" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      {translate('reftable.back')}
    </Button>
  );
}
