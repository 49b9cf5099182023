// TensorFlow.js on its WebAssembly backend, for the models of safety (docs/safety.md): the photo classifier and the
// face comparison share one runtime in the process, prepared once. The packages' CommonJS builds are what Node loads,
// the same instance face-api's node-wasm build requires.
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
