import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { EditBase, Form, SaveButton, useRedirect, useTranslate } from 'react-admin';
import { RESOURCE, TagInputs, tagErrorKey } from './TagInputs';

/** Rename a tag (spec 000 section 2.10); its templates stay assigned. */
export function TagEdit() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box>
      <EditBase
        resource={RESOURCE}
        mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: () => redirect('list', RESOURCE),
          onError: (failure) => setError(tagErrorKey(failure)),
        }}
      >
        <Card variant="outlined" sx={{ maxWidth: 520, mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h1" gutterBottom>
              {translate('resources.template-tags.actions.edit')}
            </Typography>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {translate(error)}
              </Alert>
            )}
            <Form mode="onChange">
              <TagInputs />
              <Box sx={{ mt: 1 }}>
                <SaveButton />
              </Box>
            </Form>
          </CardContent>
        </Card>
      </EditBase>
    </Box>
  );
}
