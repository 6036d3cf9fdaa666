import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetOneParams,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { labelIn, type TemplateSummary } from '../../domain/templates';
import { orgUnits, users } from './admin';
import { apiFetch } from './httpClient';
import { applyListParams } from './listParams';
import { campaigns } from './campaigns';
import { certificates } from './certificates';
import { customMethods } from './customMethods';

type Handler = {
  getList?: (params: GetListParams) => Promise<{ data: RaRecord[]; total: number }>;
  getOne?: (params: GetOneParams) => Promise<{ data: RaRecord }>;
  create?: (params: CreateParams) => Promise<{ data: RaRecord }>;
  update?: (params: UpdateParams) => Promise<{ data: RaRecord }>;
  delete?: (params: DeleteParams) => Promise<{ data: RaRecord }>;
  updateMany?: (params: UpdateManyParams) => Promise<{ data?: RaRecord['id'][]; meta?: unknown }>;
  deleteMany?: (params: DeleteManyParams) => Promise<{ data?: RaRecord['id'][]; meta?: unknown }>;
};

const templates: Handler = {
  async getList(params) {
    const { body } = await apiFetch<TemplateSummary[]>('/api/admin/templates');
    return applyListParams(
      body,
      params,
      (t) => `${labelIn(t.label, 'en')} ${JSON.stringify(t.label)} ${t.id} ${t.notes}`,
    );
  },
};

/**
 * Resource names; the admin area's resources live under /admin as the spec's routes say.
 * One line per resource: its handler lives in its own module of this folder.
 */
const handlers: Record<string, Handler> = {
  templates,
  'admin/users': users,
  'admin/org-units': orgUnits,
  campaigns,
  certificates,
};

function handlerFor(resource: string): Handler {
  const handler = handlers[resource];
  if (!handler) throw new Error(`no data for the resource "${resource}"`);
  return handler;
}

function unsupported(method: string, resource: string): never {
  throw new Error(`${method} is not available for "${resource}"`);
}

/**
 * A thin map from react-admin's calls onto the server's calls of the spec, one handler per resource, plus the
 * calls that are not CRUD as named custom methods (customMethods.ts), used through useLaurelDataProvider().
 */
export const dataProvider: LaurelDataProvider = {
  getList: (resource, params) =>
    (handlerFor(resource).getList ?? unsupported.bind(null, 'getList', resource))(params) as never,
  getOne: (resource, params) =>
    (handlerFor(resource).getOne ?? unsupported.bind(null, 'getOne', resource))(params) as never,
  getMany: (resource) => unsupported('getMany', resource),
  getManyReference: (resource) => unsupported('getManyReference', resource),
  create: (resource, params) =>
    (handlerFor(resource).create ?? unsupported.bind(null, 'create', resource))(params) as never,
  update: (resource, params) =>
    (handlerFor(resource).update ?? unsupported.bind(null, 'update', resource))(params) as never,
  updateMany: (resource, params) =>
    (handlerFor(resource).updateMany ?? unsupported.bind(null, 'updateMany', resource))(params) as never,
  delete: (resource, params) =>
    (handlerFor(resource).delete ?? unsupported.bind(null, 'delete', resource))(params) as never,
  deleteMany: (resource, params) =>
    (handlerFor(resource).deleteMany ?? unsupported.bind(null, 'deleteMany', resource))(params) as never,
  ...customMethods,
};

export type LaurelDataProvider = DataProvider & typeof customMethods;
