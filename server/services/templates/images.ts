import {
  checkLogoBytes,
  IMAGE_MIME_TYPES,
  sniffImageType,
  UPLOAD_ERRORS,
  UPLOAD_MAX_BYTES,
  type ImageType,
  type LogoKind,
  type UploadError,
} from '../../../domain/templateRules/images';
import { exceedsPixelBounds, IMAGE_PIXEL_BOUNDS } from '../../../domain/imageDimensions';
import { TEMPLATE_IMAGE_KEY, type TemplateFamily } from '../../../domain/templates';
import { AppError } from '../../errors';
import { sanitizeSvgBytes } from '../../security/svgSanitizer';
import { normaliseRaster } from '../images/normalise';
import { newFileKey, type FileStore } from '../files/fileStore';

/** The multipart parts that carry images (spec 001 section 7). */
export const IMAGE_PARTS = ['badgeImage', 'partnerImage', 'issuerImage'] as const;
export type ImagePart = (typeof IMAGE_PARTS)[number];

export function isImagePart(name: string): name is ImagePart {
  return (IMAGE_PARTS as readonly string[]).includes(name);
}

/** An image received with a payload, its type read from its bytes. */
export interface ImageUpload {
  part: ImagePart;
  /** the name the client gave the file: how the payload refers to it, never how it is stored */
  fileName: string;
  bytes: Buffer;
  type: ImageType;
}

function logoKind(part: ImagePart, family: TemplateFamily): LogoKind {
  if (part === 'partnerImage') return 'partnerLogo';
  if (part === 'issuerImage') return 'issuerLogo';
  return family === 'registry' ? 'registryLogo' : 'badgeLogo';
}

const UPLOAD_MESSAGES: Record<UploadError, string> = {
  [UPLOAD_ERRORS.badType]: 'This type of image is not accepted here',
  [UPLOAD_ERRORS.tooLarge]: `The image is larger than ${UPLOAD_MAX_BYTES / 1024} KB`,
  [UPLOAD_ERRORS.tooManyPixels]: `The image is larger than ${IMAGE_PIXEL_BOUNDS.side} × ${IMAGE_PIXEL_BOUNDS.side} pixels`,
  [UPLOAD_ERRORS.emptyImage]: 'The SVG draws nothing once its scripts and outside references are removed',
};

/**
 * The image, or the editors' own upload error as the code: the type comes from the content (a .png that is
 * not a PNG is refused), must be one the logo accepts, the size at most 550 KB and the pixels, read from the
 * header before anything decodes it, at most IMAGE_PIXEL_BOUNDS.
 */
export function checkedUpload(
  part: ImagePart,
  family: TemplateFamily,
  file: { fileName: string; bytes: Buffer; declaredMime: string },
): ImageUpload {
  const error =
    checkLogoBytes(logoKind(part, family), file.bytes, file.declaredMime) ??
    (exceedsPixelBounds(file.bytes, IMAGE_PIXEL_BOUNDS) ? UPLOAD_ERRORS.tooManyPixels : null);
  const type = sniffImageType(file.bytes);
  if (error || type === null) {
    const code = error ?? UPLOAD_ERRORS.badType;
    throw new AppError(400, code, UPLOAD_MESSAGES[code], { part, fileName: file.fileName });
  }
  return { part, fileName: file.fileName, bytes: file.bytes, type };
}

/**
 * The upload as it is stored: an SVG keeps only what draws (server/security/svgSanitizer.ts); one that is no
 * SVG is refused as an image of the wrong type, one with nothing drawable left as an empty image; a PNG or JPEG larger than any page or PDF
 * draws it is scaled down once, to a PNG (server/services/images/normalise.ts).
 */
export async function sanitizedUpload(upload: ImageUpload): Promise<ImageUpload> {
  if (upload.type !== 'svg') {
    const normalised = await normaliseRaster(upload.bytes);
    return normalised.scaled ? { ...upload, bytes: normalised.bytes, type: 'png' } : upload;
  }
  const sanitized = await sanitizeSvgBytes(upload.bytes);
  if (!sanitized.ok) {
    const code = sanitized.reason === 'empty' ? UPLOAD_ERRORS.emptyImage : UPLOAD_ERRORS.badType;
    throw new AppError(400, code, UPLOAD_MESSAGES[code], { part: upload.part, fileName: upload.fileName });
  }
  return { ...upload, bytes: sanitized.bytes };
}

const EXTENSIONS: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', svg: 'svg' };

export function newImageKey(issuerId: number, type: ImageType): string {
  return newFileKey(`templates/${issuerId}`, EXTENSIONS[type]);
}

/** Whether `name` is the key of an image the issuer stored (and that is still there). */
export async function isIssuerImage(files: FileStore, issuerId: number, name: string): Promise<boolean> {
  const match = TEMPLATE_IMAGE_KEY.exec(name);
  return match !== null && Number(match[1]) === issuerId && (await files.get(name)) !== null;
}

/** The MIME type of a stored image, from the extension the server gave its key. */
export function imageContentType(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const type = (Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? 'png') as ImageType;
  return IMAGE_MIME_TYPES[type];
}
