import { TextInput, useGetList, useRecordContext, type Validator } from 'react-admin';
import { NAME_MAX_LENGTH, validateName } from '../../../domain/names';
import type { Tag } from '../../../domain/templates';

export const RESOURCE = 'template-tags';

/** The tag's name with the rules of spec 000 section 5 (domain/names): not empty, 30 characters, not another's. */
export function TagInputs() {
  const record = useRecordContext<Tag>();
  const { data: others = [] } = useGetList<Tag>(RESOURCE, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const validate: Validator = (value: unknown) => {
    const error = validateName(String(value ?? ''), others, record?.id);
    return error ? `app.name_errors.${error}` : undefined;
  };
  return (
    <TextInput
      source="name"
      label="resources.template-tags.fields.name"
      validate={validate}
      autoFocus
      fullWidth
      slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH + 10 } }}
    />
  );
}

/** The server's refusal of a name (NAME_EXISTS, NAME_EMPTY, NAME_TOO_LONG) as the same messages. */
export function tagErrorKey(error: unknown): string {
  const code = (error as { body?: { code?: string } })?.body?.code;
  return code?.startsWith('NAME_') ? `app.name_errors.${code.slice(5).toLowerCase()}` : 'app.error_generic';
}
