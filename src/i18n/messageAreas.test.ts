import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { messagesOfArea, SIGN_IN_MESSAGE_AREAS } from './messageAreas';

const LOGIN_FOLDER = path.resolve('src/custom-pages/login');

/** The modules of src/ the sign-in screens are made of: the login folder and what it imports from src/, transitively. */
function signInModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/from '(\.[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), specifier);
      const found = ['.tsx', '.ts', '/index.ts'].map((ending) => base + ending).find((f) => fs.existsSync(f));
      if (found && found.startsWith(path.resolve('src'))) visit(found);
    }
  };
  for (const name of fs.readdirSync(LOGIN_FOLDER))
    if (/\.tsx?$/.test(name) && !name.includes('.test.')) visit(path.join(LOGIN_FOLDER, name));
  return [...seen];
}

describe('messages loaded before sign-in', () => {
  it('hold every message key the sign-in screens name', () => {
    const areas = new Set(Object.keys(en));
    const used = new Set<string>();
    for (const file of signInModules())
      for (const [, area] of fs.readFileSync(file, 'utf8').matchAll(/['`]([a-zA-Z]+)\.[a-z_]+[\w.]*['`]/g))
        if (areas.has(area)) used.add(area);
    expect(used.size).toBeGreaterThan(1);
    expect([...used].filter((area) => !SIGN_IN_MESSAGE_AREAS.includes(area))).toEqual([]);
  });

  it('split a locale file in two parts that together are the whole', () => {
    const signIn = messagesOfArea(en, 'signIn');
    const signedIn = messagesOfArea(en, 'signedIn');
    expect(Object.keys(signIn).sort()).toEqual([...SIGN_IN_MESSAGE_AREAS].sort());
    expect({ ...signIn, ...signedIn }).toEqual(en);
    expect(Object.keys(signedIn)).not.toContain('login');
  });
});
