import type { CreateParams, DeleteParams, GetListParams, RaRecord } from 'react-admin';
import type { ApiKeyRow } from '../../domain/apiKeys';
import { apiRequest } from './apiRequest';
import { applyListParams } from './listParams';

/** A created key: its secret is in the answer once and never again (spec 000 section 2.9). */
export interface CreatedApiKey extends RaRecord {
  id: number;
  level: number;
  token: string;
}

/** The admin area's API keys: GET /api/admin/apikeys, POST /api/admin/apikey {level}, DELETE ?id= (revoke). */
export const apiKeys = {
  async getList(params: GetListParams) {
    const { body } = await apiRequest('/api/admin/apikeys', 'get');
    return applyListParams(body as ApiKeyRow[], params, (k) => `${k.createdBy ?? ''}`);
  },
  async create(params: CreateParams<{ level: number }>): Promise<{ data: CreatedApiKey }> {
    const level = Number(params.data.level);
    const { body } = await apiRequest('/api/admin/apikey', 'post', { json: { level } });
    return { data: { id: body.id, level, token: body.token } };
  },
  /** Revoking keeps the key in the list, marked revoked. */
  async delete(params: DeleteParams) {
    await apiRequest('/api/admin/apikey', 'delete', { query: { id: Number(params.id) } });
    return { data: { ...(params.previousData as RaRecord), id: params.id } };
  },
};
