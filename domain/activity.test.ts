import { describe, expect, it } from 'vitest';
import { activityColumns, DailyVisitors, isAutomatedVisitor, type Visit } from './activity';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; CUBOT_X70) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

describe('who is a person and who is a machine (issue 31)', () => {
  it('counts the browsers of people', () => {
    for (const agent of [CHROME, IPHONE, FIREFOX, ANDROID]) expect(isAutomatedVisitor(agent), agent).toBe(false);
  });

  it('leaves out crawlers, link previewers, mail scanners and HTTP libraries', () => {
    const machines = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Twitterbot/1.0',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; BingPreview/1.0b) AppleWebKit/537.36',
      'Mozilla/4.0 (compatible; ms-office; MSOffice 16)',
      'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)',
      'Mozilla/5.0 (compatible; Proofpoint URL Defense)',
      'Mimecast URL Protect',
      'Barracuda Sentinel (EE)',
      'Go-http-client/1.1',
      'python-requests/2.32.3',
      'curl/8.5.0',
      'Wget/1.21.4',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ];
    for (const agent of machines) expect(isAutomatedVisitor(agent), agent).toBe(true);
  });

  it('leaves out a request without a User-Agent, a HEAD request and a prefetch', () => {
    expect(isAutomatedVisitor(undefined)).toBe(true);
    expect(isAutomatedVisitor('  ')).toBe(true);
    expect(isAutomatedVisitor(CHROME, {}, 'HEAD')).toBe(true);
    expect(isAutomatedVisitor(CHROME, { purpose: 'prefetch' })).toBe(true);
    expect(isAutomatedVisitor(CHROME, { 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isAutomatedVisitor(CHROME, { 'x-moz': 'prefetch' })).toBe(true);
    expect(isAutomatedVisitor(CHROME, { accept: 'text/html' }, 'GET')).toBe(false);
  });
});

describe('the same visitor counts once a day', () => {
  // a readable stand-in for SHA-256; the salt counter shows when it changes
  let salts = 0;
  const visitors = () =>
    new DailyVisitors(
      (text) => `h(${text})`,
      () => `salt${++salts}`,
      3,
    );
  const visit: Visit = { ip: '192.0.2.1', userAgent: CHROME, certificate: 'k1', kind: 'view' };

  it('counts a visitor once a day, another visitor, another kind and another certificate apart', () => {
    const seen = visitors();
    expect(seen.firstToday('2026-11-29', visit)).toBe(true);
    expect(seen.firstToday('2026-11-29', visit)).toBe(false);
    expect(seen.firstToday('2026-11-29', { ...visit, ip: '192.0.2.2' })).toBe(true);
    expect(seen.firstToday('2026-11-29', { ...visit, kind: 'pdf' })).toBe(true);
    expect(seen.size).toBe(3);
  });

  it('forgets everything, salt included, when the day changes', () => {
    const seen = visitors();
    const hashes: string[] = [];
    const spying = new DailyVisitors(
      (text) => {
        hashes.push(text);
        return text;
      },
      () => `salt${++salts}`,
    );
    expect(spying.firstToday('2026-11-29', visit)).toBe(true);
    expect(spying.firstToday('2026-11-30', visit)).toBe(true);
    expect(spying.size).toBe(1);
    expect(hashes[0].split('\u0000')[0]).not.toBe(hashes[1].split('\u0000')[0]);
    expect(seen.firstToday('2026-11-30', visit)).toBe(true);
  });

  it('stays bounded: past its size it forgets the oldest visit', () => {
    const seen = visitors();
    for (const certificate of ['a', 'b', 'c', 'd']) seen.firstToday('2026-11-29', { ...visit, certificate });
    expect(seen.size).toBe(3);
    expect(seen.firstToday('2026-11-29', { ...visit, certificate: 'd' })).toBe(false);
    expect(seen.firstToday('2026-11-29', { ...visit, certificate: 'a' })).toBe(true);
  });
});

describe("a report row's activity columns", () => {
  it('adds the PDF and image downloads, keeps the first and last view, and reads nothing as zero', () => {
    const at = (day: number) => `2026-11-${day}T10:00:00.000Z`;
    expect(
      activityColumns({
        view: { count: 3, firstAt: at(20), lastAt: at(28) },
        pdf: { count: 2, firstAt: at(21), lastAt: at(22) },
        image: { count: 1, firstAt: at(21), lastAt: at(21) },
        verification: { count: 4, firstAt: at(23), lastAt: at(24) },
      }),
    ).toEqual({
      Views: 3,
      FirstView: at(20),
      LastView: at(28),
      Downloads: 3,
      LinkedInClicks: 0,
      Verifications: 4,
    });
    expect(activityColumns({})).toEqual({
      Views: 0,
      FirstView: null,
      LastView: null,
      Downloads: 0,
      LinkedInClicks: 0,
      Verifications: 0,
    });
  });
});
