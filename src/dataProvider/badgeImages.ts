import type {
  CreateParams,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'react-admin';
import type { FontManifest } from '../../domain/badgeImage/fonts';
import type { BadgeModel } from '../../domain/badgeImage/model';
import { apiRequest, type ApiResult } from './apiRequest';
import { applyListParams } from './listParams';

/** A badge image of the library as react-admin sees it (getOne, getMany: with its model). */
export interface BadgeImageRecord {
  id: number;
  name: string;
  model: BadgeModel;
}

/** A badge image as the library lists it (getList): name and dates, no model; tiles fetch their thumbnails. */
export interface BadgeImageSummary {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** An entry of the designer's icon catalogue (GET /api/badge_lib/icons). */
export type IconEntry = ApiResult<'/api/badge_lib/icons', 'get'>[number];

/**
 * A model as the library answers it. The server keeps models as JSON it validated when they were saved
 * (server/services/badgeLibrary), so its answer schema is loose; this is where the web app reads it as a BadgeModel.
 */
const storedModel = (model: Record<string, unknown>) => model as unknown as BadgeModel;

/** The list without the models: 200 models weigh 300 KB that the tiles do not need (docs/performance.md). */
async function readLibrary(): Promise<BadgeImageSummary[]> {
  const { body } = await apiRequest('/api/badge_lib/list', 'get', { query: { models: 'false' } });
  return Object.entries(body).map(([id, { name, createdAt, updatedAt }]) => ({
    id: Number(id),
    name,
    createdAt,
    updatedAt,
  }));
}

async function details(ids: number[]): Promise<ApiResult<'/api/badge_lib/details', 'post'>> {
  if (ids.length === 0) return {};
  return (await apiRequest('/api/badge_lib/details', 'post', { json: { ids, limit: ids.length } })).body;
}

async function save(id: number | '', data: { name: string; model: BadgeModel }): Promise<number> {
  const { body } = await apiRequest('/api/badge_lib/model', 'post', {
    json: { id, name: data.name, model: data.model },
  });
  return body.id;
}

async function remove(ids: number[]): Promise<void> {
  await apiRequest('/api/badge_lib/model', 'delete', { json: { ids } });
}

/** The `badge-images` resource onto the badge library calls of spec 002 section 7. */
export const badgeImages = {
  async getList(params: GetListParams) {
    return applyListParams(await readLibrary(), params, (image) => image.name);
  },
  async getOne(params: GetOneParams) {
    const id = Number(params.id);
    const entry = (await details([id]))[id];
    if (!entry) throw new Error('ra.notification.item_doesnt_exist');
    return { data: { id, name: entry.name, model: storedModel(entry.model) } };
  },
  async getMany(params: GetManyParams) {
    const answer = await details(params.ids.map(Number));
    return {
      data: Object.entries(answer).map(([id, e]) => ({ id: Number(id), name: e.name, model: storedModel(e.model) })),
    };
  },
  async create(params: CreateParams) {
    const id = await save('', params.data as { name: string; model: BadgeModel });
    return { data: { ...params.data, id } };
  },
  async update(params: UpdateParams) {
    const id = await save(Number(params.id), params.data as { name: string; model: BadgeModel });
    return { data: { ...params.data, id } };
  },
  async delete(params: DeleteParams) {
    await remove([Number(params.id)]);
    return { data: params.previousData ?? { id: params.id } };
  },
  async deleteMany(params: DeleteManyParams) {
    await remove(params.ids.map(Number));
    return { data: params.ids };
  },
};

/** The library's calls that are not CRUD: tile thumbnails, the 480x480 export, icons and fonts for the designer. */
export const badgeImageMethods = {
  /** PNG data URLs of the tiles of these images, by id. */
  async badgeImageThumbnails(ids: number[]): Promise<Record<number, string | null>> {
    const answer = await details(ids);
    return Object.fromEntries(Object.entries(answer).map(([id, e]) => [Number(id), e.thumbnail]));
  },
  /** The model rendered by the server to a PNG data URL (480x480 unless told). */
  async renderBadgeImage(model: BadgeModel, size?: number): Promise<string> {
    return (await apiRequest('/api/badge_lib/render', 'post', { json: { model, size } })).body.png;
  },
  async badgeIconCatalogue(): Promise<IconEntry[]> {
    return (await apiRequest('/api/badge_lib/icons', 'get')).body;
  },
  async badgeFontManifest(): Promise<FontManifest> {
    return (await apiRequest('/api/badge_lib/fonts', 'get')).body;
  },
};
