import { describe, expect, it } from 'vitest';
import {
  addElement,
  clamp,
  cloneName,
  deleteElement,
  designState,
  duplicateElement,
  emptyModel,
  imageNameProblem,
  insertionIndex,
  moveDown,
  moveUp,
  newElement,
  normalizeRotation,
  NUMERIC_FIELDS,
  palette,
  patchElement,
  RANGES,
  selectElement,
  splitColor,
  updateElement,
  type BadgeElement,
  type DesignState,
} from './model';

const types = (state: DesignState) => state.model.data.map((e) => e.type);
const texts = (state: DesignState) => state.model.data.map((e) => (e.type === 'text' ? e.text : e.type));

function stateWith(...elements: BadgeElement[]): DesignState {
  return designState({ version: 1, data: elements });
}
const text = (t: string) => ({ ...newElement('text'), text: t });

describe('badge model', () => {
  it('inserts new elements by type order: shape 0, text 1, icon 2, image 3', () => {
    let state = designState(emptyModel());
    state = addElement(state, newElement('image'));
    state = addElement(state, newElement('text'));
    state = addElement(state, newElement('icon'));
    state = addElement(state, newElement('shape'));
    state = addElement(state, newElement('text'));
    state = addElement(state, newElement('shape'));
    expect(types(state)).toEqual(['shape', 'shape', 'text', 'text', 'icon', 'image']);
    expect(state.selected).toBe(1);
    expect(insertionIndex(state.model.data, 'icon')).toBe(5);
    expect(insertionIndex([], 'image')).toBe(0);
  });

  it('moves up and down, as no-ops at the ends, and the selection follows the moved element', () => {
    let state = selectElement(stateWith(text('a'), text('b'), text('c')), 0);
    state = moveUp(state, 0);
    expect(texts(state)).toEqual(['b', 'a', 'c']);
    expect(state.selected).toBe(1);
    expect(moveUp(state, 2)).toBe(state);
    expect(moveDown(state, 0)).toBe(state);
    state = moveDown(state, 2);
    expect(texts(state)).toEqual(['b', 'c', 'a']);
    expect(state.selected).toBe(2);
  });

  it('duplicates at the original place and selects the copy, an independent object', () => {
    const state = duplicateElement(stateWith(text('a'), text('b')), 1);
    expect(texts(state)).toEqual(['a', 'b', 'b']);
    expect(state.selected).toBe(1);
    expect(state.model.data[1]).not.toBe(state.model.data[2]);
    expect(state.model.data[1]).toEqual(state.model.data[2]);
  });

  it('deletes, clearing the selection when it was the deleted element, shifting it when below', () => {
    const base = stateWith(text('a'), text('b'), text('c'));
    expect(deleteElement(selectElement(base, 1), 1).selected).toBeNull();
    expect(deleteElement(selectElement(base, 2), 0).selected).toBe(1);
    expect(deleteElement(selectElement(base, 0), 2).selected).toBe(0);
    expect(texts(deleteElement(base, 1))).toEqual(['a', 'c']);
    expect(deleteElement(base, 7)).toBe(base);
    expect(selectElement(base, 9)).toBe(base);
  });

  it('keeps every numeric field of every element type within its range', () => {
    for (const type of ['shape', 'text', 'icon', 'image'] as const) {
      for (const [field, range] of Object.entries(NUMERIC_FIELDS[type])) {
        const element = { ...newElement(type), linkWidthHeight: false } as BadgeElement;
        const high = patchElement(element, { [field]: range.max + 10 }) as unknown as Record<string, number>;
        const low = patchElement(element, { [field]: range.min - 10 }) as unknown as Record<string, number>;
        expect([type, field, high[field]]).toEqual([type, field, range.max]);
        expect([type, field, low[field]]).toEqual([type, field, range.min]);
      }
    }
    expect(clamp(Number.NaN, RANGES.x)).toBe(-1);
    const font = patchElement(newElement('text'), { font: { family: 'DejaVu Sans', weight: 1200, style: 'normal' } });
    expect(font.font.weight).toBe(900);
  });

  it('keeps the width:height ratio of a linked shape and not of an unlinked one', () => {
    const shape = { ...newElement('shape'), width: 1, height: 0.5 };
    expect(patchElement(shape, { width: 1.6 })).toMatchObject({ width: 1.6, height: 0.8 });
    expect(patchElement(shape, { height: 0.25 })).toMatchObject({ width: 0.5, height: 0.25 });
    expect(patchElement({ ...shape, linkWidthHeight: false }, { width: 1.6 })).toMatchObject({
      width: 1.6,
      height: 0.5,
    });
    // the linked partner is clamped too
    expect(patchElement(shape, { height: 1.5 })).toMatchObject({ width: 2, height: 1.5 });
  });

  it('updates one element through the same clamps', () => {
    const state = updateElement(stateWith(newElement('icon')), 0, { scale: 9, x: 0.5 });
    expect(state.model.data[0]).toMatchObject({ scale: 1.5, x: 0.5 });
    expect(updateElement(state, 3, { x: 0 })).toBe(state);
  });

  it('brings a free rotation back into -180..180', () => {
    expect(normalizeRotation(190)).toBe(-170);
    expect(normalizeRotation(-190)).toBe(170);
    expect(normalizeRotation(180)).toBe(180);
    expect(normalizeRotation(-180)).toBe(-180);
    expect(normalizeRotation(725)).toBe(5);
  });

  it('builds the palette from every field ending in color, once each', () => {
    const shape = { ...newElement('shape'), fillColor: '#ff0000ff', fill2Color: '#00FF00FF' };
    const model = { version: 1, data: [shape, { ...newElement('text'), color: '#FF0000FF' }, newElement('image')] };
    expect(palette(model)).toEqual(['#444444FF', '#FF0000FF', '#00FF00FF']);
  });

  it('names a clone with the localized copy suffix', () => {
    expect(cloneName('Security', 'a copy')).toBe('Security (a copy)');
    expect(cloneName('Sécurité', 'une copie')).toBe('Sécurité (une copie)');
  });

  it('wants an image name that is not blank and at most 200 characters', () => {
    expect(['Gold', ' ', '', 'é'.repeat(200), 'é'.repeat(201)].map(imageNameProblem)).toEqual([
      null,
      'empty',
      'empty',
      null,
      'too_long',
    ]);
  });

  it('splits colours into hex and opacity', () => {
    expect(splitColor('#44444480')).toEqual({ hex: '#444444', opacity: 0.502 });
    expect(splitColor('#abc')).toEqual({ hex: '#AABBCC', opacity: 1 });
    expect(splitColor('red')).toEqual({ hex: '#000000', opacity: 1 });
  });
});
