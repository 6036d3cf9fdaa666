import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Resvg as ResvgRenderer } from '@resvg/resvg-js';
import { BUNDLED_FONTS, DEFAULT_FONT_FAMILY } from '../../../domain/badgeImage/fonts';
import type { BadgeModel } from '../../../domain/badgeImage/model';
import { renderSvg } from '../../../domain/badgeImage/render';

/** DejaVu Sans is shared with the PDF renderer's copy. */
export const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'pdf', 'fonts');

const require = createRequire(import.meta.url);

/** Where each bundled face's file is on disk: DejaVu's copy, or the folder of its npm package. */
const FONT_PATHS = new Map(
  BUNDLED_FONTS.flatMap((family) => {
    const root = family.package ? path.dirname(require.resolve(`${family.package}/package.json`)) : FONT_DIR;
    return family.faces.map((face): [string, string] => [
      face.file,
      // `Lora_700Bold_Italic.ttf` is in the package's folder `700Bold_Italic`
      family.package
        ? path.join(root, face.file.replace(/^[^_]+_/, '').replace(/\.ttf$/, ''), face.file)
        : path.join(root, face.file),
    ]);
  }),
);

export const fontFile = (file: string): string | null => FONT_PATHS.get(file) ?? null;

const fontFiles = [...FONT_PATHS.values()];

/** Library tiles are drawn at this size (twice the tile's 120 px, for sharp screens). */
export const THUMBNAIL_SIZE = 240;

let resvgClass: typeof ResvgRenderer | null = null;

/** resvg's native binary, loaded with the first picture drawn (issue 16 point 5: not at the server's start). */
function loadResvg(): typeof ResvgRenderer {
  resvgClass ??= (require('@resvg/resvg-js') as typeof import('@resvg/resvg-js')).Resvg;
  return resvgClass;
}

/** Rasterises a model with resvg (its binary comes inside its npm package) into a PNG. */
export function renderPng(model: BadgeModel, size: number): Buffer {
  const Resvg = loadResvg();
  const resvg = new Resvg(renderSvg(model, size), {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: DEFAULT_FONT_FAMILY },
  });
  return resvg.render().asPng();
}

export const thumbnailDataUrl = (model: BadgeModel): string =>
  `data:image/png;base64,${renderPng(model, THUMBNAIL_SIZE).toString('base64')}`;
