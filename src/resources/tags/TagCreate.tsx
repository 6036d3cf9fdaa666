import { CreateBase } from 'react-admin';
import { RESOURCE } from './TagInputs';
import { TagFormCard, useTagSave } from './TagFormCard';

/** Add a tag (spec 000 section 2.10): its name; the list receives it with no template. */
export function TagCreate() {
  const { error, mutationOptions } = useTagSave();
  return (
    <CreateBase resource={RESOURCE} mutationOptions={mutationOptions}>
      <TagFormCard creating error={error} />
    </CreateBase>
  );
}
