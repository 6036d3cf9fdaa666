import { describe, expect, it } from 'vitest';
import { canUndo, current, hasChanges, HISTORY_LIMIT, record, startHistory, undo } from './history';
import { newElement, type BadgeModel } from './model';

const model = (n: number): BadgeModel => ({ version: 1, data: [{ ...newElement('image'), x: n / 100 }] });

describe('undo history', () => {
  it('records a snapshot per change spaced beyond 250 ms and undoes them one by one', () => {
    let history = startHistory(model(0));
    expect(hasChanges(history)).toBe(false);
    history = record(history, model(1), 1000);
    history = record(history, model(2), 1300);
    expect(history.snapshots).toHaveLength(3);
    expect(hasChanges(history)).toBe(true);
    history = undo(history);
    expect(current(history)).toEqual(model(1));
    history = undo(history);
    expect(current(history)).toEqual(model(0));
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
  });

  it('collapses changes within 250 ms of each other into one snapshot (a drag is one undo)', () => {
    let history = startHistory(model(0));
    for (let t = 0; t <= 1000; t += 16) history = record(history, model(t), 5000 + t);
    expect(history.snapshots).toHaveLength(2);
    expect(current(history)).toEqual(model(992));
    history = record(history, model(7), 5000 + 992 + 250);
    expect(history.snapshots).toHaveLength(3);
  });

  it('never replaces the snapshot restored by an undo', () => {
    let history = record(startHistory(model(0)), model(1), 0);
    history = record(history, model(2), 1000);
    history = undo(history);
    history = record(history, model(3), 1010);
    expect(history.snapshots.map((m) => m.data[0])).toHaveLength(3);
    expect(undo(history).snapshots.at(-1)).toEqual(model(1));
  });

  it('keeps at most 20 snapshots, dropping the oldest', () => {
    let history = startHistory(model(0));
    for (let i = 1; i <= 30; i++) history = record(history, model(i), i * 1000);
    expect(history.snapshots).toHaveLength(HISTORY_LIMIT);
    expect(history.snapshots[0]).toEqual(model(11));
    expect(current(history)).toEqual(model(30));
  });

  it('ignores recording the snapshot already on top', () => {
    const history = startHistory(model(0));
    expect(record(history, current(history), 10)).toBe(history);
  });
});
