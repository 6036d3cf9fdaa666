import { REGISTRY_SECTIONS } from '../badge-editor/fieldLayout';
import { TemplateEditor } from '../badge-editor/TemplateEditor';
import { REGISTRY_PREFIXES, registryContext } from './registryAccount';
import { RegistryParametersStep } from './RegistryParametersStep';

const TITLES = {
  insert: 'editor.titles.new_registry',
  update: 'editor.titles.edit',
  duplicate: 'editor.titles.duplicate',
};

/** The registry template editor, /rncp (spec 001 section 2): cpf_onshelf templates, RNCP or RS. */
export function RegistryEditorPage() {
  return (
    <TemplateEditor
      family="registry"
      sections={REGISTRY_SECTIONS}
      badgeLogoKind="registryLogo"
      titles={TITLES}
      loadContext={registryContext}
      blankContent={REGISTRY_PREFIXES}
      parameters={({ state, dispatch }) => <RegistryParametersStep state={state} dispatch={dispatch} />}
    />
  );
}
