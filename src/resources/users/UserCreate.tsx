import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect } from 'react';
import { CreateBase, Form, SaveButton, useLocaleState, useRedirect, useTranslate } from 'react-admin';
import { PROFILE } from '../../../domain/roles';
import { OutcomeAlert, useSetOutcome } from '../../components/OutcomeAlert';
import { AdminTabs } from '../AdminTabs';
import { UserInputs } from './UserInputs';
import { userOutcome } from './userOutcome';

export function UserCreate() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const setOutcome = useSetOutcome();
  // the list's last outcome ("The user was added.") does not belong above this form
  useEffect(() => {
    setOutcome(null);
  }, [setOutcome]);
  const [locale] = useLocaleState();
  return (
    <Box>
      <AdminTabs />
      <OutcomeAlert />
      <CreateBase
        resource="admin/users"
        transform={(data) => ({ ...data, lang: locale })}
        mutationOptions={{
          onSuccess: () => {
            setOutcome(userOutcome('create'));
            redirect('/admin/users');
          },
          onError: (error) => setOutcome(userOutcome('create', error)),
        }}
      >
        <Card variant="outlined" sx={{ maxWidth: 640 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('resources.admin/users.actions.add')}
            </Typography>
            <Form defaultValues={{ profile: PROFILE.Publisher, notify: true, orgUnit: '' }}>
              <UserInputs creating />
              <Box sx={{ mt: 2 }}>
                <SaveButton label="resources.admin/users.actions.add" />
              </Box>
            </Form>
          </CardContent>
        </Card>
      </CreateBase>
    </Box>
  );
}
