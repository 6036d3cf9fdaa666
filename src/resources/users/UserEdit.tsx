import { Box } from '@mui/material';
import { EditBase, Form, SaveButton, useTranslate } from 'react-admin';
import { KEEP_TYPED_VALUES } from '../../components/keepTypedValues';
import { UserFormCard, UserFormFrame, useUserSaveOptions } from './UserFormFrame';
import { UserInputs } from './UserInputs';

export function UserEdit() {
  const translate = useTranslate();
  const mutationOptions = useUserSaveOptions('update');
  return (
    <UserFormFrame>
      <EditBase resource="admin/users" mutationMode="pessimistic" mutationOptions={mutationOptions}>
        <UserFormCard title={translate('ra.action.edit')}>
          <Form sanitizeEmptyValues={false} resetOptions={KEEP_TYPED_VALUES}>
            <UserInputs creating={false} />
            <Box sx={{ mt: 2 }}>
              <SaveButton />
            </Box>
          </Form>
        </UserFormCard>
      </EditBase>
    </UserFormFrame>
  );
}
