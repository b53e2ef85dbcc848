/**
 * The folded MobileNetV2 (folded-model.ts) written as an ONNX model, for ONNX Runtime's native
 * CPU kernels (MLAS: AVX2/AVX-512 here) instead of tfjs's 128-bit WASM SIMD. nsfwjs ships no
 * ONNX form of its model and the converters are Python, so the model is built here, in memory,
 * each time a worker loads: same weights, same steps, same answers (onnx-model.test.ts checks
 * the probabilities against the layers model nsfwjs runs).
 *
 * The wire format is written by protobufjs from the part of ONNX's schema (onnx/onnx.proto3)
 * this model needs, field numbers as published. Writing protobuf by hand would be short too,
 * but every length prefix and varint would be ours to get right; the `onnx-proto` package has
 * the whole schema pre-generated but was last published in 2024 on protobufjs 6, two majors
 * behind. Reflection from the schema text costs a few milliseconds, once per worker.
 */
import protobuf from 'protobufjs';
import type * as Ort from 'onnxruntime-node';
import type { FoldedGraph } from './folded-model';

const ONNX_SUBSET = `
syntax = "proto3";
package onnx;
message AttributeProto {
  enum AttributeType { UNDEFINED = 0; FLOAT = 1; INT = 2; STRING = 3; FLOATS = 6; INTS = 7; }
  string name = 1;
  AttributeType type = 20;
  float f = 2;
  int64 i = 3;
  bytes s = 4;
  repeated float floats = 7;
  repeated int64 ints = 8;
}
message ValueInfoProto { string name = 1; TypeProto type = 2; }
message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  string name = 3;
  string op_type = 4;
  repeated AttributeProto attribute = 5;
}
message ModelProto {
  int64 ir_version = 1;
  repeated OperatorSetIdProto opset_import = 8;
  string producer_name = 2;
  GraphProto graph = 7;
}
message GraphProto {
  repeated NodeProto node = 1;
  string name = 2;
  repeated TensorProto initializer = 5;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}
message TensorProto {
  repeated int64 dims = 1;
  int32 data_type = 2;
  string name = 8;
  bytes raw_data = 9;
}
message TensorShapeProto {
  message Dimension { oneof value { int64 dim_value = 1; string dim_param = 2; } }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { int32 elem_type = 1; TensorShapeProto shape = 2; }
  oneof value { Tensor tensor_type = 1; }
}
message OperatorSetIdProto { string domain = 1; int64 version = 2; }
`;

/** TensorProto.DataType */
const FLOAT = 1;
const UINT8 = 2;

type Attribute = number | string | number[];
interface Node {
  op_type: string;
  input: string[];
  output: string[];
  attribute: { name: string; type: string; i?: number; s?: Uint8Array; ints?: number[] }[];
}

const attributes = (values: Record<string, Attribute>): Node['attribute'] =>
  Object.entries(values).map(([name, value]) =>
    typeof value === 'number'
      ? { name, type: 'INT', i: value }
      : typeof value === 'string'
        ? { name, type: 'STRING', s: new TextEncoder().encode(value) }
        : { name, type: 'INTS', ints: value },
  );

/** `data` (row-major in `shape`) with its axes put in `order`, as ONNX's Transpose would. */
function permute(data: Float32Array, shape: number[], order: number[]): Float32Array {
  const out = new Float32Array(data.length);
  const outShape = order.map((axis) => shape[axis]!);
  // Strides of the source, read in the output's axis order.
  const strides = shape.map((_, axis) => shape.slice(axis + 1).reduce((a, b) => a * b, 1));
  const step = order.map((axis) => strides[axis]!);
  const index = outShape.map(() => 0);
  for (let o = 0; o < out.length; o++) {
    let source = 0;
    for (let k = 0; k < index.length; k++) source += index[k]! * step[k]!;
    out[o] = data[source]!;
    for (let k = index.length - 1; k >= 0; k--) {
      if (++index[k]! < outShape[k]!) break;
      index[k] = 0;
    }
  }
  return out;
}

/**
 * The ONNX model of `graph`, encoded. Its input "pixels" is what the classifier gets, uint8
 * RGB [n, 224, 224, 3] (NHWC); the graph casts it, divides by 255 (as the tfjs path did in
 * JavaScript: the same float32 quotients) and transposes it to the NCHW that ONNX's Conv
 * takes, so the per-pixel work is native code. Its output "probabilities" is [n, 5].
 */
export function onnxModelBytes(graph: FoldedGraph): Uint8Array {
  const nodes: Node[] = [];
  const initializer: { name: string; dims: number[]; data_type: number; raw_data: Uint8Array }[] =
    [];
  const constant = (name: string, dims: number[], data: Float32Array) => {
    initializer.push({
      name,
      dims,
      data_type: FLOAT,
      raw_data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    });
    return name;
  };
  const node = (
    op_type: string,
    input: string[],
    output: string,
    attrs: Record<string, Attribute> = {},
  ) => {
    nodes.push({ op_type, input, output: [output], attribute: attributes(attrs) });
    return output;
  };

  const byteScale = constant('byte_scale', [], new Float32Array([255]));
  const floats = node('Cast', ['pixels'], 'pixels_float', { to: FLOAT });
  const scaled = node('Div', [floats, byteScale], 'pixels_01');
  node('Transpose', [scaled], graph.input, { perm: [0, 3, 1, 2] });

  let clip: [string, string] | undefined;
  for (const step of graph.steps) {
    switch (step.kind) {
      case 'alias':
        node('Identity', [step.input], step.out);
        break;
      case 'conv':
      case 'depthwise': {
        // tfjs filters are [h, w, in, out] ([h, w, channels, multiplier] depthwise); ONNX's
        // are [out, in / group, h, w], and a depthwise one is a Conv with a group per channel
        // whose outputs come channel by channel, multiplier by multiplier, as in tfjs.
        const [h, w, c, m] = step.filter.shape;
        const data = step.filter.dataSync() as Float32Array;
        const weights =
          step.kind === 'conv'
            ? constant(`${step.out}/W`, [m, c, h, w], permute(data, [h, w, c, m], [3, 2, 0, 1]))
            : constant(
                `${step.out}/W`,
                [c * m, 1, h, w],
                permute(data, [h, w, c, m], [2, 3, 0, 1]),
              );
        const inputs = [step.input, weights];
        if (step.bias)
          inputs.push(
            constant(`${step.out}/B`, [step.bias.size], step.bias.dataSync() as Float32Array),
          );
        const convolved = node(
          'Conv',
          inputs,
          step.activation === 'linear' ? step.out : `${step.out}/conv`,
          {
            kernel_shape: [h, w],
            strides: step.strides,
            group: step.kind === 'conv' ? 1 : c,
            // TensorFlow's "same" puts the odd pixel of padding after, as SAME_UPPER does.
            auto_pad: step.pad === 'same' ? 'SAME_UPPER' : 'VALID',
          },
        );
        if (step.activation === 'relu') node('Relu', [convolved], step.out);
        if (step.activation === 'relu6') {
          clip ??= [
            constant('clip_min', [], new Float32Array([0])),
            constant('clip_max', [], new Float32Array([6])),
          ];
          node('Clip', [convolved, ...clip], step.out);
        }
        break;
      }
      case 'pad':
        // MobileNetV2's paddings all become its convolutions' own "same" when folded; one left
        // would be a model this writer was not checked against.
        throw new Error(`onnx model: a padding of its own (${step.out}) is not written`);
      case 'add':
        node(step.inputs.length === 2 ? 'Add' : 'Sum', step.inputs, step.out);
        break;
      case 'avgPool':
        node('AveragePool', [step.input], step.out, {
          kernel_shape: step.pool,
          strides: step.strides,
        });
        break;
      case 'flatten': {
        // Keras flattens NHWC: back to that order first (free when the map is 1×1, as here).
        const nhwc = node('Transpose', [step.input], `${step.out}/nhwc`, { perm: [0, 2, 3, 1] });
        node('Flatten', [nhwc], step.out, { axis: 1 });
        break;
      }
      case 'dense': {
        const [inputs, units] = step.kernel.shape;
        const product = node(
          'Gemm',
          [
            step.input,
            constant(`${step.out}/W`, [inputs, units], step.kernel.dataSync() as Float32Array),
            constant(`${step.out}/B`, [units], step.bias.dataSync() as Float32Array),
          ],
          step.activation === 'linear' ? step.out : `${step.out}/gemm`,
        );
        if (step.activation === 'relu') node('Relu', [product], step.out);
        if (step.activation === 'softmax') node('Softmax', [product], step.out, { axis: 1 });
        break;
      }
    }
  }
  node('Identity', [graph.output], 'probabilities');

  const tensor = (elemType: number, dims: (number | string)[]) => ({
    tensor_type: {
      elem_type: elemType,
      shape: {
        dim: dims.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d })),
      },
    },
  });
  const root = protobuf.parse(ONNX_SUBSET, { keepCase: true }).root;
  const Model = root.lookupType('onnx.ModelProto');
  const model = Model.fromObject({
    // IR 8 with opset 13: Clip's bounds as inputs, Softmax over one axis.
    ir_version: 8,
    opset_import: [{ domain: '', version: 13 }],
    producer_name: 'chat adult classifier (nsfwjs MobileNetV2, folded)',
    graph: {
      name: 'mobilenet_v2_folded',
      node: nodes,
      initializer,
      input: [{ name: 'pixels', type: tensor(UINT8, ['n', 224, 224, 3]) }],
      output: [{ name: 'probabilities', type: tensor(FLOAT, ['n', 5]) }],
    },
  });
  return Model.encode(model).finish();
}

/** What the worker runs: uint8 frames in, probabilities [n × 5] out. */
export interface OnnxClassifier {
  predict(pixels: Uint8Array, count: number): Promise<Float32Array>;
  dispose(): Promise<void>;
}

export async function onnxClassifier(
  ort: typeof Ort,
  bytes: Uint8Array,
  size: number,
): Promise<OnnxClassifier> {
  const session = await ort.InferenceSession.create(bytes, {
    // One thread: the server judges pictures beside sharp's libvips threads and the event loop
    // on a few cores, and the classifier already has a thread of its own; a pool would take
    // cores from them and its spinning threads burn CPU a frame does not need. With one,
    // ORT computes on the worker's own thread, whose CPU the bench reads from /proc.
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  return {
    predict: async (pixels, count) => {
      const input = new ort.Tensor('uint8', pixels, [count, size, size, 3]);
      const output = await session.run({ pixels: input });
      return output.probabilities!.data as Float32Array;
    },
    dispose: () => session.release(),
  };
}
