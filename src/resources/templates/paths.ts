import type { CurrentUser } from '../../../domain/auth';
import { canEditTemplate } from '../../../domain/permissions';
import { requiredMetatemplate, templateFamily, type TemplateFamily } from '../../../domain/templates';

/** The editors' routes (spec 001 section 2), kept apart from the pages so that links do not load them. */
export const BADGE_EDITOR_PATH = '/badge';
export const REGISTRY_EDITOR_PATH = '/rncp';

const EDITOR_PATHS: Record<TemplateFamily, string> = { badge: BADGE_EDITOR_PATH, registry: REGISTRY_EDITOR_PATH };
const FAMILY_TYPES: Record<TemplateFamily, 'openbadge' | 'cpf_onshelf'> = {
  badge: 'openbadge',
  registry: 'cpf_onshelf',
};

/** Insert mode with no option, update mode with `id`, insert mode prefilled from `duplicate`. */
export function editorPath(family: TemplateFamily, options: { id?: number; duplicate?: number } = {}): string {
  const query = options.id ? `?id=${options.id}` : options.duplicate ? `?duplicate=${options.duplicate}` : '';
  return `${EDITOR_PATHS[family]}${query}`;
}

/** The editor of a template of this type, or null when no editor writes that type. */
export function templateEditorPath(type: string, options: { id?: number; duplicate?: number }): string | null {
  const family = templateFamily(type);
  return family ? editorPath(family, options) : null;
}

/**
 * Whether the user may open the editor of this family (spec 001 section 6): an Administrator or a Manager
 * whose account includes the metatemplate (openbadge for badges, cpf_onshelf for registry templates).
 */
export function canUseEditor(user: CurrentUser, family: TemplateFamily): boolean {
  const needed = requiredMetatemplate(FAMILY_TYPES[family]);
  return canEditTemplate(user.profileId) && user.metatemplates.some((m) => m.Type === needed);
}

/** The publication page (spec 003). */
export const PUBLICATION_PATH = '/publication';
/** The publication page of one template. */
export const publicationPath = (templateId: number) => `${PUBLICATION_PATH}?templateId=${templateId}`;

export const REFTABLE_PATH = '/reftable/:templateId';

export function reftablePath(templateId: number): string {
  return `/reftable/${templateId}`;
}
