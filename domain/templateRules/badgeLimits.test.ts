import { describe, expect, it } from 'vitest';
import {
  BADGE_LIMITS,
  BADGE_TAG_LIMITS,
  type BadgeContent,
  characterCount,
  PARTNER_TAGS_MAX_LENGTH,
  REGISTRY_LIMITS,
  validateBadgeContent,
  validateRegistryContent,
  withDefaultIssuer,
} from './badgeLimits';

const classic = { isNft: false, isDefaultLanguage: true };
const valid: BadgeContent = { microcertitle: 'Data analysis', issuer: 'Laurel Academy', badge_logo: 'logo.svg' };

/** Spec 001 section 5: the badge's single-value fields and the registry form's, with their maximum lengths. */
const SPEC_BADGE_LIMITS = Object.fromEntries([
  ['label', 50],
  ['microcertitle', 300],
  ['issuer', 100],
  ['partner', 100],
  ['issuer_url', 100],
  ['issuer_url_label', 100],
  ['outcome', 2000],
  ['assessment', 2000],
  ['componentof', 2000],
]) as Record<string, number>;
const SPEC_REGISTRY_LIMITS = Object.fromEntries([
  ['location', 100],
  ['certificator', 2000],
  ['qualification', 2000],
  ['speciality', 2000],
  ['decision', 2000],
  ['reference', 20],
]) as Record<string, number>;

function tags(count: number, length: number): string {
  return Array.from({ length: count }, (_, index) => String(index).padStart(length, 'x')).join(',');
}

describe('badge content limits', () => {
  it('holds the spec’s limits', () => {
    expect(BADGE_TAG_LIMITS).toEqual({ skills: 120, otherpartners: 100 });
    expect(PARTNER_TAGS_MAX_LENGTH).toBe(2000);
  });

  it('accepts minimal valid content', () => {
    expect(validateBadgeContent(valid, classic)).toEqual({});
  });

  it('requires the title, the issuer and the badge logo; blank counts as missing', () => {
    expect(validateBadgeContent({}, classic)).toEqual({
      microcertitle: 'required',
      issuer: 'required',
      badge_logo: 'missing',
    });
    expect(validateBadgeContent({ microcertitle: '  ', issuer: '\n', badge_logo: null }, classic)).toEqual({
      microcertitle: 'required',
      issuer: 'required',
      badge_logo: 'missing',
    });
  });

  it('accepts every single-value field at the spec’s limit and refuses one more', () => {
    expect(Object.keys(BADGE_LIMITS).sort()).toEqual(Object.keys(SPEC_BADGE_LIMITS).sort());
    for (const [field, max] of Object.entries(SPEC_BADGE_LIMITS)) {
      expect(validateBadgeContent({ ...valid, [field]: 'a'.repeat(max) }, classic), field).toEqual({});
      expect(validateBadgeContent({ ...valid, [field]: 'a'.repeat(max + 1) }, classic), field).toEqual({
        [field]: 'too_long',
      });
    }
  });

  it('reports too_long rather than required for an over-long title', () => {
    expect(validateBadgeContent({ ...valid, microcertitle: 'a'.repeat(301) }, classic)).toEqual({
      microcertitle: 'too_long',
    });
  });

  it('counts characters as people do: emoji, accents and other scripts count one each', () => {
    expect(characterCount('🎓')).toBe(1);
    expect(characterCount('e\u0301')).toBe(1);
    expect(characterCount('日本語')).toBe(3);
    expect(characterCount('')).toBe(0);
    expect(validateBadgeContent({ ...valid, issuer: '🎓'.repeat(100) }, classic)).toEqual({});
    expect(validateBadgeContent({ ...valid, issuer: '🎓'.repeat(101) }, classic)).toEqual({ issuer: 'too_long' });
    expect(validateBadgeContent({ ...valid, issuer: 'e\u0301'.repeat(100) }, classic)).toEqual({});
  });

  it('does not require the partner, the links, the label or the long texts', () => {
    expect(
      validateBadgeContent({ ...valid, partner: '', issuer_url: null, label: '', outcome: '', skills: '' }, classic),
    ).toEqual({});
  });

  it('lets an account set another label maximum', () => {
    expect(validateBadgeContent({ ...valid, label: 'a'.repeat(60) }, { ...classic, labelMaxLength: 60 })).toEqual({});
    expect(validateBadgeContent({ ...valid, label: 'a'.repeat(61) }, { ...classic, labelMaxLength: 60 })).toEqual({
      label: 'too_long',
    });
  });

  describe('NFT mode', () => {
    it('requires the title only in the default language', () => {
      const untitled = { ...valid, microcertitle: '' };
      expect(validateBadgeContent(untitled, { isNft: true, isDefaultLanguage: true })).toEqual({
        microcertitle: 'required',
      });
      expect(validateBadgeContent(untitled, { isNft: true, isDefaultLanguage: false })).toEqual({});
    });

    it('still limits the title’s length in every language', () => {
      expect(
        validateBadgeContent({ ...valid, microcertitle: 'a'.repeat(301) }, { isNft: true, isDefaultLanguage: false }),
      ).toEqual({ microcertitle: 'too_long' });
    });

    it('still requires the issuer and logo in every language', () => {
      expect(validateBadgeContent({}, { isNft: true, isDefaultLanguage: false })).toEqual({
        issuer: 'required',
        badge_logo: 'missing',
      });
    });
  });

  it('requires the title in every language of a classic template', () => {
    expect(validateBadgeContent({ ...valid, microcertitle: '' }, { isNft: false, isDefaultLanguage: false })).toEqual({
      microcertitle: 'required',
    });
  });

  describe('tag lists', () => {
    it('limits each skill to 120 characters', () => {
      expect(validateBadgeContent({ ...valid, skills: `${'a'.repeat(120)};b` }, classic)).toEqual({});
      expect(validateBadgeContent({ ...valid, skills: `b;${'a'.repeat(121)}` }, classic)).toEqual({
        skills: 'too_long',
      });
    });

    it('measures skills after cleaning: spaces around a tag do not count', () => {
      expect(validateBadgeContent({ ...valid, skills: `   ${'a'.repeat(120)}   ` }, classic)).toEqual({});
    });

    it('has no limit on the number of skills', () => {
      expect(validateBadgeContent({ ...valid, skills: tags(200, 100) }, classic)).toEqual({});
    });

    it('limits each other partner to 100 characters', () => {
      expect(validateBadgeContent({ ...valid, otherpartners: 'a'.repeat(100) }, classic)).toEqual({});
      expect(validateBadgeContent({ ...valid, otherpartners: `x;${'a'.repeat(101)}` }, classic)).toEqual({
        otherpartners: 'too_long',
      });
    });

    it('limits the other partners together to 2000 characters as stored', () => {
      const twenty = tags(20, 99);
      expect(twenty.length).toBe(1999);
      expect(validateBadgeContent({ ...valid, otherpartners: twenty }, classic)).toEqual({});
      expect(validateBadgeContent({ ...valid, otherpartners: `${twenty},y` }, classic)).toEqual({
        otherpartners: 'too_long',
      });
    });
  });

  it('fills a blank issuer with the user’s issuer name, and keeps one typed', () => {
    expect(withDefaultIssuer({ issuer: ' ' }, 'Laurel Academy')).toEqual({ issuer: 'Laurel Academy' });
    expect(withDefaultIssuer({}, 'Laurel Academy').issuer).toBe('Laurel Academy');
    expect(withDefaultIssuer({ issuer: 'Other' }, 'Laurel Academy').issuer).toBe('Other');
  });
});

describe('registry content limits', () => {
  const registry = { ...valid, location: 'Paris', reference: 'RNCP34567' };

  it('accepts every field at the spec’s limit and refuses one more', () => {
    expect(validateRegistryContent(registry)).toEqual({});
    expect(Object.keys(REGISTRY_LIMITS).sort()).toEqual(Object.keys(SPEC_REGISTRY_LIMITS).sort());
    for (const [field, max] of Object.entries(SPEC_REGISTRY_LIMITS)) {
      expect(validateRegistryContent({ ...registry, [field]: 'é'.repeat(max) }), field).toEqual({});
      expect(validateRegistryContent({ ...registry, [field]: 'é'.repeat(max + 1) }), field).toEqual({
        [field]: 'too_long',
      });
    }
  });

  it('applies the badge’s rules to the shared title, issuer, partner and logo', () => {
    expect(validateRegistryContent({ partner: 'a'.repeat(101) })).toEqual({
      microcertitle: 'required',
      issuer: 'required',
      partner: 'too_long',
      badge_logo: 'missing',
    });
  });

  it('requires none of the registry fields and leaves prefixes free', () => {
    expect(validateRegistryContent({ ...valid, location: '', location_prefix: 'Lieu : '.repeat(50) })).toEqual({});
  });
});
