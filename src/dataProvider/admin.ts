import type { CreateParams, DeleteParams, GetListParams, GetOneParams, RaRecord, UpdateParams } from 'react-admin';
import type { OrgUnitRow, UserPayload } from '../../domain/users';
import { apiRequest, type ApiBody } from './apiRequest';
import { applyListParams } from './listParams';

/** The users of the admin area: GET /api/admin/users, POST, PATCH and DELETE /api/admin/user. */
export const users = {
  async getList(params: GetListParams) {
    const { body } = await apiRequest('/api/admin/users', 'get');
    return applyListParams(body, params, (u) => `${u.firstName} ${u.lastName} ${u.email} ${u.orgUnit ?? ''}`);
  },
  async getOne(params: GetOneParams) {
    const { body } = await apiRequest('/api/admin/users', 'get');
    const user = body.find((u) => String(u.id) === String(params.id));
    if (!user) throw new Error('ra.notification.item_doesnt_exist');
    // the form edits the profile by its id
    return { data: { ...user, profile: user.profileId } };
  },
  async create(params: CreateParams<UserPayload & { lang?: string }>) {
    const { lang, ...payload } = params.data;
    const { body } = await apiRequest('/api/admin/user', 'post', {
      query: lang ? { lang } : {},
      json: userPayload(payload),
    });
    return { data: { ...payload, id: body.id } as RaRecord };
  },
  async update(params: UpdateParams) {
    const payload = { ...userPayload(params.data as UserPayload), id: Number(params.id) };
    await apiRequest('/api/admin/user', 'patch', { json: payload });
    return { data: { ...params.previousData, ...params.data, id: params.id } };
  },
  async delete(params: DeleteParams) {
    await apiRequest('/api/admin/user', 'delete', { query: { id: Number(params.id) } });
    return { data: params.previousData as RaRecord };
  },
};

/** The form's values as the server's payload: org unit by name (null when empty), profile as its id. */
export function userPayload(values: Omit<Partial<UserPayload>, 'orgUnit'> & { orgUnit?: unknown }): UserPayload {
  const raw = values.orgUnit;
  const orgUnit = (typeof raw === 'string' ? raw : ((raw as { name?: string } | null | undefined)?.name ?? '')).trim();
  return {
    firstName: (values.firstName ?? '').trim(),
    lastName: (values.lastName ?? '').trim(),
    email: (values.email ?? '').trim(),
    profile: Number(values.profile) as UserPayload['profile'],
    orgUnit: orgUnit ? { name: orgUnit } : null,
    ...(values.notify !== undefined ? { notify: Boolean(values.notify) } : {}),
  };
}

async function units(body: ApiBody<'/api/admin/units', 'post'>): Promise<OrgUnitRow[]> {
  return (await apiRequest('/api/admin/units', 'post', { json: body })).body;
}

/** Org units: every operation is POST /api/admin/units with an operation name (spec 000 section 7). */
export const orgUnits = {
  async getList(params: GetListParams) {
    return applyListParams(await units({ operation: 'get' }), params, (u) => u.name);
  },
  async create(params: CreateParams<{ name: string }>) {
    const name = (params.data.name ?? '').trim();
    const list = await units({ operation: 'add', name });
    return { data: list.find((u) => u.name === name) ?? { id: 0, name, users: 0 } };
  },
  async update(params: UpdateParams<OrgUnitRow>) {
    const name = (params.data.name ?? '').trim();
    await units({ operation: 'update', id: Number(params.id), name });
    return { data: { ...params.previousData, name, id: params.id } as RaRecord };
  },
  async delete(params: DeleteParams) {
    await units({ operation: 'delete', id: Number(params.id) });
    return { data: params.previousData as RaRecord };
  },
};
