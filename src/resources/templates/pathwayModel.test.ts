import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../../domain/templates';
import {
  canSavePathway,
  childChoices,
  EMPTY_PATHWAY,
  pathwayReducer,
  pathwayToSend,
  type PathwayAction,
  type PathwayState,
} from './pathwayModel';

const run = (state: PathwayState, ...actions: PathwayAction[]) => actions.reduce(pathwayReducer, state);

const templates = [1, 2, 3, 4].map((id) => ({ id }) as TemplateSummary);
const ids = (list: TemplateSummary[]) => list.map((t) => t.id);

describe('pathway mode', () => {
  it('starts a new parent with the key Email and no children, and sends nothing until a child is chosen', () => {
    expect(run(EMPTY_PATHWAY, { type: 'addChild' })).toBe(EMPTY_PATHWAY);
    const parent = run(EMPTY_PATHWAY, { type: 'selectParent', parentId: 1, saved: null });
    expect(parent).toEqual({ parentId: 1, saved: null, key: 'Email', children: [] });
    expect(canSavePathway(parent)).toBe(false);

    const withChild = run(parent, { type: 'addChild' }, { type: 'setChild', index: 0, childId: 2 });
    expect(pathwayToSend(run(parent, { type: 'addChild' }))).toBeNull();
    expect(pathwayToSend(withChild)).toEqual({ key: 'Email', def: [{ id: 2 }] });
    expect(canSavePathway(withChild)).toBe(true);
    expect(pathwayToSend(run(withChild, { type: 'setKey', key: '  ' }))).toEqual({ key: 'Email', def: [{ id: 2 }] });
  });

  it('never takes the parent itself nor a child twice, and offers only the other templates', () => {
    let state = run(
      EMPTY_PATHWAY,
      { type: 'selectParent', parentId: 1, saved: null },
      { type: 'addChild' },
      { type: 'addChild' },
    );
    expect(run(state, { type: 'setChild', index: 0, childId: 1 }).children).toEqual([null, null]);
    state = run(state, { type: 'setChild', index: 0, childId: 2 });
    expect(run(state, { type: 'setChild', index: 1, childId: 2 }).children).toEqual([2, null]);
    expect(run(state, { type: 'setChild', index: 5, childId: 3 })).toBe(state);
    expect(ids(childChoices(templates, state, 1))).toEqual([3, 4]);
    expect(ids(childChoices(templates, state, 0))).toEqual([2, 3, 4]);
  });

  it('edits and removes children of a saved pathway, which stays until saved, and clears it', () => {
    const saved = { key: 'ID', def: [{ id: 2 }, { id: 3 }] };
    const loaded = run(EMPTY_PATHWAY, { type: 'selectParent', parentId: 1, saved });
    expect(loaded).toMatchObject({ key: 'ID', children: [2, 3], saved });
    expect(canSavePathway(loaded)).toBe(false);

    const edited = run(loaded, { type: 'setChild', index: 1, childId: 4 }, { type: 'removeChild', index: 0 });
    expect(edited.saved).toBe(saved);
    expect(pathwayToSend(edited)).toEqual({ key: 'ID', def: [{ id: 4 }] });
    expect(canSavePathway(edited)).toBe(true);
    // choosing the parent again, or closing, falls back to the saved definition
    expect(run(edited, { type: 'selectParent', parentId: 1, saved: edited.saved }).children).toEqual([2, 3]);

    const cleared = run(loaded, { type: 'clear' });
    expect(pathwayToSend(cleared)).toBeNull();
    expect(canSavePathway(cleared)).toBe(true);
    const answered = run(cleared, { type: 'saved', definition: null });
    expect(answered).toEqual({ parentId: 1, saved: null, key: 'Email', children: [] });
    expect(canSavePathway(answered)).toBe(false);
  });

  it('takes the saved answer as the new definition', () => {
    const state = run(
      EMPTY_PATHWAY,
      { type: 'selectParent', parentId: 1, saved: null },
      { type: 'addChild' },
      { type: 'setChild', index: 0, childId: 3 },
      { type: 'saved', definition: { key: 'Email', def: [{ id: 3 }] } },
    );
    expect(state).toEqual({ parentId: 1, saved: { key: 'Email', def: [{ id: 3 }] }, key: 'Email', children: [3] });
    expect(canSavePathway(state)).toBe(false);
  });
});
