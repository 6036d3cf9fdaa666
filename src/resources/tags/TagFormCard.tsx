import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, SaveButton, useRedirect, useTranslate } from 'react-admin';
import { KEEP_TYPED_VALUES } from '../../components/keepTypedValues';
import { RESOURCE, TagInputs, tagErrorKey } from './TagInputs';

/** Add and Rename save the same way: back to the list, or the server's refusal shown above the name. */
export function useTagSave() {
  const redirect = useRedirect();
  const [error, setError] = useState<string | null>(null);
  const mutationOptions = {
    onSuccess: () => redirect('list', RESOURCE),
    onError: (failure: unknown) => setError(tagErrorKey(failure)),
  };
  return { error, mutationOptions };
}

/** The card of Add a tag and Rename a tag, inside their CreateBase or EditBase. */
export function TagFormCard({ creating, error }: { creating: boolean; error: string | null }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ maxWidth: 520, mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate(creating ? 'resources.template-tags.actions.add' : 'resources.template-tags.actions.edit')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate(error)}
          </Alert>
        )}
        <Form
          mode="onChange"
          defaultValues={creating ? { name: '' } : undefined}
          resetOptions={creating ? undefined : KEEP_TYPED_VALUES}
        >
          <TagInputs />
          <Box sx={{ mt: 1 }}>
            <SaveButton alwaysEnable={creating} />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
