// The image classifier behind photo screening (docs/safety.md): one port, two classifiers. The model classifier runs
// nsfwjs's bundled MobileNetV2 on TensorFlow.js's WebAssembly backend inside this process (shipped in the npm
// packages, nothing downloaded); it is loaded once, on first use. The test classifier reads a colour, so a test marks
// a photo explicit by uploading a magenta one.
import sharp from 'sharp';
import type { ScreeningLabels } from '../../db/schema/index.ts';
import { loadedOnce, loadTensorflow } from './model-runtime.ts';

export type ImageClassifier = {
  /** Stored with every score (`photo_screenings.model`). */
  name: string;
  /** Probabilities per label for one image; throws ClassifierUnavailable or an image error. */
  classify: (image: Buffer) => Promise<ScreeningLabels>;
  /** Loads the model now (the bench and the process test time it); classify loads it when needed. */
  warm: () => Promise<void>;
};

/** The model could not be loaded: every photo goes to manual review until it can. */
export class ClassifierUnavailable extends Error {}

/** nsfwjs's input side. */
const MODEL_SIDE = 224;
/** The classifier's own labels, lower-cased as stored. */
export const SCREENING_LABELS = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;

/** The part of a score that counts as explicit (docs/safety.md). */
export function explicitScore(labels: ScreeningLabels): number {
  return Math.min(1, (labels.porn ?? 0) + (labels.hentai ?? 0));
}

/** The pixels the model reads: the image squeezed to 224 x 224 RGB (the first frame only). */
async function modelPixels(image: Buffer): Promise<Uint8Array> {
  const { data } = await sharp(image, { failOn: 'error', animated: false, limitInputPixels: 50_000_000 })
    .resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

type LoadedModel = {
  classify: (pixels: Uint8Array) => Promise<ScreeningLabels>;
};

async function loadModel(): Promise<LoadedModel> {
  const tf = await loadTensorflow();
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  // nsfwjs greets on the console when it loads a bundled model; the app's log says what it needs.
  const info = console.info;
  console.info = () => {};
  const model = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] }).finally(() => {
    console.info = info;
  });
  return {
    async classify(pixels) {
      const input = tf.tensor3d(pixels, [MODEL_SIDE, MODEL_SIDE, 3], 'int32');
      try {
        const predictions = await model.classify(input, SCREENING_LABELS.length);
        return Object.fromEntries(
          predictions.map((p) => [p.className.toLowerCase(), Math.round(p.probability * 10_000) / 10_000]),
        );
      } finally {
        input.dispose();
      }
    },
  };
}

/**
 * nsfwjs's MobileNetV2 (about 3 MB of weights), loaded once per process on first use. A failed load is remembered
 * for a minute (then tried again), and each photo meanwhile fails with ClassifierUnavailable.
 */
export function createModelClassifier(options: { load?: () => Promise<LoadedModel> } = {}): ImageClassifier {
  const model = loadedOnce(
    options.load ?? loadModel,
    (error) => new ClassifierUnavailable(`the image model did not load: ${String(error)}`),
  );
  return {
    name: 'nsfwjs-mobilenet_v2',
    async warm() {
      await model();
    },
    async classify(image) {
      const loaded = await model();
      return loaded.classify(await modelPixels(image));
    },
  };
}

/** Magenta (red and blue high, green low) reads as explicit; anything else as neutral. For tests and the e2e suite. */
export function createTestClassifier(): ImageClassifier {
  return {
    name: 'test-colour',
    async warm() {},
    async classify(image) {
      const { channels } = await sharp(image, { failOn: 'error' }).stats();
      const [r, g, b] = channels.map((channel) => channel.mean);
      const explicit = (r ?? 0) > 180 && (g ?? 255) < 90 && (b ?? 0) > 180;
      return explicit
        ? { porn: 0.93, hentai: 0.02, sexy: 0.03, neutral: 0.01, drawing: 0.01 }
        : { porn: 0.01, hentai: 0.01, sexy: 0.02, neutral: 0.9, drawing: 0.06 };
    },
  };
}
