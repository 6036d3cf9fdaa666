import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  legalPageUrl,
  missingAcceptances,
  showTermsDialog,
  type LegalDocument,
  type TermsUpdate,
} from '../../domain/terms';
import { useCurrentUser } from '../authProvider/useCurrentUser';
import { useOnboarding } from './onboarding/OnboardingContext';
import { useLaurelDataProvider } from '../dataProvider/useLaurelDataProvider';

/**
 * The terms-of-service dialog of spec 000 section 2.3. It cannot be closed (no close button, Escape and the
 * backdrop do nothing) until what the user has not yet accepted is ticked and recorded. It waits for the account,
 * and gives way to a free-trial account's onboarding form, whose last step asks for the same acceptances.
 */
export function TermsDialog() {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const [locale] = useLocaleState();
  const { user, refresh } = useCurrentUser();
  const onboarding = useOnboarding();
  const [ticked, setTicked] = useState<LegalDocument[]>([]);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!user || !onboarding.loaded || !showTermsDialog(user, onboarding.visible)) return null;
  const missing = missingAcceptances(user);
  const ready = missing.every((document) => ticked.includes(document));

  const toggle = (document: LegalDocument, checked: boolean) =>
    setTicked((current) => (checked ? [...current, document] : current.filter((d) => d !== document)));

  const accept = async () => {
    setSaving(true);
    setFailed(false);
    const update: TermsUpdate = {
      ...(missing.includes('terms') ? { terms: true } : {}),
      ...(missing.includes('notice') ? { gprd: true } : {}),
    };
    try {
      await dataProvider.acceptTerms(update);
      await refresh();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open disableEscapeKeyDown aria-labelledby="terms-title" maxWidth="sm" fullWidth>
      <DialogTitle id="terms-title">{translate('terms.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(missing.length === 2 ? 'terms.intro' : `terms.intro_${missing[0]}`)}
        </Typography>
        <Stack spacing={1}>
          {missing.map((document) => (
            <FormControlLabel
              key={document}
              control={
                <Checkbox
                  checked={ticked.includes(document)}
                  onChange={(event) => toggle(document, event.target.checked)}
                />
              }
              label={
                <>
                  {translate(`terms.accept_${document}`)}{' '}
                  <Link href={legalPageUrl(document, locale)} target="_blank" rel="noopener">
                    {translate(`terms.read_${document}`)}
                  </Link>
                </>
              }
            />
          ))}
        </Stack>
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('terms.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" disabled={!ready || saving} onClick={() => void accept()}>
          {translate(saving ? 'terms.saving' : 'terms.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
