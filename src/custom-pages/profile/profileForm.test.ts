import { describe, expect, it } from 'vitest';
import { modifiedKeys, paramsPayload, reloadedValues, valuesFromIssuer } from './profileForm';

describe('profile form', () => {
  const loaded = valuesFromIssuer(
    { name: 'North College', address: null },
    { sender: { name: 'Registry', email: 'registry@north.edu' }, tracking: true },
  );

  it('reads identity fields from the issuer and the others from its params', () => {
    expect(loaded).toMatchObject({
      name: 'North College',
      address: '',
      'sender.name': 'Registry',
      tracking: true,
      title: '',
    });
  });

  it('keeps the typed fields when the profile is read again, and takes the stored value of the others', () => {
    const typed = { ...loaded, title: 'Diplomas of North College' };
    const fresh = { ...loaded, 'sender.name': 'Registrar', title: '' };
    expect(reloadedValues(loaded, typed, fresh)).toEqual({
      ...loaded,
      'sender.name': 'Registrar',
      title: 'Diplomas of North College',
    });
    // after a save the fresh values are what was typed
    expect(reloadedValues(loaded, typed, typed)).toEqual(typed);
  });

  it('flags the modified fields and sends them in the stored shape, an emptied text as null', () => {
    const current = { ...loaded, 'sender.email': '', title: 'Diplomas of North College', tracking: false };
    const keys = modifiedKeys(loaded, current);
    expect(keys.sort()).toEqual(['sender.email', 'title', 'tracking']);
    expect(paramsPayload(current, keys)).toEqual({
      sender: { email: null },
      title: 'Diplomas of North College',
      tracking: false,
    });
  });

  it('finds nothing modified after a restore', () => {
    expect(modifiedKeys(loaded, { ...loaded })).toEqual([]);
  });
});
