import type { Kysely } from 'kysely';
import type { BadgeModel } from '../../../domain/badgeImage/model';
import { modelErrorCode, validateModel } from '../../../domain/badgeImage/validate';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import {
  deleteBadgeImages,
  findBadgeImages,
  insertBadgeImage,
  listBadgeImages,
  markLibrarySeeded,
  updateBadgeImage,
} from '../../repositories/badgeImages';
import { defaultLibrary } from './defaultLibrary';
import { thumbnailDataUrl } from './thumbnails';

export interface LibraryEntry {
  name: string;
  model: BadgeModel;
  createdAt: string;
  updatedAt: string;
}

/** Gives the issuer the default library the first time its library is opened (once, even if emptied later). */
export async function ensureDefaultLibrary(db: Kysely<Database>, issuerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
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

/** Creates (no id) or updates an image after validating its model; answers its id. */
export async function saveLibraryImage(
  db: Kysely<Database>,
  issuerId: number,
  image: { id: number | null; name: string; model: unknown },
): Promise<number> {
  const check = validateModel(image.model);
  if (!check.ok)
    throw badRequest(modelErrorCode(check.errors), 'The badge model is not valid', { errors: check.errors });
  const row = { name: image.name, model: JSON.stringify(check.model), thumbnail: thumbnailDataUrl(check.model) };
  if (image.id === null) {
    await ensureDefaultLibrary(db, issuerId);
    return insertBadgeImage(db, { issuerId, ...row });
  }
  if (!(await updateBadgeImage(db, issuerId, image.id, row))) throw notFound('NOT_FOUND', 'No such badge image');
  return image.id;
}

export const deleteLibraryImages = (db: Kysely<Database>, issuerId: number, ids: number[]) =>
  deleteBadgeImages(db, issuerId, ids);
