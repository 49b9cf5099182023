// A blurred copy of a photo (docs/safety.md): shrunk to a few pixels across and blurred again when drawn back up, so
// nothing of the original can be recovered from it. Made on the server; the original is fetched only on request.
import sharp from 'sharp';

const BLURRED_SIDE = 320;

export async function blurredJpeg(image: Buffer): Promise<Buffer> {
  const tiny = await sharp(image).resize(16, 16, { fit: 'inside' }).toBuffer();
  return sharp(tiny)
    .resize(BLURRED_SIDE, BLURRED_SIDE, { fit: 'inside', kernel: 'cubic' })
    .blur(12)
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** The blurred copy's storage key, beside the photo's own. */
export function blurredKeyOf(fileKey: string): string {
  return fileKey.replace(/\.jpg$/, '_blur.jpg');
}
