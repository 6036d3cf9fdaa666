import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { BUNDLED_FONTS, DEFAULT_FONT_FAMILY } from '../../../domain/badgeImage/fonts';
import type { BadgeModel } from '../../../domain/badgeImage/model';
import { renderSvg } from '../../../domain/badgeImage/render';

/** The bundled font files, shared with the PDF renderer's copy of DejaVu. */
export const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'pdf', 'fonts');

export const fontFile = (file: string): string | null =>
  BUNDLED_FONTS.some((family) => family.faces.some((face) => face.file === file)) ? path.join(FONT_DIR, file) : null;

const fontFiles = BUNDLED_FONTS.flatMap((family) => family.faces.map((face) => path.join(FONT_DIR, face.file)));

/** Library tiles are drawn at this size (twice the tile's 120 px, for sharp screens). */
export const THUMBNAIL_SIZE = 240;

/** Rasterises a model with resvg (its binary comes inside its npm package) into a PNG. */
export function renderPng(model: BadgeModel, size: number): Buffer {
  const resvg = new Resvg(renderSvg(model, size), {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: DEFAULT_FONT_FAMILY },
  });
  return resvg.render().asPng();
}

export const thumbnailDataUrl = (model: BadgeModel): string =>
  `data:image/png;base64,${renderPng(model, THUMBNAIL_SIZE).toString('base64')}`;
