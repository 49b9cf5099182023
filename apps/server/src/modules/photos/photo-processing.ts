// Decodes an uploaded image and re-encodes it with sharp: orientation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped.
import sharp, { type Metadata } from 'sharp';
import { PHOTO_MAX_MEGAPIXELS, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';

/** The large image fits inside this square; smaller images are not enlarged. */
export const PHOTO_MAX_SIDE = 1600;
export const THUMB_SIDE = 400;
const JPEG_QUALITY = 82;
const THUMB_QUALITY = 78;

/** Formats decoded as uploads (sharp's names); SVG, GIF, TIFF and RAW are refused. `heif` covers HEIC and AVIF. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export type ProcessedPhoto = { full: Buffer; thumb: Buffer; width: number; height: number };

export const photoInvalid = () => new AppError(400, 'photo_invalid');
export const photoTypeUnsupported = () => new AppError(415, 'photo_type_unsupported');
export const photoTooSmall = () => new AppError(400, 'photo_too_small', { min: PHOTO_MIN_SIDE });
export const photoTooManyPixels = () => new AppError(400, 'photo_too_many_pixels', { max_megapixels: PHOTO_MAX_MEGAPIXELS });

/**
 * Checks and re-encodes one upload. The header is read first so a decompression bomb is refused before
 * any pixel is decoded; sharp's limitInputPixels guards the decode itself.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw photoInvalid();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw photoTypeUnsupported();
  if (!metadata.width || !metadata.height) throw photoInvalid();
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw photoTooManyPixels();
  // Rotation swaps the sides but never makes the shorter one longer.
  if (Math.min(metadata.width, metadata.height) < PHOTO_MIN_SIDE) throw photoTooSmall();

  // First frame only (animated WebP), failing on a broken file rather than returning a half-grey image.
  const source = sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', animated: false })
    .autoOrient()
    // Transparent areas become white instead of JPEG's default black.
    .flatten({ background: '#ffffff' });
  try {
    const full = await source
      .clone()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source
      .clone()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position: 'attention' })
      .jpeg({ quality: THUMB_QUALITY, mozjpeg: true })
      .toBuffer();
    return { full: full.data, thumb, width: full.info.width, height: full.info.height };
  } catch (error) {
    // HEIC (HEVC-compressed) is listed by the image library but its decoder is missing from the prebuilt binaries.
    if (metadata.format === 'heif' && metadata.compression === 'hevc') throw photoTypeUnsupported();
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw photoTooManyPixels();
    throw photoInvalid();
  }
}
