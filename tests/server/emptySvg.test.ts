import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeSvgChecked } from '../../server/security/svgSanitizer';
import { signInAdmin } from './signIn';
import { badgePayload, postForm } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { postVerification, verificationDocument, verificationForm, verificationLogo } from './verificationFixtures';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

/** SVGs that are well formed but draw nothing once sanitised (issue 17 point 3, hardening of point 6). */
const EMPTY_ONCE_SANITISED: [string, string][] = [
  ['a script alone', `<svg ${NS} width="10" height="10"><script>alert(1)</script></svg>`],
  ['an empty root', `<svg ${NS} viewBox="0 0 10 10"/>`],
  [
    'a foreign object alone',
    `<svg ${NS}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
  ],
  ['shapes only in definitions', `<svg ${NS}><defs><rect id="r" width="5" height="5"/></defs><use href="#r"/></svg>`],
  ['an empty text and a title', `<svg ${NS}><title>Logo</title><text> </text></svg>`],
  ['an animation alone in a group', `<svg ${NS}><g><animate attributeName="x"/></g></svg>`],
];

describe('sanitizeSvgChecked', () => {
  it('tells an SVG that draws nothing once sanitised from one that is no SVG', async () => {
    for (const [why, svg] of EMPTY_ONCE_SANITISED)
      expect([why, await sanitizeSvgChecked(svg)]).toEqual([why, { ok: false, reason: 'empty' }]);
    expect(await sanitizeSvgChecked('<svg><script>alert(1)</script></svg>')).toEqual({ ok: false, reason: 'not_svg' });
    expect(await sanitizeSvgChecked('<html><body/></html>')).toEqual({ ok: false, reason: 'not_svg' });
  });

  it('keeps what draws: a shape, a shape in a group, a text, an embedded image', async () => {
    for (const body of [
      '<rect width="5" height="5"/>',
      '<g><g><circle r="2"/></g></g>',
      '<text x="1" y="5">A</text>',
      '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
      '<defs><linearGradient id="g"/></defs><path d="M0 0L5 5" stroke="url(#g)"/>',
    ]) {
      const result = await sanitizeSvgChecked(`<svg ${NS}><script>alert(1)</script>${body}</svg>`);
      expect([body, result.ok]).toEqual([body, true]);
      expect(result.ok && result.svg).not.toContain('script');
    }
  });
});

describe.each(TEST_DATABASES)('SVG uploads that draw nothing once sanitised on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => t.close());

  const filesIn = (folder: string) => {
    const dir = path.join(t.config.dataDir, 'files', folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
  };

  it('refuses them as template logos with editBadge.upload-error-empty-image, storing no template and no file', async () => {
    for (const [why, svg] of EMPTY_ONCE_SANITISED) {
      const answer = await postForm(t.app, headers, badgePayload(), [
        { name: 'badgeImage', value: Buffer.from(svg), filename: 'logo.svg', contentType: 'image/svg+xml' },
      ]);
      expect([why, answer.statusCode]).toEqual([why, 400]);
      expect(answer.json()).toMatchObject({
        code: 'editBadge.upload-error-empty-image',
        part: 'badgeImage',
        fileName: 'logo.svg',
      });
    }
    const templates = await t.app.laurel.db.selectFrom('templates').select('id').execute();
    expect(templates).toEqual([]);
    expect(filesIn('templates')).toBe(0);
    // an SVG with something to draw is still taken
    const drawn = `<svg ${NS} width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
    const kept = await postForm(t.app, headers, badgePayload(), [
      { name: 'badgeImage', value: Buffer.from(drawn), filename: 'logo.svg', contentType: 'image/svg+xml' },
    ]);
    expect(kept.statusCode, kept.body).toBe(201);
  });

  it('refuses one as the account verification logo, writing nothing', async () => {
    await t.app.laurel.db.updateTable('issuers').set({ plan: 'ESSENTIALS_PACK' }).where('id', '=', issuerId).execute();
    const answer = await postVerification(
      t.app,
      headers,
      verificationForm({}, [verificationLogo(Buffer.from(EMPTY_ONCE_SANITISED[0][1])), verificationDocument()]),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { hdLogo: 'unsupported_type' } });
    expect(await t.app.laurel.db.selectFrom('account_verifications').select('id').execute()).toEqual([]);
    expect(filesIn('verifications')).toBe(0);
  });
});
