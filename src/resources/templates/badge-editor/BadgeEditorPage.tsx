import type { TemplateType } from '../../../../domain/templates';
import { BADGE_SECTIONS } from './fieldLayout';
import { ParametersStep } from './ParametersStep';
import { TemplateEditor } from './TemplateEditor';

const TITLES = {
  insert: 'editor.titles.new_badge',
  update: 'editor.titles.edit',
  duplicate: 'editor.titles.duplicate',
};

/**
 * The badge template editor, /badge (spec 001 section 2): openbadge and openbadge_custom templates, and plain
 * certificates (type certificate: the same elements, delivered without an Open Badge achievement).
 */
export function BadgeEditorPage() {
  return (
    <TemplateEditor
      family="badge"
      sections={BADGE_SECTIONS}
      badgeLogoKind="badgeLogo"
      titles={TITLES}
      parameters={({ state, dispatch, user }) => {
        // openbadge_custom is offered only to accounts that have both kinds; a plain certificate to every account
        // that has the badge editor.
        const types: TemplateType[] = user.metatemplates.some((m) => m.Type === 'openbadge_custom')
          ? ['openbadge', 'openbadge_custom', 'certificate']
          : ['openbadge', 'certificate'];
        return <ParametersStep state={state} dispatch={dispatch} badgeTypes={types} />;
      }}
    />
  );
}
