// Decodes an uploaded image and re-encodes it with sharp: orientation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped.
import sharp, { type JpegOptions, type Metadata } from 'sharp';
import { PHOTO_MAX_MEGAPIXELS, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';

// Memory over speed (docs/storage.md, "Memory"): libvips' operation cache would keep recent uploads' decoded pixels
// after the request; and with photo work already bounded per instance (PHOTO_WORK_CONCURRENCY, one per core), one
// libvips thread per image (sharp's default on glibc Linux, made explicit for every platform) keeps one set of
// working buffers per image instead of one per thread.
sharp.cache(false);
sharp.concurrency(1);

/** The large image fits inside this square; smaller images are not enlarged. */
export const PHOTO_MAX_SIDE = 1600;
export const THUMB_SIDE = 400;

/**
 * How the two files are made. Chosen with `npm run bench -- photos` (figures in docs/storage.md, "Photo encoding").
 * `thumbFrom: 'resized'` makes the thumbnail from the already resized large image instead of decoding the upload twice.
 */
export type PhotoEncoding = {
  full: JpegOptions;
  thumb: JpegOptions;
  thumbPosition: 'centre' | 'attention' | 'entropy';
  thumbFrom: 'original' | 'resized';
};
export const PHOTO_ENCODING: PhotoEncoding = {
  // mozjpeg (trellis quantisation, progressive) without its scan search: the same pixels, 3% more bytes, a fifth less time.
  full: { quality: 82, mozjpeg: true, optimiseScans: false },
  thumb: { quality: 78, mozjpeg: true, optimiseScans: false },
  // Keeps the face of an upright portrait whole, where a centre crop cuts the head.
  thumbPosition: 'attention',
  thumbFrom: 'resized',
};

/** Formats decoded as uploads (sharp's names); SVG, GIF, TIFF and RAW are refused. `heif` covers HEIC and AVIF. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export type ProcessedPhoto = { full: Buffer; thumb: Buffer; width: number; height: number };

export const photoInvalid = () => new AppError(400, 'photo_invalid');
export const photoTypeUnsupported = () => new AppError(415, 'photo_type_unsupported');
export const photoTooSmall = () => new AppError(400, 'photo_too_small', { min: PHOTO_MIN_SIDE });
export const photoTooManyPixels = () =>
  new AppError(400, 'photo_too_many_pixels', { max_megapixels: PHOTO_MAX_MEGAPIXELS });

/**
 * Checks and re-encodes one upload. The header is read first so a decompression bomb is refused before
 * any pixel is decoded; sharp's limitInputPixels guards the decode itself.
 */
export async function processPhoto(input: Buffer, encoding: PhotoEncoding = PHOTO_ENCODING): Promise<ProcessedPhoto> {
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
    const inside = { width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true } as const;
    const cover = { width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position: encoding.thumbPosition } as const;
    if (encoding.thumbFrom === 'original') {
      // The upload is decoded twice, once per file.
      const full = await source.clone().resize(inside).jpeg(encoding.full).toBuffer({ resolveWithObject: true });
      const thumb = await source.clone().resize(cover).jpeg(encoding.thumb).toBuffer();
      return { full: full.data, thumb, width: full.info.width, height: full.info.height };
    }
    // The upload is decoded once, to the resized pixels, which both files are made from.
    const resized = await source.clone().resize(inside).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const { width, height, channels } = resized.info;
    const fromResized = () => sharp(resized.data, { raw: { width, height, channels } });
    const full = await fromResized().jpeg(encoding.full).toBuffer();
    // Unless the 1600 px cap cut the shorter side below the thumbnail's while the upload had more (a very
    // long, narrow image): then the thumbnail is made from the upload, decoded again.
    const shorter = Math.min(width, height);
    const thumbFromResized = shorter >= THUMB_SIDE || shorter === Math.min(metadata.width, metadata.height);
    const thumb = await (thumbFromResized ? fromResized() : source.clone())
      .resize(cover)
      .jpeg(encoding.thumb)
      .toBuffer();
    return { full, thumb, width, height };
  } catch (error) {
    // HEIC (HEVC-compressed) is listed by the image library but its decoder is missing from the prebuilt binaries.
    if (metadata.format === 'heif' && metadata.compression === 'hevc') throw photoTypeUnsupported();
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw photoTooManyPixels();
    throw photoInvalid();
  }
}
