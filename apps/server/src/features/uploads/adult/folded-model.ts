/**
 * nsfwjs's MobileNetV2 as a Keras layers model runs every batch normalization (52) and ReLU6
 * (35) as kernels of their own after each convolution: on the WASM backend that took ~60% of
 * the model's time. This module folds each batch normalization into the convolution before it
 * (kernel scaled per output channel, a bias added) and the ReLU6 after it into the same fused
 * kernel, once when the model loads. Same weights, same answers (to float rounding: ~1e-6 on
 * the probabilities), less than half the CPU per picture.
 */
import type * as tfjs from '@tensorflow/tfjs';

type Tf = typeof tfjs;
type Tensor = tfjs.Tensor;
type Layer = tfjs.layers.Layer;
type Activation = 'linear' | 'relu' | 'relu6';

export type Step =
  | { kind: 'alias'; input: string; out: string }
  | {
      kind: 'conv' | 'depthwise';
      input: string;
      out: string;
      filter: tfjs.Tensor4D;
      bias: tfjs.Tensor1D | undefined;
      activation: Activation;
      strides: [number, number];
      pad: 'valid' | 'same';
    }
  | { kind: 'pad'; input: string; out: string; pad: [number, number][] }
  | { kind: 'add'; inputs: string[]; out: string }
  | {
      kind: 'avgPool';
      input: string;
      out: string;
      pool: [number, number];
      strides: [number, number];
    }
  | { kind: 'flatten'; input: string; out: string }
  | {
      kind: 'dense';
      input: string;
      out: string;
      kernel: tfjs.Tensor2D;
      bias: tfjs.Tensor1D;
      activation: 'linear' | 'relu' | 'softmax';
    };

/**
 * The model as a list of fused steps, in the layers' order, each naming its input(s) and output
 * by the layer names; the weights are tfjs tensors this object owns until `dispose`.
 */
export interface FoldedGraph {
  steps: readonly Step[];
  input: string;
  output: string;
  dispose(): void;
}

/** A model that maps a batch [n, 224, 224, 3] of pixels in 0..1 to class probabilities [n, 5]. */
export interface FoldedModel {
  predict(input: tfjs.Tensor4D): tfjs.Tensor2D;
  dispose(): void;
}

const inputsOf = (layer: Layer): string[] =>
  (layer.inboundNodes[0]?.inboundLayers ?? []).map((l) => l.name);

function config<T>(layer: Layer, key: string): T {
  return layer.getConfig()[key] as T;
}

function activationOf(name: unknown): Activation {
  if (name === 'linear' || name === 'relu' || name === 'relu6') return name;
  throw new Error(`folded model: activation ${String(name)} not supported`);
}

/**
 * Compiles a Keras layers model made of the layers MobileNetV2 uses (convolutions, batch
 * normalizations, ReLU6, zero padding, adds, average pooling, dense) into fused steps. Any
 * other layer, or a batch normalization whose input goes elsewhere too, is refused: the
 * caller then keeps the model as it is.
 */
export function foldLayers(tf: Tf, model: tfjs.LayersModel): FoldedGraph {
  const layers = model.layers;
  const byName = new Map(layers.map((l) => [l.name, l]));
  const consumers = new Map<string, string[]>();
  for (const layer of layers)
    for (const input of inputsOf(layer))
      consumers.set(input, [...(consumers.get(input) ?? []), layer.name]);
  /** The one layer that reads `name`'s output, if only one does. */
  const onlyReader = (name: string): Layer | undefined => {
    const readers = consumers.get(name) ?? [];
    return readers.length === 1 ? byName.get(readers[0]!) : undefined;
  };

  /**
   * A zero padding whose one reader is a convolution without padding of its own, padding
   * exactly as that convolution's "same" would (Keras's MobileNetV2 pads the stride-2
   * convolutions by [0, 1] on each side; so does "same" on an even size).
   */
  const absorbed = (padding: Layer): boolean => {
    const reader = onlyReader(padding.name);
    if (padding.getClassName() !== 'ZeroPadding2D' || !reader) return false;
    const kind = reader.getClassName();
    if ((kind !== 'Conv2D' && kind !== 'DepthwiseConv2D') || config(reader, 'padding') !== 'valid')
      return false;
    // One input: its shape, which tfjs-layers gives as a list of one shape.
    const shapes = padding.inboundNodes[0]?.inputShapes ?? [];
    const [, height, width] = (Array.isArray(shapes[0]) ? shapes[0] : shapes) as (number | null)[];
    const pads = config<[[number, number], [number, number]]>(padding, 'padding');
    const kernel = config<[number, number]>(reader, 'kernelSize');
    const strides = config<[number, number]>(reader, 'strides');
    return [height, width].every((size, i) => {
      if (typeof size !== 'number') return false;
      const out = Math.ceil(size / strides[i]!);
      const total = Math.max((out - 1) * strides[i]! + kernel[i]! - size, 0);
      const before = Math.floor(total / 2);
      return pads[i]![0] === before && pads[i]![1] === total - before;
    });
  };

  const steps = tf.tidy(() => {
    const compiled: Step[] = [];
    const folded = new Set<string>();
    for (const layer of layers) {
      if (folded.has(layer.name)) continue;
      const kind = layer.getClassName();
      const inputs = inputsOf(layer);
      switch (kind) {
        case 'Conv2D':
        case 'DepthwiseConv2D': {
          const weights = layer.getWeights();
          // Copies: the steps outlive the layers model, which is disposed once they are made.
          let filter = (weights[0] as tfjs.Tensor4D).clone();
          let bias = config<boolean>(layer, 'useBias')
            ? (weights[1] as tfjs.Tensor1D).clone()
            : undefined;
          let activation = activationOf(config(layer, 'activation'));
          let out = layer.name;
          const bn = onlyReader(layer.name);
          if (bn?.getClassName() === 'BatchNormalization' && activation === 'linear') {
            const [gamma, beta, mean, variance] = bn.getWeights() as tfjs.Tensor1D[];
            if (!gamma || !beta || !mean || !variance)
              throw new Error(`folded model: ${bn.name} has no scale or centre`);
            const scale = tf.div(gamma, tf.sqrt(tf.add(variance, config<number>(bn, 'epsilon'))));
            // Conv2D filters are [h, w, in, out]; depthwise ones [h, w, channels, 1].
            filter =
              kind === 'Conv2D'
                ? tf.mul(filter, scale)
                : tf.mul(filter, scale.reshape([1, 1, -1, 1]));
            const shift = tf.sub<tfjs.Tensor1D>(beta, tf.mul(mean, scale));
            bias = bias ? tf.add<tfjs.Tensor1D>(tf.mul(bias, scale), shift) : shift;
            folded.add(bn.name);
            out = bn.name;
            const relu = onlyReader(bn.name);
            if (
              relu?.getClassName() === 'ReLU' &&
              config(relu, 'maxValue') === 6 &&
              !config(relu, 'negativeSlope') &&
              !config(relu, 'threshold')
            ) {
              activation = 'relu6';
              folded.add(relu.name);
              out = relu.name;
            }
          }
          let input = inputs[0]!;
          let pad = config<'valid' | 'same'>(layer, 'padding');
          const source = byName.get(input);
          if (source && absorbed(source)) {
            pad = 'same';
            input = inputsOf(source)[0]!;
          }
          compiled.push({
            kind: kind === 'Conv2D' ? 'conv' : 'depthwise',
            input,
            out,
            filter: tf.keep(filter),
            bias: bias && tf.keep(bias),
            activation,
            strides: config<[number, number]>(layer, 'strides'),
            pad,
          });
          break;
        }
        case 'InputLayer':
        case 'Dropout':
          // Dropout does nothing when predicting.
          if (inputs[0]) compiled.push({ kind: 'alias', input: inputs[0], out: layer.name });
          break;
        case 'ZeroPadding2D':
          // Read by one unpadded convolution, the padding becomes that convolution's own.
          if (!absorbed(layer)) {
            const [rows, cols] = config<[[number, number], [number, number]]>(layer, 'padding');
            compiled.push({
              kind: 'pad',
              input: inputs[0]!,
              out: layer.name,
              pad: [[0, 0], rows, cols, [0, 0]],
            });
          }
          break;
        case 'Add':
          compiled.push({ kind: 'add', inputs, out: layer.name });
          break;
        case 'AveragePooling2D':
          if (config(layer, 'padding') !== 'valid')
            throw new Error(`folded model: ${layer.name} pads`);
          compiled.push({
            kind: 'avgPool',
            input: inputs[0]!,
            out: layer.name,
            pool: config<[number, number]>(layer, 'poolSize'),
            strides: config<[number, number]>(layer, 'strides'),
          });
          break;
        case 'Flatten':
          compiled.push({ kind: 'flatten', input: inputs[0]!, out: layer.name });
          break;
        case 'Dense': {
          const [kernel, bias] = layer.getWeights() as [tfjs.Tensor2D, tfjs.Tensor1D];
          const activation = config<string>(layer, 'activation');
          if (activation !== 'linear' && activation !== 'relu' && activation !== 'softmax')
            throw new Error(`folded model: ${layer.name} activation ${activation}`);
          compiled.push({
            kind: 'dense',
            input: inputs[0]!,
            out: layer.name,
            kernel: tf.keep(kernel.clone()),
            bias: tf.keep(bias.clone()),
            activation,
          });
          break;
        }
        default:
          throw new Error(`folded model: layer ${kind} (${layer.name}) not supported`);
      }
    }
    return compiled;
  });
  return {
    steps,
    input: layers[0]!.name,
    output: layers[layers.length - 1]!.name,
    dispose: () => {
      for (const step of steps) {
        if (step.kind === 'conv' || step.kind === 'depthwise')
          tf.dispose([step.filter, step.bias ?? []]);
        if (step.kind === 'dense') tf.dispose([step.kernel, step.bias]);
      }
    },
  };
}

/** The folded steps run by tfjs, on whatever backend it has (WASM in the fallback). */
export function foldLayersModel(tf: Tf, model: tfjs.LayersModel): FoldedModel {
  const graph = foldLayers(tf, model);
  const { steps, input: inputName, output: outputName } = graph;
  return {
    predict: (input) =>
      tf.tidy(() => {
        const values = new Map<string, Tensor>([[inputName, input]]);
        const get = (name: string) => {
          const value = values.get(name);
          if (!value) throw new Error(`folded model: ${name} has no value`);
          return value;
        };
        for (const step of steps) {
          switch (step.kind) {
            case 'alias':
              values.set(step.out, get(step.input));
              break;
            case 'conv':
            case 'depthwise': {
              const convolve = step.kind === 'conv' ? tf.fused.conv2d : tf.fused.depthwiseConv2d;
              values.set(
                step.out,
                convolve({
                  x: get(step.input) as tfjs.Tensor4D,
                  filter: step.filter,
                  strides: step.strides,
                  pad: step.pad,
                  bias: step.bias,
                  activation: step.activation,
                }),
              );
              break;
            }
            case 'pad':
              values.set(step.out, tf.pad(get(step.input), step.pad));
              break;
            case 'add':
              values.set(step.out, tf.addN(step.inputs.map(get)));
              break;
            case 'avgPool':
              values.set(
                step.out,
                tf.avgPool(get(step.input) as tfjs.Tensor4D, step.pool, step.strides, 'valid'),
              );
              break;
            case 'flatten': {
              const value = get(step.input);
              values.set(step.out, value.reshape([value.shape[0] ?? 1, -1]));
              break;
            }
            case 'dense': {
              const a = get(step.input) as tfjs.Tensor2D;
              values.set(
                step.out,
                step.activation === 'softmax'
                  ? tf.softmax(tf.fused.matMul({ a, b: step.kernel, bias: step.bias }))
                  : tf.fused.matMul({
                      a,
                      b: step.kernel,
                      bias: step.bias,
                      activation: step.activation,
                    }),
              );
              break;
            }
          }
        }
        return get(outputName) as tfjs.Tensor2D;
      }),
    dispose: () => graph.dispose(),
  };
}
