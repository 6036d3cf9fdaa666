import { imageDimensions } from '../../../domain/imageDimensions';

/**
 * The longest side, in pixels, an uploaded raster image is stored at: the largest any page or PDF draws it
 * (the PDF draws a badge at most 220 pt wide, about 920 pixels at 300 dpi; the editors show logos at 500
 * pixels, 1,000 on a high-density screen). Decided 2026-11-25 (docs/decisions.md).
 */
export const STORED_IMAGE_SIDE = 1000;

/** An upload as stored: `scaled` when it was scaled down, which makes it a PNG whatever it came as. */
export interface NormalisedImage {
  bytes: Buffer;
  scaled: boolean;
}

/**
 * A PNG or JPEG larger than STORED_IMAGE_SIDE scaled down once, at upload, to a PNG whose longest side is
 * STORED_IMAGE_SIDE; anything else as it came. The caller has bounded the pixels from the header
 * (exceedsPixelBounds), so the one decoding here is bounded too. resvg decodes and resamples the image, drawn
 * into an SVG of its own size, on libuv's thread pool: the server needs no other image library and other
 * requests are not held up.
 */
export async function normaliseRaster(bytes: Buffer): Promise<NormalisedImage> {
  const dimensions = imageDimensions(bytes);
  if (!dimensions || (dimensions.format !== 'png' && dimensions.format !== 'jpeg')) return { bytes, scaled: false };
  const { width, height } = dimensions;
  if (width === null || height === null || Math.max(width, height) <= STORED_IMAGE_SIDE)
    return { bytes, scaled: false };
  const mime = dimensions.format === 'png' ? 'image/png' : 'image/jpeg';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" href="data:${mime};base64,${bytes.toString('base64')}"/></svg>`;
  const mode = width >= height ? 'width' : 'height';
  // resvg's native binary is loaded with the first image to scale (issue 16 point 5)
  const { renderAsync } = await import('@resvg/resvg-js');
  const image = await renderAsync(svg, { fitTo: { mode, value: STORED_IMAGE_SIDE } });
  return { bytes: image.asPng(), scaled: true };
}
