// Does the verification selfie show the face of the profile photos? (docs/safety.md, "Face similarity"). One port, two
// implementations: face-api's bundled models (SSD MobileNet v1 detector, 68-point landmarks, the 128-number face
// recognition net) on TensorFlow.js's WebAssembly backend in this process, shipped in the npm package, loaded once on
// first use; and a test one that reads a colour, so a test gives two photos the same face by giving them one colour.
// The descriptors live only in memory: what is stored is the similarity.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { ClassifierUnavailable } from './classifier.ts';
import { loadedOnce, loadTensorflow } from './model-runtime.ts';

/** A face's description: face-api's 128 numbers; two photos of one person lie within about 0.5 of each other. */
export type FaceDescriptor = Float32Array;

export type FaceDescriber = {
  name: string;
  /** The faces in an image, largest first; [] when none. Throws ClassifierUnavailable or an image error. */
  describe: (image: Buffer) => Promise<FaceDescriptor[]>;
  warm: () => Promise<void>;
};

/** Images are read at most this many pixels a side: faces in selfies and profile photos are large. */
const MAX_SIDE = 640;
/** A detection below this confidence is not a face. */
const MIN_CONFIDENCE = 0.5;

/** 1 minus the Euclidean distance of two descriptors, within 0..1 (1: the same picture of the face). */
export function faceSimilarity(a: FaceDescriptor, b: FaceDescriptor): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.round(Math.max(0, Math.min(1, 1 - Math.sqrt(sum))) * 1000) / 1000;
}

/** The best similarity of any face in `selfie` (the largest first) to any face in `photos`; null without a pair. */
export function bestFaceMatch(
  selfie: FaceDescriptor[],
  photos: { id: number; faces: FaceDescriptor[] }[],
): { similarity: number; photoId: number } | null {
  const [face] = selfie;
  if (!face) return null;
  let best: { similarity: number; photoId: number } | null = null;
  for (const photo of photos)
    for (const other of photo.faces) {
      const similarity = faceSimilarity(face, other);
      if (!best || similarity > best.similarity) best = { similarity, photoId: photo.id };
    }
  return best;
}

async function rgbPixels(image: Buffer, maxSide: number) {
  const { data, info } = await sharp(image, { failOn: 'error', animated: false, limitInputPixels: 50_000_000 })
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

type LoadedFaceModel = { describe: (image: Buffer) => Promise<FaceDescriptor[]> };

async function loadFaceModel(): Promise<LoadedFaceModel> {
  const tf = await loadTensorflow();
  const faceapi = (await import('@vladmandic/face-api/dist/face-api.node-wasm.js')).default;
  const require = createRequire(import.meta.url);
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 10 });
  return {
    async describe(image) {
      const { pixels, width, height } = await rgbPixels(image, MAX_SIDE);
      const input = tf.tensor3d(pixels, [height, width, 3], 'int32');
      try {
        const faces = await faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
        return faces
          .sort((a, b) => b.detection.box.area - a.detection.box.area)
          .map((face) => Float32Array.from(face.descriptor));
      } finally {
        input.dispose();
      }
    },
  };
}

/** face-api's models (about 12 MB of weights), loaded once per process; a failed load is tried again after a minute. */
export function createModelFaceDescriber(options: { load?: () => Promise<LoadedFaceModel> } = {}): FaceDescriber {
  const model = loadedOnce(
    options.load ?? loadFaceModel,
    (error) => new ClassifierUnavailable(`the face model did not load: ${String(error)}`),
  );
  return {
    name: 'face-api-ssd_mobilenetv1',
    async warm() {
      await model();
    },
    async describe(image) {
      return (await model()).describe(image);
    },
  };
}

/** DESCRIPTOR_LENGTH numbers, like face-api's. */
const DESCRIPTOR_LENGTH = 128;

/**
 * For tests and the e2e suite: an image's mean colour is its one face (a nearly black image has none), so two photos
 * of one colour show the same face and a red and a blue one different faces.
 */
export function createTestFaceDescriber(): FaceDescriber {
  return {
    name: 'test-colour-face',
    async warm() {},
    async describe(image) {
      const { channels } = await sharp(image, { failOn: 'error' }).stats();
      const means = channels.slice(0, 3).map((channel) => channel.mean / 255);
      if (Math.max(...means) < 0.06) return [];
      return [Float32Array.from({ length: DESCRIPTOR_LENGTH }, (_, i) => (means[i % 3] ?? 0) * 0.2)];
    },
  };
}
