import type { Kysely } from 'kysely';
import { imageNameProblem, type BadgeModel } from '../../../domain/badgeImage/model';
import { modelErrorCode, validateModel } from '../../../domain/badgeImage/validate';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import {
  deleteBadgeImage,
  deleteBadgeImages,
  findBadgeImage,
  findBadgeImages,
  insertBadgeImage,
  listBadgeImages,
  markLibrarySeeded,
  updateBadgeImage,
} from '../../repositories/badgeImages';
import { defaultLibrary } from './defaultLibrary';
import { thumbnailDataUrl } from './thumbnails';
import { inTransaction } from '../../db/transactions';

export interface LibraryEntry {
  name: string;
  model: BadgeModel;
  createdAt: string;
  updatedAt: string;
}

/** Gives the issuer the default library the first time its library is opened (once, even if emptied later). */
export async function ensureDefaultLibrary(db: Kysely<Database>, issuerId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await markLibrarySeeded(trx, issuerId))) return;
    for (const design of defaultLibrary()) {
      await insertBadgeImage(trx, {
        issuerId,
        name: design.name,
        model: JSON.stringify(design.model),
        thumbnail: thumbnailDataUrl(design.model),
      });
    }
  });
}

/** The list call's answer: a map from id to name and model (with dates for the date sort); without the models
 * when `withModels` is false (the library page lays out its tiles from names and dates, the thumbnails come from
 * the details call). */
export async function listLibrary(
  db: Kysely<Database>,
  issuerId: number,
  withModels = true,
): Promise<Record<string, LibraryEntry | Omit<LibraryEntry, 'model'>>> {
  await ensureDefaultLibrary(db, issuerId);
  const rows = await listBadgeImages(db, issuerId, withModels);
  return Object.fromEntries(
    rows.map((row) => [
      String(row.id),
      {
        name: row.name,
        ...(row.model === undefined ? {} : { model: JSON.parse(row.model) as BadgeModel }),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      },
    ]),
  );
}

/** The details call's answer: name, model and thumbnail (a PNG data URL) of the issuer's images among `ids`. */
export async function libraryDetails(db: Kysely<Database>, issuerId: number, ids: number[], limit: number) {
  await ensureDefaultLibrary(db, issuerId);
  const rows = await findBadgeImages(db, issuerId, ids, limit);
  return Object.fromEntries(
    rows.map((row) => [
      String(row.id),
      { name: row.name, model: JSON.parse(row.model) as BadgeModel, thumbnail: row.thumbnail },
    ]),
  );
}

/**
 * Creates (no id) or updates an image after validating its name and model; answers its id. The badge_lib calls and
 * the REST resource /api/badge-images both save through here.
 */
export async function saveLibraryImage(
  db: Kysely<Database>,
  issuerId: number,
  image: { id: number | null; name: string; model: unknown },
): Promise<number> {
  const name = image.name.trim();
  const nameProblem = imageNameProblem(name);
  if (nameProblem)
    throw badRequest('BADGE_IMAGE_NAME_INVALID', 'The image name is empty or too long', { problem: nameProblem });
  const check = validateModel(image.model);
  if (!check.ok)
    throw badRequest(modelErrorCode(check.errors), 'The badge model is not valid', { errors: check.errors });
  const row = { name, model: JSON.stringify(check.model), thumbnail: thumbnailDataUrl(check.model) };
  if (image.id === null) {
    await ensureDefaultLibrary(db, issuerId);
    return insertBadgeImage(db, { issuerId, ...row });
  }
  if (!(await updateBadgeImage(db, issuerId, image.id, row))) throw imageNotFound();
  return image.id;
}

export const deleteLibraryImages = (db: Kysely<Database>, issuerId: number, ids: number[]) =>
  deleteBadgeImages(db, issuerId, ids);

const imageNotFound = () => notFound('NOT_FOUND', 'No such badge image');

// The REST resource /api/badge-images (issue 13), on the same rows and rules as the badge_lib calls above.

/** A library image as the REST resource lists it: no model, no thumbnail (the tiles ask those apart). */
export interface LibrarySummary {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface LibraryImage extends LibrarySummary {
  model: BadgeModel;
}

export const LIBRARY_SORTS = ['createdAt', 'updatedAt', 'name', 'id'] as const;
export type LibrarySortField = (typeof LIBRARY_SORTS)[number];

export interface LibraryQuery {
  /** text the name contains, in any case and accent-insensitive as the page's filter always was */
  q?: string;
  ids?: number[];
  sort: { field: LibrarySortField; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

// One collation on SQLite and PostgreSQL alike (their lower() and LIKE differ beyond ASCII): an issuer's library is
// hundreds of names and dates, filtered and ordered here (docs/decisions.md, 2026-11-26).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

function compare(field: LibrarySortField, a: LibrarySummary, b: LibrarySummary): number {
  if (field === 'id') return a.id - b.id;
  const primary = field === 'name' ? collator.compare(a.name, b.name) : a[field].localeCompare(b[field]);
  return primary || a.id - b.id;
}

/** A page of the issuer's library and its total, filtered and sorted (the library page and dialog). */
export async function listLibraryPage(
  db: Kysely<Database>,
  issuerId: number,
  query: LibraryQuery,
): Promise<{ rows: LibrarySummary[]; total: number }> {
  await ensureDefaultLibrary(db, issuerId);
  const text = folded(query.q?.trim() ?? '');
  const wanted = query.ids ? new Set(query.ids) : null;
  const kept = (await listBadgeImages(db, issuerId, false))
    .map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at }))
    .filter((image) => (!wanted || wanted.has(image.id)) && (!text || folded(image.name).includes(text)));
  const sign = query.sort.order === 'ASC' ? 1 : -1;
  kept.sort((a, b) => sign * compare(query.sort.field, a, b));
  return { rows: kept.slice(query.offset, query.offset + query.limit), total: kept.length };
}

function imageOf(row: { id: number; name: string; model: string; created_at: string; updated_at: string }) {
  return {
    id: row.id,
    name: row.name,
    model: JSON.parse(row.model) as BadgeModel,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** One of the issuer's images with its model; 404 for another issuer's or an unknown id. */
export async function getLibraryImage(db: Kysely<Database>, issuerId: number, id: number): Promise<LibraryImage> {
  await ensureDefaultLibrary(db, issuerId);
  const row = await findBadgeImage(db, issuerId, id);
  if (!row) throw imageNotFound();
  return imageOf(row);
}

/** Creates an image (validated as the badge_lib save does) and answers it. */
export async function createLibraryImage(
  db: Kysely<Database>,
  issuerId: number,
  image: { name: string; model: unknown },
): Promise<LibraryImage> {
  const id = await saveLibraryImage(db, issuerId, { id: null, ...image });
  return getLibraryImage(db, issuerId, id);
}

/** Replaces an image's name and model (validated as the badge_lib save does) and answers it. */
export async function updateLibraryImage(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
  image: { name: string; model: unknown },
): Promise<LibraryImage> {
  await saveLibraryImage(db, issuerId, { id, ...image });
  return getLibraryImage(db, issuerId, id);
}

/** Deletes one of the issuer's images and answers what it was; 404 for another issuer's or an unknown id. */
export async function deleteLibraryImage(db: Kysely<Database>, issuerId: number, id: number): Promise<LibrarySummary> {
  const row = await deleteBadgeImage(db, issuerId, id);
  if (!row) throw imageNotFound();
  return { id: row.id, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at };
}
