import {
  AutocompleteInput,
  BooleanInput,
  email,
  maxLength,
  required,
  SelectInput,
  TextInput,
  useGetList,
  useTranslate,
} from 'react-admin';
import { PERSON_NAME_MAX_LENGTH } from '../../../domain/users';
import { NAME_MAX_LENGTH } from '../../../domain/names';
import { PROFILE_IDS } from '../../../domain/roles';

/** The fields of Add user and Edit (spec 000 section 3, user payloads); notify only when adding. */
export function UserInputs({ creating }: { creating: boolean }) {
  const translate = useTranslate();
  const { data: units = [] } = useGetList('admin/org-units', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const profiles = PROFILE_IDS.map((id) => ({ id, name: translate(`profiles.${id}`) }));
  const unitChoices = units.map((unit) => ({ id: unit.name as string, name: unit.name as string }));
  return (
    <>
      <TextInput
        source="firstName"
        label="resources.admin/users.fields.firstName"
        validate={[required(), maxLength(PERSON_NAME_MAX_LENGTH)]}
        fullWidth
      />
      <TextInput
        source="lastName"
        label="resources.admin/users.fields.lastName"
        validate={[required(), maxLength(PERSON_NAME_MAX_LENGTH)]}
        fullWidth
      />
      <TextInput
        source="email"
        type="email"
        label="resources.admin/users.fields.email"
        validate={[required(), email('login.invalid_email')]}
        fullWidth
      />
      <SelectInput
        source="profile"
        label="resources.admin/users.fields.profile"
        choices={profiles}
        validate={required()}
        fullWidth
      />
      <AutocompleteInput
        source="orgUnit"
        label="resources.admin/users.fields.orgUnit"
        choices={unitChoices}
        onCreate={(name) => ({
          id: (name ?? '').slice(0, NAME_MAX_LENGTH),
          name: (name ?? '').slice(0, NAME_MAX_LENGTH),
        })}
        createItemLabel="resources.admin/users.actions.new_org_unit"
        helperText="resources.admin/users.helpers.orgUnit"
        fullWidth
      />
      {creating && (
        <BooleanInput
          source="notify"
          label="resources.admin/users.fields.notify"
          helperText="resources.admin/users.helpers.notify"
        />
      )}
    </>
  );
}
