import { useCallback, useEffect, useMemo, useState } from 'react';
import { canUndo, current, record, startHistory, undo, type History } from '../../../../domain/badgeImage/history';
import {
  addElement,
  deleteElement,
  designState,
  duplicateElement,
  moveDown,
  moveUp,
  selectElement,
  updateElement,
  type BadgeElement,
  type BadgeModel,
  type DesignState,
} from '../../../../domain/badgeImage/model';

/**
 * The designer's state: the model's actions (domain/badgeImage/model.ts) with the undo history recorded on every
 * change of the design. Selection changes are not history.
 */
export function useDesigner(initial: BadgeModel, onChange?: (model: BadgeModel, changed: boolean) => void) {
  const [state, setState] = useState<{ design: DesignState; history: History }>(() => ({
    design: designState(initial),
    history: startHistory(initial),
  }));

  const apply = useCallback((action: (design: DesignState) => DesignState) => {
    setState((previous) => {
      const design = action(previous.design);
      if (design === previous.design) return previous;
      const history =
        design.model === previous.design.model ? previous.history : record(previous.history, design.model, Date.now());
      return { design, history };
    });
  }, []);

  const { design, history } = state;
  useEffect(() => {
    onChange?.(design.model, canUndo(history));
  }, [design.model, history, onChange]);

  const actions = useMemo(
    () => ({
      add: (element: BadgeElement) => apply((d) => addElement(d, element)),
      update: (index: number, patch: Partial<BadgeElement>) => apply((d) => updateElement(d, index, patch)),
      moveUp: (index: number) => apply((d) => moveUp(d, index)),
      moveDown: (index: number) => apply((d) => moveDown(d, index)),
      duplicate: (index: number) => apply((d) => duplicateElement(d, index)),
      remove: (index: number) => apply((d) => deleteElement(d, index)),
      select: (index: number | null) => apply((d) => selectElement(d, index)),
      undo: () =>
        setState((previous) => {
          if (!canUndo(previous.history)) return previous;
          const history = undo(previous.history);
          const model = current(history);
          const selected =
            previous.design.selected !== null && previous.design.selected < model.data.length
              ? previous.design.selected
              : null;
          return { design: { model, selected }, history };
        }),
    }),
    [apply],
  );

  return { model: design.model, selected: design.selected, canUndo: canUndo(history), ...actions };
}

export type Designer = ReturnType<typeof useDesigner>;
