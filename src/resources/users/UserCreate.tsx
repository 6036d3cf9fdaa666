import { Box } from '@mui/material';
import { CreateBase, Form, SaveButton, useLocaleState, useTranslate } from 'react-admin';
import { PROFILE } from '../../../domain/roles';
import { UserFormCard, UserFormFrame, useUserSaveOptions } from './UserFormFrame';
import { UserInputs } from './UserInputs';

export function UserCreate() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const mutationOptions = useUserSaveOptions('create');
  return (
    <UserFormFrame>
      <CreateBase
        resource="admin/users"
        transform={(data) => ({ ...data, lang: locale })}
        mutationOptions={mutationOptions}
      >
        <UserFormCard title={translate('resources.admin/users.actions.add')}>
          <Form defaultValues={{ profile: PROFILE.Publisher, notify: true, orgUnit: '' }}>
            <UserInputs creating />
            <Box sx={{ mt: 2 }}>
              <SaveButton label="resources.admin/users.actions.add" />
            </Box>
          </Form>
        </UserFormCard>
      </CreateBase>
    </UserFormFrame>
  );
}
