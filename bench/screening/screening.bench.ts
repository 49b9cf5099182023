// Screening benchmark (docs/safety.md): photos scored per second by the image classifier of photo screening (nsfwjs's
// MobileNetV2 on TensorFlow.js's WebAssembly backend, in this process) and the RSS the model adds, printed beside sharp
// re-encoding the same photos (the upload pipeline, processPhoto) in the same run. Target: scoring at least 0.5 of the
// re-encode rate. Photos are drawn in memory (nothing downloaded); one at a time, as the screening job runs them.
import sharp from 'sharp';
import { processPhoto } from '../../apps/server/src/modules/photos/photo-processing.ts';
import { createModelClassifier, createModelFaceDescriber } from '../../apps/server/src/modules/safety/index.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 12);
const ROUNDS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 0.5;

/** A photo-like upload: a colour gradient under soft noise, 2400 x 1800 JPEG q90 (about a phone photo's pixels). */
async function drawUpload(seed: number): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},60%,70%)"/><stop offset="1" stop-color="hsl(${(seed * 47 + 140) % 360},50%,35%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="${900 + seed * 40}" cy="800" rx="360" ry="460" fill="hsl(25,55%,68%)"/></svg>`,
  );
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 0, sigma: 18 } },
  })
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: noise, blend: 'add' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function rate(work: (photo: Buffer) => Promise<unknown>, photos: Buffer[]): Promise<number> {
  const started = performance.now();
  for (const photo of photos) await work(photo);
  return photos.length / ((performance.now() - started) / 1000);
}

const uploads = await Promise.all(Array.from({ length: PHOTOS }, (_, index) => drawUpload(index + 1)));
const stored = await Promise.all(uploads.map(async (upload) => (await processPhoto(upload)).full));

const classifier = createModelClassifier();
const rssBefore = process.memoryUsage().rss;
const loadStarted = performance.now();
await classifier.warm();
const loadMs = performance.now() - loadStarted;
await classifier.classify(stored[0]!);
const rssAfter = process.memoryUsage().rss;

const reencode: number[] = [];
const scoring: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Interleaved, so both see the same machine.
  reencode.push(await rate((upload) => processPhoto(upload), uploads));
  scoring.push(await rate((photo) => classifier.classify(photo), stored));
}
const reencodeRate = median(reencode);
const scoringRate = median(scoring);
const ratio = scoringRate / reencodeRate;
console.log(`photos: ${PHOTOS} uploads of 2400x1800 (stored as 1600x1200), median of ${ROUNDS} rounds`);
console.log(
  `model load: ${loadMs.toFixed(0)} ms; RSS the model adds: ${mib(rssAfter - rssBefore)} MiB (${mib(rssBefore)} -> ${mib(rssAfter)} MiB)`,
);
console.log(
  `sharp re-encode (processPhoto): ${reencodeRate.toFixed(2)} photos/s (${(1000 / reencodeRate).toFixed(0)} ms each)`,
);
console.log(
  `screening (classify):           ${scoringRate.toFixed(2)} photos/s (${(1000 / scoringRate).toFixed(0)} ms each)`,
);
console.log(
  `ratio scoring / re-encode: ${ratio.toFixed(2)} (target >= ${TARGET}) ${ratio >= TARGET ? 'OK' : 'BELOW TARGET'}`,
);

// Face similarity (verification selfies only, no target): a selfie costs describing it and each profile photo.
const faces = createModelFaceDescriber();
const facesRssBefore = process.memoryUsage().rss;
const facesLoadStarted = performance.now();
await faces.warm();
const facesLoadMs = performance.now() - facesLoadStarted;
await faces.describe(stored[0]!);
const describing = await rate((photo) => faces.describe(photo), stored.slice(0, 6));
console.log(
  `face model load: ${facesLoadMs.toFixed(0)} ms; RSS it adds: ${mib(process.memoryUsage().rss - facesRssBefore)} MiB; ` +
    `describing: ${describing.toFixed(2)} photos/s (${(1000 / describing).toFixed(0)} ms each, ` +
    `${(describing / reencodeRate).toFixed(2)} of the re-encode rate)`,
);
if (ratio < TARGET) process.exitCode = 1;
