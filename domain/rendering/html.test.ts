import { describe, expect, it } from 'vitest';
import { escapeHtml, safeHref } from './html';

describe('escapeHtml and safeHref', () => {
  it('escape the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('keep only http(s) and mailto addresses', () => {
    expect(safeHref('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(safeHref('mailto:someone@example.org')).toBe('mailto:someone@example.org');
    for (const address of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      '//evil.example',
      'ftp://x',
      'https://a.example/"onmouseover="x',
    ]) {
      expect(safeHref(address), address).toBeNull();
    }
  });
});
