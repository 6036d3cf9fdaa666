import { EditBase } from 'react-admin';
import { RESOURCE } from './TagInputs';
import { TagFormCard, useTagSave } from './TagFormCard';

/** Rename a tag (spec 000 section 2.10); its templates stay assigned. */
export function TagEdit() {
  const { error, mutationOptions } = useTagSave();
  return (
    <EditBase resource={RESOURCE} mutationMode="pessimistic" mutationOptions={mutationOptions}>
      <TagFormCard creating={false} error={error} />
    </EditBase>
  );
}
