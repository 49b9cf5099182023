// Photo benchmark: the upload pipeline (apps/server/src/modules/photos/photo-processing.ts) with candidate sharp options,
// on photo-like images drawn in memory (nothing downloaded): time per upload, bytes of both files, and quality (PSNR and SSIM
// of the luma against the same resize without compression). Then the thumbnail crop: time and how much of the subject it keeps.
import sharp, { type JpegOptions, type Sharp } from 'sharp';
import {
  PHOTO_ENCODING,
  PHOTO_MAX_SIDE,
  THUMB_SIDE,
  processPhoto,
  type PhotoEncoding,
  type ProcessedPhoto,
} from '../../apps/server/src/modules/photos/photo-processing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Not measured: the first runs warm libvips' caches and thread pool. */
const WARMUP = 1;

// One upload at a time, as the route runs it; libvips' operation cache would otherwise remember earlier runs.
sharp.cache(false);

type TestImage = { name: string; input: Buffer; subject: Box };
/** The subject (a face) as shares of the displayed picture's width and height (after the EXIF orientation). */
type Box = { left: number; top: number; width: number; height: number };

/** A small seeded generator, so every run draws the same images. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth value noise in [0, 1]: a coarse random grid, bilinearly interpolated (the soft shapes of a photo background). */
function valueNoise(width: number, height: number, cell: number, next: () => number) {
  const columns = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: columns * rows }, next);
  return (x: number, y: number) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const at = (cx: number, cy: number) => grid[cy * columns + cx]!;
    const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
    const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
    return top + (bottom - top) * sy;
  };
}

/**
 * A photo-like picture: sky gradient, soft textured ground, a face (skin, hair with fine strands, eyes, mouth)
 * away from the centre, and sensor noise. Returns raw RGB and the face's box.
 */
function drawPhoto(width: number, height: number, face: { cx: number; cy: number; r: number }, seed: number) {
  const next = random(seed);
  const coarse = valueNoise(width, height, Math.max(width, height) / 6, next);
  const medium = valueNoise(width, height, Math.max(width, height) / 40, next);
  const fine = valueNoise(width, height, 6, next);
  const pixels = Buffer.alloc(width * height * 3);
  const horizon = height * (0.45 + 0.1 * next());
  const faceRx = face.r * 0.78;
  const faceRy = face.r;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      const c = coarse(x, y);
      const m = medium(x, y);
      if (y < horizon + (c - 0.5) * height * 0.15) {
        // Sky: a vertical gradient with soft clouds.
        const t = y / horizon;
        const cloud = Math.max(0, m - 0.55) * 2.2;
        r = 90 + 80 * t + 140 * cloud;
        g = 140 + 60 * t + 110 * cloud;
        b = 215 + 25 * t + 30 * cloud;
      } else {
        // Ground: grass and earth with texture at three scales.
        const f = fine(x, y);
        r = 60 + 70 * c + 40 * m + 30 * f;
        g = 90 + 60 * c + 50 * m + 35 * f;
        b = 40 + 30 * c + 20 * m + 15 * f;
      }
      const dx = (x - face.cx) / faceRx;
      const dy = (y - face.cy) / faceRy;
      const inFace = dx * dx + dy * dy;
      if (dy < -0.35 && dx * dx + (dy + 0.15) * (dy + 0.15) < 1.15) {
        // Hair: dark, with fine strands.
        const strand = 0.5 + 0.5 * Math.sin(x * 0.9 + Math.sin(y * 0.05) * 6);
        r = 55 + 40 * strand;
        g = 35 + 25 * strand;
        b = 20 + 15 * strand;
      } else if (inFace < 1) {
        // Skin, shaded towards the edge; eyes and a mouth.
        const shade = 1 - 0.25 * inFace;
        r = 224 * shade;
        g = 172 * shade;
        b = 140 * shade;
        const eye = Math.min((dx - 0.38) ** 2 + ((dy + 0.15) * 2) ** 2, (dx + 0.38) ** 2 + ((dy + 0.15) * 2) ** 2);
        if (eye < 0.02) r = g = b = 30;
        else if (eye < 0.045) r = g = b = 245;
        if (Math.abs(dy - 0.45) < 0.05 && Math.abs(dx) < 0.3) [r, g, b] = [170, 70, 75];
      }
      // Sensor noise, a little stronger in the shadows.
      const noise = (next() + next() + next() - 1.5) * 7;
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.max(0, Math.min(255, r + noise));
      pixels[offset + 1] = Math.max(0, Math.min(255, g + noise));
      pixels[offset + 2] = Math.max(0, Math.min(255, b + noise));
    }
  }
  const box = {
    left: (face.cx - faceRx) / width,
    top: (face.cy - faceRy * 1.2) / height,
    width: (faceRx * 2) / width,
    height: (faceRy * 2.2) / height,
  };
  return { pixels, box };
}

async function testImages(): Promise<TestImage[]> {
  const images: TestImage[] = [];
  // A camera photo, 12 MP landscape, the face left of centre (a centre crop cuts it).
  const landscape = drawPhoto(4000, 3000, { cx: 650, cy: 1300, r: 520 }, 1);
  const landscapeRaw = sharp(landscape.pixels, { raw: { width: 4000, height: 3000, channels: 3 } });
  images.push({
    name: '4000x3000 JPEG q92 (camera)',
    input: await landscapeRaw.clone().jpeg({ quality: 92 }).toBuffer(),
    subject: landscape.box,
  });
  images.push({ name: '4000x3000 PNG', input: await landscapeRaw.clone().png().toBuffer(), subject: landscape.box });
  // A phone photo held upright: stored 4000x3000 with EXIF orientation 6, shown 3000x4000, the face near the top.
  const upright = drawPhoto(3000, 4000, { cx: 1600, cy: 800, r: 500 }, 2);
  images.push({
    name: '3000x4000 JPEG q90 (EXIF orientation 6)',
    input: await sharp(
      await sharp(upright.pixels, { raw: { width: 3000, height: 4000, channels: 3 } })
        .rotate(-90)
        .jpeg({ quality: 90 })
        .toBuffer(),
    )
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer(),
    subject: upright.box,
  });
  // A portrait at screen size, the face high: as a JPEG (a resized or messenger photo) and as a PNG (a screenshot).
  const portrait = drawPhoto(1200, 1600, { cx: 600, cy: 330, r: 230 }, 3);
  const portraitRaw = sharp(portrait.pixels, { raw: { width: 1200, height: 1600, channels: 3 } });
  images.push({
    name: '1200x1600 JPEG q85',
    input: await portraitRaw.clone().jpeg({ quality: 85 }).toBuffer(),
    subject: portrait.box,
  });
  images.push({ name: '1200x1600 PNG', input: await portraitRaw.clone().png().toBuffer(), subject: portrait.box });
  return images;
}

// ---- Quality: PSNR and SSIM of the luma (BT.601), on raw pixels ----

type Raw = { data: Buffer; width: number; height: number; channels: number };

function luma(image: Raw): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0; i < out.length; i++) {
    const o = i * image.channels;
    out[i] =
      image.channels >= 3
        ? 0.299 * image.data[o]! + 0.587 * image.data[o + 1]! + 0.114 * image.data[o + 2]!
        : image.data[o]!;
  }
  return out;
}

function psnr(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const mse = sum / a.length;
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

/** Mean SSIM over 8x8 windows with a stride of 4 (the usual constants, without the Gaussian weighting). */
function ssim(a: Float32Array, b: Float32Array, width: number, height: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0;
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const p = (y + j) * width + x + i;
          const va = a[p]!;
          const vb = b[p]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa / 64;
      const mb = sb / 64;
      const va = saa / 64 - ma * ma;
      const vb = sbb / 64 - mb * mb;
      const cov = sab / 64 - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows += 1;
    }
  }
  return total / windows;
}

async function raw(image: Sharp): Promise<Raw> {
  const { data, info } = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The uncompressed references: the large image, and the thumbnail per crop position, both from the upload itself. */
async function references(input: Buffer) {
  const source = () => sharp(input).autoOrient().flatten({ background: '#ffffff' });
  const full = await raw(
    source().resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
  );
  const thumbs = new Map<PhotoEncoding['thumbPosition'], Raw>();
  for (const position of ['centre', 'attention', 'entropy'] as const) {
    thumbs.set(position, await raw(source().resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position })));
  }
  return { full, thumbs };
}

async function quality(encoded: Buffer, reference: Raw) {
  const decoded = await raw(sharp(encoded));
  if (decoded.width !== reference.width || decoded.height !== reference.height)
    throw new Error('size differs from the reference');
  const a = luma(reference);
  const b = luma(decoded);
  return { psnr: psnr(a, b), ssim: ssim(a, b, reference.width, reference.height) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// ---- Candidates ----

const jpeg = (quality: number, options: JpegOptions = {}) => ({ quality, mozjpeg: true, ...options });
/** The settings before this benchmark: mozjpeg q82 / q78, the upload decoded once per file. */
const before: PhotoEncoding = { full: jpeg(82), thumb: jpeg(78), thumbPosition: 'attention', thumbFrom: 'original' };
const candidates: [string, PhotoEncoding][] = [
  ['before: mozjpeg q82/78, two decodes', before],
  ['libjpeg-turbo q82/78 baseline', { ...before, full: { quality: 82 }, thumb: { quality: 78 } }],
  ['libjpeg-turbo q72/68 baseline', { ...before, full: { quality: 72 }, thumb: { quality: 68 } }],
  [
    'libjpeg-turbo q82/78 progressive',
    { ...before, full: { quality: 82, progressive: true }, thumb: { quality: 78, progressive: true } },
  ],
  ['mozjpeg q75/75', { ...before, full: jpeg(75), thumb: jpeg(75) }],
  ['mozjpeg q80/80', { ...before, full: jpeg(80), thumb: jpeg(80) }],
  ['mozjpeg q85/85', { ...before, full: jpeg(85), thumb: jpeg(85) }],
  [
    'mozjpeg q80/80 4:4:4',
    { ...before, full: jpeg(80, { chromaSubsampling: '4:4:4' }), thumb: jpeg(80, { chromaSubsampling: '4:4:4' }) },
  ],
  ['mozjpeg q82/78, one decode', { ...before, thumbFrom: 'resized' }],
  [
    'mozjpeg q82/78 no trellis, one decode',
    {
      ...before,
      full: jpeg(82, { trellisQuantisation: false }),
      thumb: jpeg(78, { trellisQuantisation: false }),
      thumbFrom: 'resized',
    },
  ],
  [
    'libjpeg-turbo q75/72 baseline, one decode',
    { ...before, full: { quality: 75 }, thumb: { quality: 72 }, thumbFrom: 'resized' },
  ],
  ['app now (PHOTO_ENCODING): mozjpeg q82/78 no scan optimisation, one decode', PHOTO_ENCODING],
];

/** Share of the subject box inside the thumbnail's crop (crop offsets in the pixels of the picture scaled to cover). */
function subjectKept(subject: Box, crop: { left: number; top: number }, scaled: { width: number; height: number }) {
  const left = crop.left / scaled.width;
  const top = crop.top / scaled.height;
  const overlapX = Math.max(
    0,
    Math.min(subject.left + subject.width, left + THUMB_SIDE / scaled.width) - Math.max(subject.left, left),
  );
  const overlapY = Math.max(
    0,
    Math.min(subject.top + subject.height, top + THUMB_SIDE / scaled.height) - Math.max(subject.top, top),
  );
  return (overlapX * overlapY) / (subject.width * subject.height);
}

/** Where sharp put a 400x400 cover crop of the displayed upload (attention and entropy report it; centre is computed). */
async function cropOf(input: Buffer, position: PhotoEncoding['thumbPosition'], from: 'original' | 'resized') {
  let base = sharp(input).autoOrient().flatten({ background: '#ffffff' });
  if (from === 'resized') {
    const resized = await raw(
      base.resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
    );
    base = sharp(resized.data, {
      raw: { width: resized.width, height: resized.height, channels: resized.channels as 3 },
    });
  }
  const displayed = await sharp(await base.clone().png({ compressionLevel: 0 }).toBuffer()).metadata();
  const { info } = await base
    .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scaleToCover = THUMB_SIDE / Math.min(displayed.width!, displayed.height!);
  const scaled = {
    width: Math.round(displayed.width! * scaleToCover),
    height: Math.round(displayed.height! * scaleToCover),
  };
  const crop =
    position === 'centre'
      ? { left: (scaled.width - THUMB_SIDE) / 2, top: (scaled.height - THUMB_SIDE) / 2 }
      : { left: -(info.cropOffsetLeft ?? 0), top: -(info.cropOffsetTop ?? 0) };
  return { scaled, crop };
}

async function main() {
  const started = performance.now();
  const images = await testImages();
  const refs = await Promise.all(images.map((image) => references(image.input)));
  console.log(
    `${images.length} images drawn in ${((performance.now() - started) / 1000).toFixed(1)} s; ${RUNS} timed runs each (median) after ${WARMUP} warm-up; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ${sharp.concurrency()} threads.`,
  );
  for (const image of images) console.log(`  ${image.name}: ${(image.input.length / 1024).toFixed(0)} KiB`);

  // Interleaved rounds (every candidate on every image, then again), so a busy moment of the machine touches all alike.
  const times = candidates.map(() => images.map(() => [] as number[]));
  const outputs = candidates.map(() => images.map((): ProcessedPhoto | null => null));
  for (let run = 0; run < WARMUP + RUNS; run++) {
    for (const [c, [, encoding]] of candidates.entries()) {
      for (const [i, image] of images.entries()) {
        const start = performance.now();
        outputs[c]![i] = await processPhoto(image.input, encoding);
        if (run >= WARMUP) times[c]![i]!.push(performance.now() - start);
      }
    }
    console.log(`round ${run + 1}/${WARMUP + RUNS} done`);
  }

  console.log('\nPer image: median ms for one upload (both files); KiB large / thumb; PSNR dB large / thumb\n');
  type Row = {
    name: string;
    ms: number;
    fullBytes: number;
    thumbBytes: number;
    fullPsnr: number;
    thumbPsnr: number;
    fullSsim: number;
    thumbSsim: number;
  };
  const rows: Row[] = [];
  for (const [c, [name, encoding]] of candidates.entries()) {
    const per: Row[] = [];
    const cells: string[] = [];
    for (const [i, image] of images.entries()) {
      const ms = median(times[c]![i]!);
      const result = outputs[c]![i]!;
      const full = await quality(result.full, refs[i]!.full);
      const thumb = await quality(result.thumb, refs[i]!.thumbs.get(encoding.thumbPosition)!);
      per.push({
        name,
        ms,
        fullBytes: result.full.length,
        thumbBytes: result.thumb.length,
        fullPsnr: full.psnr,
        thumbPsnr: thumb.psnr,
        fullSsim: full.ssim,
        thumbSsim: thumb.ssim,
      });
      cells.push(
        `${image.name.padEnd(40)} ${ms.toFixed(0).padStart(5)} ms ${(result.full.length / 1024).toFixed(0)}/${(result.thumb.length / 1024).toFixed(1)} KiB ${full.psnr.toFixed(1)}/${thumb.psnr.toFixed(1)} dB`,
      );
    }
    console.log(`${name}\n    ${cells.join('\n    ')}`);
    const mean = (pick: (row: Row) => number) => per.reduce((sum, row) => sum + pick(row), 0) / per.length;
    rows.push({
      name,
      ms: mean((row) => row.ms),
      fullBytes: mean((row) => row.fullBytes),
      thumbBytes: mean((row) => row.thumbBytes),
      fullPsnr: mean((row) => row.fullPsnr),
      thumbPsnr: mean((row) => row.thumbPsnr),
      fullSsim: mean((row) => row.fullSsim),
      thumbSsim: mean((row) => row.thumbSsim),
    });
  }

  const base = rows[0]!;
  console.log('\nMeans over the images (time and bytes also as a ratio to the settings before):\n');
  console.log(
    '| options | ms per upload | large KiB | thumb KiB | large PSNR dB | thumb PSNR dB | large SSIM | thumb SSIM |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.ms.toFixed(0)} (${(row.ms / base.ms).toFixed(2)}x) | ${(row.fullBytes / 1024).toFixed(0)} (${(row.fullBytes / base.fullBytes).toFixed(2)}x) | ${(row.thumbBytes / 1024).toFixed(1)} (${(row.thumbBytes / base.thumbBytes).toFixed(2)}x) | ${row.fullPsnr.toFixed(2)} | ${row.thumbPsnr.toFixed(2)} | ${row.fullSsim.toFixed(4)} | ${row.thumbSsim.toFixed(4)} |`,
    );
  }

  // Crop strategies: the thumbnail alone (decode, crop, encode as the app does), and the share of the face it keeps.
  console.log(
    '\nThumbnail crop (400x400 cover): median ms for the thumbnail alone; share of the face inside the crop, per image:\n',
  );
  console.log(`| crop | from | ms | ${images.map((image) => image.name).join(' | ')} |`);
  console.log(`|---|---|---|${images.map(() => '---').join('|')}|`);
  for (const from of ['original', 'resized'] as const) {
    for (const position of ['centre', 'attention', 'entropy'] as const) {
      const times: number[] = [];
      const kept: number[] = [];
      for (const image of images) {
        // From the resized image, that resize is already paid for by the large image: only the thumbnail is timed.
        const upload = () => sharp(image.input).autoOrient().flatten({ background: '#ffffff' });
        const resized =
          from === 'resized'
            ? await raw(
                upload().resize({
                  width: PHOTO_MAX_SIDE,
                  height: PHOTO_MAX_SIDE,
                  fit: 'inside',
                  withoutEnlargement: true,
                }),
              )
            : null;
        const pipeline = resized
          ? () =>
              sharp(resized.data, {
                raw: { width: resized.width, height: resized.height, channels: resized.channels as 3 },
              })
          : upload;
        const perImage: number[] = [];
        for (let run = 0; run < WARMUP + RUNS; run++) {
          const start = performance.now();
          await pipeline()
            .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position })
            .jpeg(PHOTO_ENCODING.thumb)
            .toBuffer();
          if (run >= WARMUP) perImage.push(performance.now() - start);
        }
        times.push(median(perImage));
        const { scaled, crop } = await cropOf(image.input, position, from);
        kept.push(subjectKept(image.subject, crop, scaled));
      }
      const ms = times.reduce((sum, value) => sum + value, 0) / times.length;
      console.log(
        `| ${position} | ${from} | ${ms.toFixed(1)} | ${kept.map((value) => `${(value * 100).toFixed(0)}%`).join(' | ')} |`,
      );
    }
  }
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
