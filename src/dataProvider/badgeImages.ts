import type { FontManifest } from '../../domain/badgeImage/fonts';
import type { BadgeModel } from '../../domain/badgeImage/model';
import { apiRequest, type ApiResult } from './apiRequest';

/**
 * The `badge-images` resource is on REST conventions (GET/POST /api/badge-images, GET/PUT/DELETE
 * /api/badge-images/:id, Content-Range on lists): ra-data-simple-rest maps it (restResources.ts). Lists carry names
 * and dates; getOne, create and update answer the model too.
 */
export interface BadgeImageSummary {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** A badge image with its model (getOne, create, update). */
export interface BadgeImageRecord extends BadgeImageSummary {
  model: BadgeModel;
}

/** An entry of the designer's icon catalogue (GET /api/badge_lib/icons). */
export type IconEntry = ApiResult<'/api/badge_lib/icons', 'get'>[number];

/**
 * The library's calls that are not CRUD, on the spec's badge_lib calls: tile thumbnails (the details call), the
 * 480x480 export, icons and fonts for the designer.
 */
export const badgeImageMethods = {
  /** PNG data URLs of the tiles of these images, by id. */
  async badgeImageThumbnails(ids: number[]): Promise<Record<number, string | null>> {
    if (ids.length === 0) return {};
    const answer = (await apiRequest('/api/badge_lib/details', 'post', { json: { ids, limit: ids.length } })).body;
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
