import { describe, expect, it } from 'vitest';
import { chooseBrand } from './brand';

describe('brand choice', () => {
  it('reads the second-level name of the host', () => {
    expect(chooseBrand('app.3videnz.com')).toBe('3videnz');
    expect(chooseBrand('admin.laurel.io')).toBe('laurel');
    expect(chooseBrand('3videnz.fr')).toBe('3videnz');
  });

  it('falls back to the default brand for an unknown host', () => {
    expect(chooseBrand('certificates.example.org')).toBe('laurel');
  });

  it('uses the brand parameter only on a local host', () => {
    expect(chooseBrand('localhost', '3videnz')).toBe('3videnz');
    expect(chooseBrand('127.0.0.1', '3VIDENZ')).toBe('3videnz');
    expect(chooseBrand('localhost', 'acme')).toBe('laurel');
    expect(chooseBrand('app.laurel.io', '3videnz')).toBe('laurel');
  });
});
