import type { Problem } from './editorModel';

/**
 * The save of spec 001 section 4, as a state machine the page renders from: editing → reviewing (the
 * validation dialog lists the problems, or says all is well) → saving (a waiting message) → saved (the
 * confirmation, then the templates page). A refused or failed save returns to editing with the reason.
 */
export type SaveFailure = 'refused' | 'metatemplate' | 'network' | 'unexpected';

export type SaveFlow =
  | { phase: 'editing'; failure: SaveFailure | null }
  | { phase: 'reviewing'; problems: Problem[] }
  | { phase: 'saving' }
  | { phase: 'saved'; id: number };

export type SaveEvent =
  | { type: 'validate'; problems: Problem[] }
  | { type: 'back' }
  | { type: 'confirm' }
  | { type: 'saved'; id: number }
  | { type: 'failed'; failure: SaveFailure };

export const EDITING: SaveFlow = { phase: 'editing', failure: null };

export function saveFlowReducer(flow: SaveFlow, event: SaveEvent): SaveFlow {
  switch (event.type) {
    case 'validate':
      return flow.phase === 'editing' ? { phase: 'reviewing', problems: event.problems } : flow;
    case 'back':
      return flow.phase === 'reviewing' ? EDITING : flow;
    case 'confirm':
      // Only a template without problems is sent.
      return flow.phase === 'reviewing' && flow.problems.length === 0 ? { phase: 'saving' } : flow;
    case 'saved':
      return flow.phase === 'saving' ? { phase: 'saved', id: event.id } : flow;
    case 'failed':
      return flow.phase === 'saving' ? { phase: 'editing', failure: event.failure } : flow;
  }
}
