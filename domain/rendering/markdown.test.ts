// @vitest-environment jsdom
// (the tests read the rendered HTML with the DOM's own parser)
import { describe, expect, it } from 'vitest';
import { executables } from '../../tests/support/executables';
import { MARKDOWN_ALLOWED_TAGS, markdownToPlainText, renderMarkdown } from './markdown';

const SCRIPT = '<script>alert(1)</script>';

function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('renderMarkdown', () => {
  it('renders bold, italics, lists, headings and paragraphs', () => {
    const html = renderMarkdown(
      '# Goals\nCan **analyse** data and _report_ it.\nSecond *line*.\n\n- SQL\n- Python\n\n1. first\n2. second',
    );
    expect(html).toBe(
      [
        '<h3 class="md-heading">Goals</h3>',
        '<p>Can <strong>analyse</strong> data and <em>report</em> it.<br>Second <em>line</em>.</p>',
        '<ul><li>SQL</li><li>Python</li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
      ].join('\n'),
    );
  });

  it('links http(s) and mailto addresses with rel noopener, and nothing else', () => {
    const html = renderMarkdown(
      '[site](https://example.org/?a=1&b=2) [mail](mailto:x@example.org) [bad](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) see https://bare.example/path.',
    );
    expect(html).toContain(
      '<a href="https://example.org/?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
    expect(html).toContain('<a href="mailto:x@example.org" rel="noopener noreferrer nofollow">mail</a>');
    expect(html).toContain(
      '<a href="https://bare.example/path" rel="noopener noreferrer nofollow" target="_blank">https://bare.example/path</a>.',
    );
    expect(html).not.toContain('javascript');
    expect(html).not.toContain('data:');
    expect(html).toContain(' bad ');
    expect(parseHtml(html).querySelectorAll('a')).toHaveLength(3);
  });

  it('keeps parentheses inside a link address', () => {
    expect(renderMarkdown('[Ada](https://en.wikipedia.org/wiki/Ada_(language))')).toBe(
      '<p><a href="https://en.wikipedia.org/wiki/Ada_(language)" rel="noopener noreferrer nofollow" target="_blank">Ada</a></p>',
    );
  });

  it('never lets HTML through: tags, attributes and addresses stay text', () => {
    const source = `${SCRIPT}\n<img src=x onerror=alert(1)>\n[x](https://a.example/"onclick="alert(1))\n**<b>bold</b>**\n<a href="javascript:alert(1)">a</a>`;
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(?!\/?(?:p|br|strong|em|a|ul|ol|li|h3)[\s>])/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(executables(parseHtml(html))).toEqual([]);
  });

  it('leaves snake_case words and lone asterisks alone', () => {
    expect(renderMarkdown('use snake_case_names and 2 * 3 * 4')).toBe('<p>use snake_case_names and 2 * 3 * 4</p>');
  });

  it('reads CommonMark with markdown-it: nested and numbered lists, setext headings, line breaks', () => {
    expect(renderMarkdown('Title\n=====\n\n3. three\n4. four\n   - nested\n\nend  \nline')).toBe(
      [
        '<h3 class="md-heading">Title</h3>',
        '<ol start="3"><li>three</li><li>four<ul><li>nested</li></ul></li></ol>',
        '<p>end<br>line</p>',
      ].join('\n'),
    );
  });

  it('makes only the allowed tags: code, quotes, rules, images and tables stay text', () => {
    const html = renderMarkdown(
      '`code`\n\n> quote\n\n---\n\n    indented\n\n![img](https://i.example/x.png)\n\n| a | b |\n|---|---|',
    );
    const tags = [...parseHtml(html).body.querySelectorAll('*')].map((element) => element.localName);
    expect(tags.filter((tag) => !MARKDOWN_ALLOWED_TAGS.includes(tag))).toEqual([]);
    expect(html).toContain('`code`');
    expect(html).toContain('&gt; quote');
  });

  it('links nothing but http(s) and mailto, even through autolinks and references', () => {
    const html = renderMarkdown(
      '<javascript:alert(1)> [ref][r] [ok][s] www.example.org x@example.org //example.org\n\n[r]: javascript:alert(1)\n[s]: https://ok.example',
    );
    expect(parseHtml(html).querySelectorAll('a')).toHaveLength(1);
    expect(html).toContain('<a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
    expect(executables(parseHtml(html))).toEqual([]);
  });
});

describe('markdownToPlainText', () => {
  it('writes blocks apart, list items as lines, links as label (address), and no markup', () => {
    expect(
      markdownToPlainText(
        '# Goals\nCan **analyse** data &amp; _report_ it.\n\n- SQL\n- [Python](https://python.org)\n  - nested\n\n1. first\n2. <b>second</b>\n\nsee https://bare.example and [me](mailto:a@b.org)',
      ),
    ).toBe(
      [
        'Goals',
        '',
        'Can analyse data & report it.',
        '',
        '- SQL\n- Python (https://python.org)\n  - nested',
        '',
        '1. first\n2. <b>second</b>',
        '',
        'see https://bare.example and me (a@b.org)',
      ].join('\n'),
    );
  });

  it('is empty for empty or blank Markdown', () => {
    expect(markdownToPlainText('')).toBe('');
    expect(markdownToPlainText(' \n\n ')).toBe('');
  });
});
