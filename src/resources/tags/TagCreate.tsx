import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { CreateBase, Form, SaveButton, useRedirect, useTranslate } from 'react-admin';
import { RESOURCE, TagInputs, tagErrorKey } from './TagInputs';

/** Add a tag (spec 000 section 2.10): its name; the list receives it with no template. */
export function TagCreate() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box>
      <CreateBase
        resource={RESOURCE}
        mutationOptions={{
          onSuccess: () => redirect('list', RESOURCE),
          onError: (failure) => setError(tagErrorKey(failure)),
        }}
      >
        <Card variant="outlined" sx={{ maxWidth: 520, mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h1" gutterBottom>
              {translate('resources.template-tags.actions.add')}
            </Typography>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {translate(error)}
              </Alert>
            )}
            <Form mode="onChange" defaultValues={{ name: '' }}>
              <TagInputs />
              <Box sx={{ mt: 1 }}>
                <SaveButton alwaysEnable />
              </Box>
            </Form>
          </CardContent>
        </Card>
      </CreateBase>
    </Box>
  );
}
