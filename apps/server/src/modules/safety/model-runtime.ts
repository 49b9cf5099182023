// The models of safety (docs/safety.md): the photo classifier and the face comparison share one TensorFlow.js
// runtime on its WebAssembly backend, prepared once, and each model is loaded once (`loadedOnce`). The packages'
// CommonJS builds are what Node loads, the same instance face-api's node-wasm build requires.
import type * as tfjs from '@tensorflow/tfjs';

type Tensorflow = typeof tfjs;

let ready: Promise<Tensorflow> | null = null;

export function loadTensorflow(): Promise<Tensorflow> {
  ready ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    await import('@tensorflow/tfjs-backend-wasm');
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** How long a model that failed to load is left alone before it is tried again. */
const RETRY_AFTER_MS = 60_000;

/**
 * A model loaded once per process on first use. A failed load is remembered for a minute (then tried again), and
 * each use meanwhile fails with `unavailable(error)`.
 */
export function loadedOnce<T>(load: () => Promise<T>, unavailable: (error: unknown) => Error): () => Promise<T> {
  let loading: Promise<T> | null = null;
  let failedAt = 0;
  return () => {
    if (!loading || (failedAt && Date.now() - failedAt > RETRY_AFTER_MS)) {
      failedAt = 0;
      loading = load().catch((error: unknown) => {
        failedAt = Date.now();
        throw unavailable(error);
      });
    }
    return loading;
  };
}
