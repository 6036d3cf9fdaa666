import {
  checkDesignImage,
  DESIGN_IMAGE_MAX_BYTES,
  DESIGN_IMAGE_SVG_SIDES,
  designImageDataUrl,
  fitWithin,
  IMAGE_MIME_TYPES,
  sniffImageType,
  SVG_TO_PNG_ERROR,
} from '../../../../domain/templateRules/images';

/** What the design image chooser makes of a file: the PNG data URL to keep, or why it is refused. */
export type DesignImageChoice =
  | { kind: 'chosen'; dataUrl: string; size: number; large: boolean }
  | { kind: 'refused'; reason: 'bad_type' | 'too_large'; size: number }
  | { kind: 'refused'; reason: 'svg_to_png' };

async function drawPng(image: HTMLImageElement, side: number): Promise<Uint8Array> {
  const size = fitWithin(image.naturalWidth, image.naturalHeight, side);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(image, 0, 0, size.width, size.height);
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, IMAGE_MIME_TYPES.png));
  if (!png) throw new Error('no PNG');
  return new Uint8Array(await png.arrayBuffer());
}

/**
 * An SVG drawn on a canvas into a PNG at each of DESIGN_IMAGE_SVG_SIDES in turn, until one `fits`; the last
 * drawn when none does. An SVG the browser cannot draw, or one that taints the canvas (external resources),
 * fails with SVG_TO_PNG_ERROR.
 */
export async function svgToPng(svg: Blob, fits: (png: Uint8Array) => boolean = () => true): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([svg], { type: IMAGE_MIME_TYPES.svg }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    let png: Uint8Array = new Uint8Array(0);
    for (const side of DESIGN_IMAGE_SVG_SIDES) {
      png = await drawPng(image, side);
      if (fits(png)) break;
    }
    return png;
  } catch (cause) {
    throw new Error(SVG_TO_PNG_ERROR, { cause });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Reads a chosen file by its content: a PNG is kept as it is, an SVG is converted to PNG first, anything else
 * is refused; then the design image rules apply to the PNG (checkDesignImage: at most 50000 bytes, 'large'
 * above 75 % of that, kept with a warning).
 */
export async function chooseDesignImage(file: Blob): Promise<DesignImageChoice> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  let png: Uint8Array = bytes;
  if (type === 'svg') {
    try {
      png = await svgToPng(file, (drawn) => drawn.length <= DESIGN_IMAGE_MAX_BYTES);
    } catch {
      return { kind: 'refused', reason: 'svg_to_png' };
    }
  }
  const declared = type === 'svg' ? IMAGE_MIME_TYPES.png : type ? IMAGE_MIME_TYPES[type] : '';
  const check = checkDesignImage({ type: declared, size: png.length });
  if (check === 'bad_type' || check === 'too_large') return { kind: 'refused', reason: check, size: png.length };
  return { kind: 'chosen', dataUrl: designImageDataUrl(png), size: png.length, large: check === 'large' };
}
