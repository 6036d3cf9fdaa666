import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { listOutbox } from '../../server/repositories/outbox';
import { addIssuer, addUser, bearer, decodeClaims, lastLinkSecret, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const ADMIN = 'admin@example.org';

describe.each(TEST_DATABASES)('users and org units on %s', (database) => {
  let t: TestApp;
  let headers: { authorization: string };
  let issuerId: number;
  let adminId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers: headers, issuerId, userId: adminId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = headers) =>
    t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
  const newUser = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'Grace@Example.org ',
    profile: PROFILE.Manager,
    orgUnit: { name: 'Sales' },
  };

  it('adds a user in an org unit, lists them, and invites them by mail', async () => {
    const created = await call('POST', '/api/admin/user?lang=fr', { ...newUser, notify: true });
    expect(created.statusCode).toBe(201);
    const users = (await call('GET', '/api/admin/users')).json();
    expect(users).toContainEqual(
      expect.objectContaining({
        email: 'grace@example.org',
        firstName: 'Grace',
        profile: 'Manager',
        profileId: 6,
        orgUnit: 'Sales',
        hasTotp: false,
      }),
    );
    const [invitation] = await listOutbox(t.app.laurel.db, 'grace@example.org');
    expect(invitation.subject).toContain('vous invite');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/token',
      payload: { token: await lastLinkSecret(t.app, 'grace@example.org') },
    });
    expect(decodeClaims(exchange.json().token)).toMatchObject({ sub: 'grace@example.org', roles: ['ROLE_Manager'] });
  });

  it('does not mail a user added without notify', async () => {
    await call('POST', '/api/admin/user', { ...newUser, notify: false });
    expect(await listOutbox(t.app.laurel.db, 'grace@example.org')).toHaveLength(0);
  });

  it('refuses a bad address, an unknown profile, a duplicate and overlong names, and writes nothing', async () => {
    expect((await call('POST', '/api/admin/user', { ...newUser, email: 'nope' })).json()).toMatchObject({
      code: 'INVALID_EMAIL',
    });
    expect((await call('POST', '/api/admin/user', { ...newUser, profile: 4 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/user', { ...newUser, firstName: 'x'.repeat(61) })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/user', { ...newUser, orgUnit: { name: 'y'.repeat(31) } })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/admin/user', { ...newUser, email: ADMIN })).statusCode).toBe(409);
    expect((await call('GET', '/api/admin/users')).json()).toHaveLength(1);
  });

  it('lets the same address belong to users of two issuers', async () => {
    const other = await addIssuer(t.app, 'Other school');
    await addUser(t.app, other, 'grace@example.org', PROFILE.Reader);
    expect((await call('POST', '/api/admin/user', newUser)).statusCode).toBe(201);
  });

  it('updates a user, and 404s a user of another issuer', async () => {
    const { id } = (await call('POST', '/api/admin/user', newUser)).json();
    const updated = await call('PATCH', '/api/admin/user', {
      ...newUser,
      id,
      lastName: 'Brewster',
      profile: PROFILE.Reader,
      orgUnit: null,
    });
    expect(updated.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users')).json()).toContainEqual(
      expect.objectContaining({ id, lastName: 'Brewster', profileId: 3, orgUnit: null }),
    );
    const other = await addIssuer(t.app, 'Other school');
    const stranger = await addUser(t.app, other, 'stranger@example.org');
    expect(
      (await call('PATCH', '/api/admin/user', { ...newUser, email: 'stranger@example.org', id: stranger })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/admin/user?id=${stranger}`)).statusCode).toBe(404);
  });

  it('never lets a user delete themselves or change their own profile', async () => {
    const self = await call('DELETE', `/api/admin/user?id=${adminId}`);
    expect(self.statusCode).toBe(403);
    const demote = await call('PATCH', '/api/admin/user', {
      firstName: 'Admin',
      lastName: '',
      email: ADMIN,
      profile: PROFILE.Reader,
      id: adminId,
    });
    expect(demote.statusCode).toBe(403);
    const { id } = (await call('POST', '/api/admin/user', newUser)).json();
    expect((await call('DELETE', `/api/admin/user?id=${id}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users')).json()).toHaveLength(1);
  });

  it('keeps the users and org units calls to Administrators', async () => {
    await addUser(t.app, issuerId, 'manager@example.org', PROFILE.Manager);
    const manager = bearer(await signIn(t.app, 'manager@example.org'));
    expect((await call('GET', '/api/admin/users', undefined, manager)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/user', newUser, manager)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/units', { operation: 'get' }, manager)).statusCode).toBe(403);
  });

  it('manages org units with the name rules and counts their users', async () => {
    expect((await call('POST', '/api/admin/units', { operation: 'add', name: '  ' })).json()).toMatchObject({
      code: 'NAME_EMPTY',
    });
    expect((await call('POST', '/api/admin/units', { operation: 'add', name: 'z'.repeat(31) })).json()).toMatchObject({
      code: 'NAME_TOO_LONG',
    });
    await call('POST', '/api/admin/units', { operation: 'add', name: 'Training' });
    expect((await call('POST', '/api/admin/units', { operation: 'add', name: 'training' })).json()).toMatchObject({
      code: 'NAME_EXISTS',
    });
    await call('POST', '/api/admin/user', newUser);
    const units = (await call('POST', '/api/admin/units', { operation: 'get' })).json() as {
      id: number;
      name: string;
      users: number;
    }[];
    expect(units).toEqual([
      expect.objectContaining({ name: 'Sales', users: 1 }),
      expect.objectContaining({ name: 'Training', users: 0 }),
    ]);
    const sales = units.find((u) => u.name === 'Sales')!;
    const renamed = await call('POST', '/api/admin/units', { operation: 'update', id: sales.id, name: 'Sales team' });
    expect(renamed.json()).toContainEqual(expect.objectContaining({ name: 'Sales team', users: 1 }));
    const afterDelete = await call('POST', '/api/admin/units', { operation: 'delete', id: sales.id });
    expect(afterDelete.json()).toEqual([expect.objectContaining({ name: 'Training' })]);
    expect((await call('GET', '/api/admin/users')).json()).toContainEqual(
      expect.objectContaining({ email: 'grace@example.org', orgUnit: null }),
    );
  });
});
