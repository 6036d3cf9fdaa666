import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../server/security/svgSanitizer';
import { signInAdmin } from './signIn';
import { badgePayload, postForm, type FormPart } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { postVerification, verificationDocument, verificationForm } from './verificationFixtures';

/** An SVG logo that tries every way an SVG can run code or reach outside itself. */
const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert('load')">
  <script>alert('script')</script>
  <script xlink:href="https://evil.example/x.js"/>
  <style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/f.svg#x); stroke: url(#g) }</style>
  <linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>
  <a xlink:href="javascript:alert('link')"><rect id="r" width="10" height="10" fill="url(#g)" onclick="alert('click')"/></a>
  <a href="https://evil.example/">out</a>
  <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <use href="https://evil.example/sprite.svg#icon"/>
  <animate attributeName="href" to="javascript:alert('animate')"/>
  <set attributeName="onmouseover" to="alert('set')"/>
  <circle cx="5" cy="5" r="2" style="fill: url('https://evil.example/p')" onmouseover="alert('over')"/>
</svg>
`;

/** What must not be left in a stored SVG. */
function expectInert(svg: string): void {
  expect(svg).not.toMatch(/<script|<foreignObject|<iframe|<use|<animate|<set\b/i);
  expect(svg).not.toMatch(/\son[a-z]+=/i);
  expect(svg).not.toMatch(/javascript:/i);
  expect(svg).not.toMatch(/evil\.example/);
  expect(svg).not.toMatch(/@import/);
  // still an SVG that an XML parser reads, drawing what it drew
  const document = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(document.documentElement.localName).toBe('svg');
  expect(svg).toContain('<rect id="r" width="10" height="10" fill="url(#g)"/>');
  expect(svg).toContain('<linearGradient id="g">');
  expect(svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
}

describe('sanitizeSvg', () => {
  it('keeps the drawing and removes scripts, event attributes, foreign objects and outside references', async () => {
    const clean = await sanitizeSvg(HOSTILE_SVG);
    expect(clean).not.toBeNull();
    expectInert(clean as string);
    expect(clean).toContain('stroke: url(#g)');
  });

  it('refuses what holds no SVG drawing', async () => {
    expect(await sanitizeSvg('<html><body><script>alert(1)</script></body></html>')).toBeNull();
    expect(await sanitizeSvg('<script>alert(1)</script>')).toBeNull();
    // entities (billion laughs) and what an XML parser refuses
    const laughs = '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    expect(await sanitizeSvg(`${laughs}<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`)).toBeNull();
    expect(await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toBeNull();
    expect(await sanitizeSvg('<svg><rect/></svg>')).toBeNull();
  });
});

describe.each(TEST_DATABASES)('stored SVGs on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => t.close());

  const hostileLogo = (name = 'badgeImage', filename = 'logo.svg'): FormPart => ({
    name,
    value: Buffer.from(HOSTILE_SVG),
    filename,
    contentType: 'image/svg+xml',
  });

  it('stores a template logo sanitised and serves it sandboxed, never sniffed', async () => {
    const created = await postForm(t.app, headers, badgePayload(), [hostileLogo()]);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const template = await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/template/${id}/json`, headers });
    const logo = template.json<{ content: { en: { badge_logo: string } } }>().content.en.badge_logo;
    const stored = fs.readFileSync(path.join(t.config.dataDir, 'files', logo), 'utf8');
    expectInert(stored);

    const served = await t.app.inject({ method: 'GET', url: `/api/template/image/${logo.slice('templates/'.length)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expectInert(served.body);
  });

  it('refuses an "SVG" with nothing drawable left', async () => {
    const empty = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const scriptOnly = await postForm(t.app, headers, badgePayload(), [
      { name: 'badgeImage', value: Buffer.from(`<svg><foreignObject>${empty}</foreignObject>`), filename: 'logo.svg' },
    ]);
    expect(scriptOnly.statusCode).toBe(400);
  });

  it('stores the account verification logo sanitised', async () => {
    await t.app.laurel.db.updateTable('issuers').set({ plan: 'ESSENTIALS_PACK' }).where('id', '=', issuerId).execute();
    const answer = await postVerification(
      t.app,
      headers,
      verificationForm({}, [hostileLogo('hdLogo'), verificationDocument()]),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const row = await t.app.laurel.db.selectFrom('account_verifications').select('logo_file').executeTakeFirstOrThrow();
    expectInert(fs.readFileSync(path.join(t.config.dataDir, 'files', row.logo_file), 'utf8'));
  });
});
