import { DEFAULT_PATHWAY_KEY, type PathwayDefinition, type TemplateSummary } from '../../../domain/templates';

/**
 * The pathway mode of the templates page (spec 001 section 4, Pathway): a parent is selected, its children are
 * added, changed or removed in a draft, and the parent's saved definition stays as it is until the draft is
 * saved (confirmed) or the pathway cleared and saved.
 */
export interface PathwayState {
  parentId: number | null;
  /** the parent's definition as the server holds it */
  saved: PathwayDefinition | null;
  key: string;
  /** one row per child, in order; null while the row's template is not chosen yet */
  children: (number | null)[];
}

export const EMPTY_PATHWAY: PathwayState = { parentId: null, saved: null, key: DEFAULT_PATHWAY_KEY, children: [] };

export type PathwayAction =
  | { type: 'selectParent'; parentId: number; saved: PathwayDefinition | null }
  | { type: 'setKey'; key: string }
  | { type: 'addChild' }
  | { type: 'setChild'; index: number; childId: number }
  | { type: 'removeChild'; index: number }
  /** removes every child: saving then clears the pathway */
  | { type: 'clear' }
  /** the server's answer to a save */
  | { type: 'saved'; definition: PathwayDefinition | null };

/** The draft of a parent whose saved definition is `saved`; a new parent starts with the key Email. */
function draftOf(parentId: number, saved: PathwayDefinition | null): PathwayState {
  return {
    parentId,
    saved,
    key: saved?.key ?? DEFAULT_PATHWAY_KEY,
    children: (saved?.def ?? []).map((child) => child.id).filter((id) => id !== parentId),
  };
}

export function pathwayReducer(state: PathwayState, action: PathwayAction): PathwayState {
  switch (action.type) {
    case 'selectParent':
      return draftOf(action.parentId, action.saved);
    case 'setKey':
      return { ...state, key: action.key };
    case 'addChild':
      return state.parentId === null ? state : { ...state, children: [...state.children, null] };
    case 'setChild': {
      // a template is never its own child, nor twice a child of the same parent
      const taken = state.children.some((id, index) => id === action.childId && index !== action.index);
      if (action.childId === state.parentId || taken || !(action.index in state.children)) return state;
      return { ...state, children: state.children.map((id, index) => (index === action.index ? action.childId : id)) };
    }
    case 'removeChild':
      return { ...state, children: state.children.filter((_, index) => index !== action.index) };
    case 'clear':
      return { ...state, children: [] };
    case 'saved':
      return state.parentId === null ? state : draftOf(state.parentId, action.definition);
  }
}

/** What the update call sends: the chosen children, or null (no pathway) when there are none. */
export function pathwayToSend(state: PathwayState): PathwayDefinition | null {
  const ids = state.children.filter((id): id is number => id !== null);
  return ids.length === 0 ? null : { key: state.key.trim() || DEFAULT_PATHWAY_KEY, def: ids.map((id) => ({ id })) };
}

function sameDefinition(a: PathwayDefinition | null, b: PathwayDefinition | null): boolean {
  if (a === null || b === null) return a === b;
  return a.key === b.key && a.def.length === b.def.length && a.def.every((child, i) => child.id === b.def[i].id);
}

/** Save is offered once a parent is chosen and the draft differs from what the server holds. */
export const canSavePathway = (state: PathwayState): boolean =>
  state.parentId !== null && !sameDefinition(pathwayToSend(state), state.saved);

/** The templates a child row may choose: any but the parent and the other rows' children. */
export function childChoices(
  templates: readonly TemplateSummary[],
  state: PathwayState,
  index: number,
): TemplateSummary[] {
  const taken = new Set(state.children.filter((id, i) => id !== null && i !== index));
  return templates.filter((t) => t.id !== state.parentId && !taken.has(t.id));
}
