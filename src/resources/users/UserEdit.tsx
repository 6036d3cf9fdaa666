import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect } from 'react';
import { EditBase, Form, SaveButton, useRedirect, useTranslate } from 'react-admin';
import { KEEP_TYPED_VALUES } from '../../components/keepTypedValues';
import { OutcomeAlert, useSetOutcome } from '../../components/OutcomeAlert';
import { AdminTabs } from '../AdminTabs';
import { UserInputs } from './UserInputs';
import { userOutcome } from './userOutcome';

export function UserEdit() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const setOutcome = useSetOutcome();
  // the list's last outcome ("The user was added.") does not belong above this form
  useEffect(() => {
    setOutcome(null);
  }, [setOutcome]);
  return (
    <Box>
      <AdminTabs />
      <OutcomeAlert />
      <EditBase
        resource="admin/users"
        mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: () => {
            setOutcome(userOutcome('update'));
            redirect('/admin/users');
          },
          onError: (error) => setOutcome(userOutcome('update', error)),
        }}
      >
        <Card variant="outlined" sx={{ maxWidth: 640 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('ra.action.edit')}
            </Typography>
            <Form sanitizeEmptyValues={false} resetOptions={KEEP_TYPED_VALUES}>
              <UserInputs creating={false} />
              <Box sx={{ mt: 2 }}>
                <SaveButton />
              </Box>
            </Form>
          </CardContent>
        </Card>
      </EditBase>
    </Box>
  );
}
