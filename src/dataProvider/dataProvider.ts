import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetManyParams,
  GetListParams,
  GetOneParams,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { combineDataProviders } from 'react-admin';
import { orgUnits, users } from './admin';
import { apiKeys } from './apiKeys';
import { campaigns } from './campaigns';
import { certificates } from './certificates';
import { customMethods } from './customMethods';
import { REST_RESOURCES, restProvider } from './restResources';
import { tags } from './tags';
import { templates } from './templateList';
import { webhookDeliveries } from './webhooks';

type Handler = {
  getList?: (params: GetListParams) => Promise<{ data: RaRecord[]; total: number }>;
  getOne?: (params: GetOneParams) => Promise<{ data: RaRecord }>;
  getMany?: (params: GetManyParams) => Promise<{ data: RaRecord[] }>;
  create?: (params: CreateParams) => Promise<{ data: RaRecord }>;
  update?: (params: UpdateParams) => Promise<{ data: RaRecord }>;
  delete?: (params: DeleteParams) => Promise<{ data: RaRecord }>;
  updateMany?: (params: UpdateManyParams) => Promise<{ data?: RaRecord['id'][]; meta?: unknown }>;
  deleteMany?: (params: DeleteManyParams) => Promise<{ data?: RaRecord['id'][]; meta?: unknown }>;
};

/**
 * Resource names; the admin area's resources live under /admin as the spec's routes say.
 * One line per resource: its handler lives in its own module of this folder.
 */
const handlers: Record<string, Handler> = {
  templates,
  'admin/users': users,
  'admin/org-units': orgUnits,
  'admin/api-keys': apiKeys,
  'admin/notifications': webhookDeliveries,
  'template-tags': tags,
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

/** react-admin's calls onto the server's calls of the spec, one hand-written handler per resource. */
const handledResources: DataProvider = {
  getList: (resource, params) =>
    (handlerFor(resource).getList ?? unsupported.bind(null, 'getList', resource))(params) as never,
  getOne: (resource, params) =>
    (handlerFor(resource).getOne ?? unsupported.bind(null, 'getOne', resource))(params) as never,
  getMany: (resource, params) =>
    (handlerFor(resource).getMany ?? unsupported.bind(null, 'getMany', resource))(params) as never,
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
};

/** REST-convention resources go to ra-data-simple-rest, the others to their handlers (docs/extending.md). */
const resources = combineDataProviders((resource) =>
  REST_RESOURCES.includes(resource) ? restProvider : handledResources,
);

/**
 * A thin map from react-admin's calls onto the server's calls, plus the calls that are not CRUD as named custom
 * methods (customMethods.ts), used through useLaurelDataProvider().
 */
export const dataProvider: LaurelDataProvider = {
  getList: (resource, params) => resources.getList(resource, params),
  getOne: (resource, params) => resources.getOne(resource, params),
  getMany: (resource, params) => resources.getMany(resource, params),
  getManyReference: (resource, params) => resources.getManyReference(resource, params),
  create: (resource, params) => resources.create(resource, params),
  update: (resource, params) => resources.update(resource, params),
  updateMany: (resource, params) => resources.updateMany(resource, params),
  delete: (resource, params) => resources.delete(resource, params),
  deleteMany: (resource, params) => resources.deleteMany(resource, params),
  ...customMethods,
};

export type LaurelDataProvider = DataProvider & typeof customMethods;
