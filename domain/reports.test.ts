import { describe, expect, it } from 'vitest';
import { checkSearch, columnWidth, defaultMailFilter, emailStatus } from './reports';

const KEY = 'aB3'.repeat(42) + 'xy';

describe('search input rules', () => {
  it('needs a valid address in email mode, sanitised', () => {
    expect(checkSearch('email', ' Ada@Example.ORG ')).toEqual({ ok: true, mode: 'email', value: 'ada@example.org' });
    expect(checkSearch('email', 'ada@')).toEqual({ ok: false, error: 'error_invalid_email' });
  });

  it('needs exactly 128 letters or digits in key mode', () => {
    expect(checkSearch('key', KEY)).toEqual({ ok: true, mode: 'key', value: KEY });
    expect(checkSearch('key', `${KEY}z`)).toEqual({ ok: false, error: 'error_invalid_key' });
    expect(checkSearch('key', KEY.replace('a', '-'))).toEqual({ ok: false, error: 'error_invalid_key' });
  });

  it('reads the key a URL holds, or says what is wrong', () => {
    expect(checkSearch('url', `https://x.example/certificate/${KEY}`)).toEqual({ ok: true, mode: 'key', value: KEY });
    expect(checkSearch('url', `https://x.example/c?key=${KEY}&lang=fr`)).toMatchObject({ ok: true, value: KEY });
    expect(checkSearch('url', 'x.example/certificate')).toEqual({ ok: false, error: 'error_invalid_url' });
    expect(checkSearch('url', `https://x.example/${KEY}0`)).toEqual({
      ok: false,
      error: 'error_url_without_valid_key',
    });
  });
});

describe('email status and filters', () => {
  it('shows Read only when tracking is on', () => {
    expect(emailStatus({ mailSent: 1, readAt: '2026-11-22T10:00:00Z' }, true)).toBe('Read');
    expect(emailStatus({ mailSent: 1, readAt: '2026-11-22T10:00:00Z' }, false)).toBe('Sent');
    expect(emailStatus({ mailSent: 0, readAt: null }, true)).toBe('not delivered');
    expect(emailStatus({ mailSent: null, readAt: null }, true)).toBe('not sent');
  });

  it('filters opened mail only with tracking', () => {
    expect(defaultMailFilter(true)).toEqual([1, 0, 2, 3]);
    expect(defaultMailFilter(false)).toEqual([1, 0, 2]);
  });
});

describe('column width', () => {
  it('is max(10, key length, longest value) × 5 + 100', () => {
    expect(columnWidth('id', ['a'])).toBe(150);
    expect(columnWidth('firstName', ['Ada', 'Bartholomew-Jones'])).toBe(17 * 5 + 100);
  });
});
