import { Box, Card, CardContent, Typography } from '@mui/material';
import { EditBase, Form, SaveButton, useRedirect, useTranslate } from 'react-admin';
import { OutcomeAlert, useSetOutcome } from '../../components/OutcomeAlert';
import { AdminTabs } from '../AdminTabs';
import { UserInputs } from './UserInputs';
import { userOutcome } from './userOutcome';

export function UserEdit() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const setOutcome = useSetOutcome();
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
            <Form sanitizeEmptyValues={false}>
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
