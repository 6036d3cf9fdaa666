import { describe, expect, it } from 'vitest';
import { canAccess, canEditTemplate, canPublish, isAdministrator } from './permissions';
import { effectiveProfile, profileFromRoleClaims, PROFILE, roleClaim } from './roles';

const { Administrator, Manager, Publisher, Reader } = PROFILE;

describe('roles', () => {
  it('uses the profile ids of spec 000 section 6', () => {
    expect(PROFILE).toEqual({ Administrator: 1, Publisher: 2, Reader: 3, Manager: 6 });
  });

  it('writes role claims with a 5-character prefix that readers strip', () => {
    expect(roleClaim(Manager)).toBe('ROLE_Manager');
    expect(profileFromRoleClaims(['ROLE_Manager'])).toBe(Manager);
    expect(profileFromRoleClaims(['ROLE_Nobody'])).toBeNull();
  });

  it('makes every user of a blocked issuer a Reader', () => {
    expect(effectiveProfile(Administrator, true)).toBe(Reader);
    expect(effectiveProfile(Administrator, false)).toBe(Administrator);
  });
});

describe('permissions', () => {
  it('gives template edit rights to Administrators and Managers only', () => {
    expect([Administrator, Manager, Publisher, Reader].map(canEditTemplate)).toEqual([true, true, false, false]);
  });

  it('gives publish rights to Administrators, Managers and Publishers', () => {
    expect([Administrator, Manager, Publisher, Reader].map(canPublish)).toEqual([true, true, true, false]);
  });

  it('keeps the admin area, API keys, billing and the profile to Administrators', () => {
    for (const resource of [
      'admin',
      'users',
      'org-units',
      'api-keys',
      'notifications',
      'profile',
      'billing',
    ] as const) {
      expect(canAccess(Administrator, { resource })).toBe(true);
      for (const other of [Manager, Publisher, Reader]) expect(canAccess(other, { resource })).toBe(false);
    }
    expect(isAdministrator(Administrator)).toBe(true);
  });

  it('lets everyone read the credit operations, and nobody write them', () => {
    for (const profile of [Administrator, Manager, Publisher, Reader]) {
      expect(canAccess(profile, { resource: 'credit-operations', action: 'list' })).toBe(true);
      expect(canAccess(profile, { resource: 'credit-operations', action: 'show' })).toBe(true);
      for (const action of ['create', 'edit', 'delete'] as const)
        expect(canAccess(profile, { resource: 'credit-operations', action })).toBe(false);
    }
  });

  it('opens the tags page to Administrators and Managers', () => {
    expect([Administrator, Manager, Publisher, Reader].map((p) => canAccess(p, { resource: 'template-tags' }))).toEqual(
      [true, true, false, false],
    );
  });

  it('lets everyone read templates, and only editors change them', () => {
    expect(canAccess(Reader, { resource: 'templates', action: 'list' })).toBe(true);
    expect(canAccess(Reader, { resource: 'templates', action: 'edit' })).toBe(false);
    expect(canAccess(Publisher, { resource: 'templates', action: 'create' })).toBe(false);
    expect(canAccess(Manager, { resource: 'templates', action: 'disable' })).toBe(true);
  });

  it('keeps readers to viewing: no publishing, notes, emails or certificate changes', () => {
    for (const resource of ['publication', 'campaign-notes', 'emails', 'certificates', 'badge-images'] as const) {
      expect(canAccess(Reader, { resource, action: 'create' })).toBe(false);
      expect(canAccess(Publisher, { resource, action: 'create' })).toBe(true);
    }
  });

  it('lets every signed-in user reach the dashboard, my plan and the security page', () => {
    for (const profile of [Administrator, Manager, Publisher, Reader]) {
      expect(canAccess(profile, { resource: 'myplan' })).toBe(true);
      expect(canAccess(profile, { resource: 'security', action: 'edit' })).toBe(true);
    }
  });
});
