import { describe, expect, it } from 'vitest';
import { campaignsQuery, campaignUser, templateIdParam } from './campaignsQuery';

const filters = { search: '', startDate: '', endDate: '', templateId: null };

describe('the campaigns query', () => {
  it('sends offset and limit, then only the filters that are set', () => {
    expect(campaignsQuery(filters, { page: 0, perPage: 25 })).toBe('offset=0&limit=25');
    expect(
      campaignsQuery(
        { search: ' spring ', startDate: '2026-11-01', endDate: '2026-11-23', templateId: 4 },
        { page: 2, perPage: 50 },
      ),
    ).toBe('offset=100&limit=50&templateId=4&filter=spring&startDate=2026-11-01&endDate=2026-11-23');
  });

  it('reads the template parameter and the user name', () => {
    expect(templateIdParam('12')).toBe(12);
    expect(templateIdParam(null)).toBeNull();
    expect(templateIdParam('x')).toBeNull();
    expect(templateIdParam('0')).toBeNull();
    expect(campaignUser({ userFirstname: 'Ada', userLastname: 'Lovelace' })).toBe('Ada Lovelace');
    expect(campaignUser({ userFirstname: '', userLastname: '' })).toBe('');
  });
});
