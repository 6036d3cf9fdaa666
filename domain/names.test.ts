import { describe, expect, it } from 'vitest';
import { validateName } from './names';

const existing = [
  { id: 1, name: 'Sales' },
  { id: 2, name: 'Training' },
];

describe('org unit and tag names', () => {
  it('refuses empty and blank names', () => {
    expect(validateName('', existing)).toBe('empty');
    expect(validateName('   ', existing)).toBe('empty');
  });

  it('allows 30 characters and refuses 31', () => {
    expect(validateName('x'.repeat(30), existing)).toBeNull();
    expect(validateName('x'.repeat(31), existing)).toBe('too_long');
    expect(validateName('é'.repeat(30), existing)).toBeNull();
  });

  it('refuses the name of another item, whatever the case, but not the item’s own', () => {
    expect(validateName(' sales ', existing)).toBe('exists');
    expect(validateName('Sales', existing, 1)).toBeNull();
    expect(validateName('Marketing', existing)).toBeNull();
  });
});
