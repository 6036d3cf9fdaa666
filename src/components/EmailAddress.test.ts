import { describe, expect, it } from 'vitest';
import { emailBreakParts } from './EmailAddress';

describe('where an address may wrap', () => {
  it('breaks after the @ and before the dots of the domain only', () => {
    expect(emailBreakParts('jean.dupont@mail.example.org')).toEqual(['jean.dupont@', 'mail', '.example', '.org']);
    expect(emailBreakParts('a@b')).toEqual(['a@', 'b']);
    expect(emailBreakParts('not an address')).toEqual(['not an address']);
    expect(emailBreakParts('')).toEqual(['']);
  });
});
