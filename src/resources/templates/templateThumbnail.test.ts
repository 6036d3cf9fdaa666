import { describe, expect, it } from 'vitest';
import {
  isContentId,
  publicTemplatePath,
  raceLost,
  templatePagePath,
  raceThumbnail,
  startRace,
  thumbnailSources,
} from './templateThumbnail';

const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';

describe('template thumbnails', () => {
  it('recognises a 46-character alphanumeric content id only', () => {
    expect(cid).toHaveLength(46);
    expect(isContentId(cid)).toBe(true);
    expect(isContentId(cid.slice(1))).toBe(false);
    expect(isContentId(`${cid.slice(1)}-`)).toBe(false);
    expect(isContentId('logo.png')).toBe(false);
    expect(isContentId(null)).toBe(false);
  });

  it('uses the server image, or two gateways the second 100 ms later for a content id', () => {
    expect(publicTemplatePath(4, 12)).toBe('/template/4&12');
    expect(thumbnailSources(4, 12, null)).toEqual([{ src: '/template/4&12/thumbnail.svg', delay: 0 }]);
    expect(thumbnailSources(4, 12, 'logo.png')).toEqual([{ src: '/template/4&12/thumbnail.svg', delay: 0 }]);
    expect(thumbnailSources(4, 12, cid)).toEqual([
      { src: `https://ipfs.io/ipfs/${cid}`, delay: 0 },
      { src: `https://dweb.link/ipfs/${cid}`, delay: 100 },
    ]);
  });

  it("carries the list's preview token on the page and the server image, never to a gateway", () => {
    const token = '1800000000000.abc_-';
    expect(templatePagePath(4, 12)).toBe('/template/4&12');
    expect(templatePagePath(4, 12, token)).toBe(`/template/4&12?preview=${token}`);
    expect(templatePagePath(4, 12, 'a b')).toBe('/template/4&12?preview=a%20b');
    expect(thumbnailSources(4, 12, null, token)).toEqual([
      { src: `/template/4&12/thumbnail.svg?preview=${token}`, delay: 0 },
    ]);
    expect(thumbnailSources(4, 12, cid, token).map((source) => source.src)).toEqual([
      `https://ipfs.io/ipfs/${cid}`,
      `https://dweb.link/ipfs/${cid}`,
    ]);
  });

  it('keeps whichever source loads first and shows the placeholder when all fail', () => {
    const sources = thumbnailSources(4, 12, cid);
    const [first, second] = sources.map((s) => s.src) as [string, string];
    let race = startRace(sources);
    expect(race.started).toEqual([first]);
    race = raceThumbnail(race, { kind: 'start', src: second });
    race = raceThumbnail(race, { kind: 'load', src: second });
    race = raceThumbnail(race, { kind: 'load', src: first });
    expect(race.winner).toBe(second);

    let lost = startRace(sources);
    lost = raceThumbnail(lost, { kind: 'error', src: first });
    expect(raceLost(lost, sources)).toBe(false);
    lost = raceThumbnail(lost, { kind: 'start', src: second });
    lost = raceThumbnail(lost, { kind: 'error', src: second });
    expect(raceLost(lost, sources)).toBe(true);
  });
});
