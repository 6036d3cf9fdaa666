import { describe, expect, it } from 'vitest';
import { cleanInput, cleanTags, collapseIdenticalLanguages, expandLanguages } from './inputCleaning';

describe('cleanInput', () => {
  it('strips the currency sign ¤ wherever it appears', () => {
    expect(cleanInput('¤Data¤ science¤')).toBe('Data science');
    expect(cleanInput('¤¤¤')).toBe('');
  });

  it('keeps other currency signs', () => {
    expect(cleanInput('Budget 100 € / $ / £')).toBe('Budget 100 € / $ / £');
  });

  it('turns each tab into a space and trims', () => {
    expect(cleanInput('\ta\tb\t\tc\t')).toBe('a b  c');
    expect(cleanInput('  title  ')).toBe('title');
  });

  it('drops a value that is a [[placeholder]], after trimming', () => {
    expect(cleanInput('[[microcertitle]]')).toBe('');
    expect(cleanInput('  [[ issuer name ]]\t')).toBe('');
    expect(cleanInput('[[]]')).toBe('');
    expect(cleanInput('[[multi\nline]]')).toBe('');
  });

  it('keeps values that only contain a placeholder or several', () => {
    expect(cleanInput('Hello [[name]]')).toBe('Hello [[name]]');
    expect(cleanInput('[[a]] and [[b]]')).toBe('[[a]] and [[b]]');
    expect(cleanInput('[single]')).toBe('[single]');
    expect(cleanInput('[[unclosed')).toBe('[[unclosed');
  });

  it('answers an empty string for empty, blank and missing values', () => {
    expect(cleanInput('')).toBe('');
    expect(cleanInput(' \t \n ')).toBe('');
    expect(cleanInput(null)).toBe('');
    expect(cleanInput(undefined)).toBe('');
  });

  it('keeps line breaks, as \\n, and drops other control characters', () => {
    expect(cleanInput('line 1\r\nline 2\rline 3')).toBe('line 1\nline 2\nline 3');
    expect(cleanInput('a\u0000b\u0007c\u001bd\u0085e')).toBe('abcde');
  });

  it('keeps unicode text and composes it (NFC)', () => {
    expect(cleanInput('Cymraeg: ŵ ŷ — 日本語 🎓')).toBe('Cymraeg: ŵ ŷ — 日本語 🎓');
    expect(cleanInput('e\u0301cole')).toBe('\u00e9cole');
    expect(cleanInput('👩\u200d🎓')).toBe('👩\u200d🎓');
  });

  it('does not escape HTML or Markdown', () => {
    expect(cleanInput('**bold** <b>x</b> & y')).toBe('**bold** <b>x</b> & y');
  });
});

describe('cleanTags', () => {
  it('reads semicolons as commas', () => {
    expect(cleanTags('Java;SQL,Python')).toEqual({ tags: ['Java', 'SQL', 'Python'], value: 'Java,SQL,Python' });
  });

  it('drops empty tags and trims each', () => {
    expect(cleanTags(' a ;; , b,;')).toEqual({ tags: ['a', 'b'], value: 'a,b' });
  });

  it('drops repeats, ignoring case, keeping the first spelling', () => {
    expect(cleanTags('SQL;sql;Sql; SQL ,Java')).toEqual({ tags: ['SQL', 'Java'], value: 'SQL,Java' });
  });

  it('cleans each tag as an input: ¤, tabs, placeholders', () => {
    expect(cleanTags('a¤b;\tc\td;[[skill]];¤')).toEqual({ tags: ['ab', 'c d'], value: 'ab,c d' });
  });

  it('answers no tags for empty, blank or missing values', () => {
    for (const value of ['', ' ', ';', ',;,', null, undefined])
      expect(cleanTags(value)).toEqual({ tags: [], value: '' });
  });

  it('treats unicode tags by their composed form', () => {
    expect(cleanTags('Éducation;E\u0301ducation;éducation').tags).toEqual(['Éducation']);
  });
});

describe('collapseIdenticalLanguages', () => {
  it('collapses to one string when every language has the same value', () => {
    expect(collapseIdenticalLanguages({ en: 'Laurel', fr: 'Laurel', es: 'Laurel' })).toBe('Laurel');
    expect(collapseIdenticalLanguages({ en: '', fr: '' })).toBe('');
  });

  it('collapses a single language', () => {
    expect(collapseIdenticalLanguages({ fr: 'Titre' })).toBe('Titre');
  });

  it('keeps the map when any value differs, even by case or spacing', () => {
    expect(collapseIdenticalLanguages({ en: 'Title', fr: 'Titre' })).toEqual({ en: 'Title', fr: 'Titre' });
    expect(collapseIdenticalLanguages({ en: 'a', fr: 'A' })).toEqual({ en: 'a', fr: 'A' });
    expect(collapseIdenticalLanguages({ en: 'a', fr: 'a ' })).toEqual({ en: 'a', fr: 'a ' });
  });

  it('keeps an empty map and returns a copy, not the argument', () => {
    const values = { en: 'x', fr: 'y' };
    expect(collapseIdenticalLanguages({})).toEqual({});
    expect(collapseIdenticalLanguages(values)).not.toBe(values);
  });

  it('is undone by expandLanguages', () => {
    expect(expandLanguages('Laurel', ['en', 'fr'])).toEqual({ en: 'Laurel', fr: 'Laurel' });
    expect(expandLanguages({ en: 'Title', fr: 'Titre' }, ['en', 'cy'])).toEqual({ en: 'Title', cy: '' });
    const values = { en: 'a', fr: 'b', de: 'c' };
    expect(expandLanguages(collapseIdenticalLanguages(values), ['en', 'fr', 'de'])).toEqual(values);
  });
});
