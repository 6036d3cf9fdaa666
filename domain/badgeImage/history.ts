import type { BadgeModel } from './model';

/** About 20 snapshots, recorded with a 250 ms debounce (spec 002 section 9). */
export const HISTORY_LIMIT = 20;
export const HISTORY_DEBOUNCE_MS = 250;

/**
 * The undo history: snapshots of the model, the newest last (the current design). A change recorded within the
 * debounce of the previous one replaces it, so a drag or a slider move is one step of undo.
 */
export interface History {
  snapshots: BadgeModel[];
  lastRecordedAt: number;
}

export const startHistory = (model: BadgeModel): History => ({
  snapshots: [model],
  lastRecordedAt: Number.NEGATIVE_INFINITY,
});

export function record(history: History, model: BadgeModel, now: number): History {
  const { snapshots } = history;
  if (snapshots.at(-1) === model) return history;
  const debounced = snapshots.length > 1 && now - history.lastRecordedAt < HISTORY_DEBOUNCE_MS;
  const next = debounced ? [...snapshots.slice(0, -1), model] : [...snapshots, model];
  return { snapshots: next.slice(-HISTORY_LIMIT), lastRecordedAt: now };
}

/** Drops the newest snapshot; the design becomes the one before. No-op with a single snapshot. */
export function undo(history: History): History {
  if (history.snapshots.length < 2) return history;
  return { snapshots: history.snapshots.slice(0, -1), lastRecordedAt: Number.NEGATIVE_INFINITY };
}

export const current = (history: History): BadgeModel => history.snapshots[history.snapshots.length - 1];

export const canUndo = (history: History): boolean => history.snapshots.length > 1;

/** The designer reports changes once the history holds at least two snapshots (spec 002 section 4). */
export const hasChanges = canUndo;
