#!/usr/bin/env python3
"""Small ONNX models and ONNX Runtime's outputs on them, for InferenceONNX's tests (run by hand, not in CI).

Each model is built here with `onnx.helper` (single input, single output, batch 2 or a symbolic
batch run at 2), checked by `onnx.checker`, run in ONNX Runtime (CPU) on a seeded random input,
and ONNX Runtime's answer is checked against a plain numpy computation of the same graph
before anything is written. What it writes, in
Packages/Inference/Tests/InferenceTests/Fixtures/onnx/:

  <name>.onnx          the model (opset 21 where ONNX Runtime runs it, else 13: see "opset")
  <name>_input.f32     the input, float32 LE, batch 2, in OUR layout
  <name>_output.f32    ONNX Runtime's output on it, float32 LE, batch 2, in OUR layout
  onnx_models.json     a list of {"name", "batch", "opset", "input_shape", "output_shape",
                       "operators"}: the shapes are one item's, in our layout, without the batch
  truncated.onnx       a valid model (conv_pads_stride2.onnx) cut in half
  unsupported.onnx     a valid model with an Erf node named "erf_node" (after a Relu "relu_node")
  not_onnx.onnx        a line of text
  external_data.onnx   a Conv whose weight initializer is stored outside the file
                       (data_location EXTERNAL, location "external_data.bin", not written)

Our layout: the runtime is NHWC, so a rank-4 NCHW tensor is stored transposed to NHWC
(axes 0, 2, 3, 1) and its shape written [H, W, C]; a rank-2 tensor [N, F] is stored as it is
and its shape written [F].

Models whose initializers are also listed as graph inputs (as SFace's are), or that list graph
inputs no node reads (as SFace lists its float weights), are written as they are; ONNX Runtime
is given a copy without those inputs.

Environment (once):
  python3 -m venv /tmp/onnxvenv
  /tmp/onnxvenv/bin/pip install "numpy<2" onnx==1.23.2 onnxruntime==1.32.0
Run:
  /tmp/onnxvenv/bin/python Tools/reference/onnx_reference.py
"""
import copy
import json
import os

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUTPUT = os.path.join(ROOT, "Packages", "Inference", "Tests", "InferenceTests", "Fixtures", "onnx")
BATCH = 2
IR_VERSIONS = {13: 7, 21: 10}
FLOAT = TensorProto.FLOAT


# ---------------------------------------------------------------------------------------------
# Building


class Spec:
    """One graph: its nodes, initializers, input (NCHW or [N, F]) and output shapes, and its numpy twin."""

    def __init__(self, name, nodes, initializers, input_shape, output_shape, numpy_function,
                 low=-1.0, high=1.0, symbolic_batch=True, listed_inputs=(), opsets=(21, 13)):
        self.name = name
        self.nodes = nodes
        self.initializers = initializers
        self.input_shape = list(input_shape)      # without the batch
        self.output_shape = list(output_shape)    # without the batch
        self.numpy_function = numpy_function
        self.low, self.high = low, high
        self.symbolic_batch = symbolic_batch
        self.listed_inputs = list(listed_inputs)  # extra graph inputs, as SFace lists them
        self.opsets = opsets


def value_info(name, shape, symbolic_batch):
    batch = "N" if symbolic_batch else BATCH
    return helper.make_tensor_value_info(name, FLOAT, [batch] + list(shape))


def build(spec: Spec, opset: int) -> onnx.ModelProto:
    inputs = [value_info("x", spec.input_shape, spec.symbolic_batch)] + spec.listed_inputs
    outputs = [value_info("y", spec.output_shape, spec.symbolic_batch)]
    graph = helper.make_graph(spec.nodes, spec.name, inputs, outputs, spec.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              producer_name="Emotions Tools/reference/onnx_reference.py",
                              ir_version=IR_VERSIONS[opset])
    onnx.checker.check_model(model, full_check=True)
    return model


def runnable(model: onnx.ModelProto) -> onnx.ModelProto:
    """A copy ONNX Runtime accepts: no graph input that is an initializer or that no node reads."""
    model = copy.deepcopy(model)
    graph = model.graph
    initializers = {tensor.name for tensor in graph.initializer}
    read = {name for node in graph.node for name in node.input}
    kept = [v for v in graph.input if v.name not in initializers and v.name in read]
    del graph.input[:]
    graph.input.extend(kept)
    return model


def session(model: onnx.ModelProto) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 3
    options.intra_op_num_threads = 1
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def ours(array: np.ndarray) -> np.ndarray:
    """Our layout: NCHW to NHWC; rank 2 as it is."""
    if array.ndim == 4:
        return np.ascontiguousarray(array.transpose(0, 2, 3, 1))
    if array.ndim == 2:
        return array
    raise ValueError(f"no layout rule for rank {array.ndim}")


def our_shape(shape):
    return [shape[1], shape[2], shape[0]] if len(shape) == 3 else list(shape)


# ---------------------------------------------------------------------------------------------
# numpy twins of the operators (float64)


def conv(x, w, b=None, strides=(1, 1), pads=(0, 0, 0, 0), group=1):
    """ONNX Conv, pads = (top, left, bottom, right) as ONNX orders them (begins, then ends)."""
    top, left, bottom, right = pads
    x = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    mg = m // group
    ho, wo = (h - kh) // strides[0] + 1, (wd - kw) // strides[1] + 1
    out = np.zeros((n, m, ho, wo))
    for g in range(group):
        weights = w[g * mg:(g + 1) * mg]
        for i in range(ho):
            for j in range(wo):
                patch = x[:, g * cg:(g + 1) * cg, i * strides[0]:i * strides[0] + kh, j * strides[1]:j * strides[1] + kw]
                out[:, g * mg:(g + 1) * mg, i, j] = np.einsum("nckl,mckl->nm", patch, weights)
    if b is not None:
        out += b.reshape(1, -1, 1, 1)
    return out


def batch_norm(x, scale, bias, mean, var, epsilon):
    shape = (1, -1) + (1,) * (x.ndim - 2)
    return (x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + epsilon) * scale.reshape(shape) + bias.reshape(shape)


def prelu(x, slope):
    return np.where(x < 0, x * slope, x)


def pool(x, kernel, stride, pads, kind):
    top, left, bottom, right = pads
    n, c, h, w = x.shape
    padded = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)), constant_values=np.nan)
    ho, wo = (h + top + bottom - kernel) // stride + 1, (w + left + right - kernel) // stride + 1
    out = np.zeros((n, c, ho, wo))
    for i in range(ho):
        for j in range(wo):
            window = padded[:, :, i * stride:i * stride + kernel, j * stride:j * stride + kernel]
            out[:, :, i, j] = np.nanmax(window, axis=(2, 3)) if kind == "max" else np.nanmean(window, axis=(2, 3))
    return out


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def dequantize_blocked(q, scale, zero, axis, block):
    """DequantizeLinear with block_size: the scale of item i along `axis` is scale[i // block]."""
    size = q.shape[axis]
    scale = np.repeat(scale.astype(np.float64), block, axis=axis).take(range(size), axis=axis)
    zero = np.repeat(zero.astype(np.float64), block, axis=axis).take(range(size), axis=axis)
    return (q.astype(np.float64) - zero) * scale


# ---------------------------------------------------------------------------------------------
# The graphs

rng = np.random.default_rng(47)


def normal(*shape, scale=0.5):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def tensor(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def f64(array):
    return np.asarray(array, dtype=np.float64)


def specs():
    result = []

    # Conv, group 1, with a bias, stride 2, explicit asymmetric pads (top 0, left 1, bottom 1, right 2).
    w, b = normal(4, 3, 3, 3), normal(4)
    result.append(Spec(
        "conv_pads_stride2",
        [helper.make_node("Conv", ["x", "w", "b"], ["y"], name="conv", kernel_shape=[3, 3],
                          strides=[2, 2], pads=[0, 1, 1, 2])],
        [tensor("w", w), tensor("b", b)], [3, 9, 11], [4, 4, 6],
        lambda x, w=w, b=b: conv(x, f64(w), f64(b), (2, 2), (0, 1, 1, 2))))

    # Conv 3x3, stride 2, auto_pad SAME_UPPER on an even size: the odd padding goes at the end.
    w = normal(6, 4, 3, 3)
    result.append(Spec(
        "conv_same_upper",
        [helper.make_node("Conv", ["x", "w"], ["y"], name="conv", kernel_shape=[3, 3],
                          strides=[2, 2], auto_pad="SAME_UPPER")],
        [tensor("w", w)], [4, 8, 10], [6, 4, 5],
        lambda x, w=w: conv(x, f64(w), None, (2, 2), (0, 0, 1, 1))))

    # Depthwise: group = C, weight [C, 1, 3, 3], with a bias.
    w, b = normal(8, 1, 3, 3), normal(8)
    result.append(Spec(
        "depthwise",
        [helper.make_node("Conv", ["x", "w", "b"], ["y"], name="depthwise", kernel_shape=[3, 3],
                          pads=[1, 1, 1, 1], group=8)],
        [tensor("w", w), tensor("b", b)], [8, 8, 8], [8, 8, 8],
        lambda x, w=w, b=b: conv(x, f64(w), f64(b), (1, 1), (1, 1, 1, 1), group=8)))

    # Depthwise with multiplier 2: group = C = 4, M = 8 (output channel o reads input channel o / 2).
    w, b = normal(8, 1, 3, 3), normal(8)
    result.append(Spec(
        "depthwise_multiplier2",
        [helper.make_node("Conv", ["x", "w", "b"], ["y"], name="depthwise", kernel_shape=[3, 3],
                          strides=[2, 2], pads=[1, 1, 1, 1], group=4)],
        [tensor("w", w), tensor("b", b)], [4, 10, 10], [8, 5, 5],
        lambda x, w=w, b=b: conv(x, f64(w), f64(b), (2, 2), (1, 1, 1, 1), group=4)))

    # Conv -> BatchNormalization -> PRelu with a slope [C, 1, 1], as SFace's blocks are.
    w = normal(8, 3, 3, 3)
    gamma, beta, mean = normal(8) + 1, normal(8), normal(8)
    var = rng.uniform(0.5, 2.0, 8).astype(np.float32)
    slope = rng.uniform(0.05, 0.5, (8, 1, 1)).astype(np.float32)
    result.append(Spec(
        "conv_bn_prelu",
        [helper.make_node("Conv", ["x", "w"], ["c"], name="conv", kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
         helper.make_node("BatchNormalization", ["c", "gamma", "beta", "mean", "var"], ["bn"], name="bn",
                          epsilon=1e-3),
         helper.make_node("PRelu", ["bn", "slope"], ["y"], name="prelu")],
        [tensor("w", w), tensor("gamma", gamma), tensor("beta", beta), tensor("mean", mean),
         tensor("var", var), tensor("slope", slope)], [3, 8, 8], [8, 8, 8],
        lambda x, w=w, g=gamma, be=beta, m=mean, v=var, s=slope: prelu(
            batch_norm(conv(x, f64(w), None, (1, 1), (1, 1, 1, 1)), f64(g), f64(be), f64(m), f64(v), 1e-3),
            f64(s).reshape(1, 8, 1, 1))))

    # PRelu with a scalar slope: rank 0, then shape [1].
    result.append(Spec(
        "prelu_scalar",
        [helper.make_node("PRelu", ["x", "s0"], ["p"], name="prelu_rank0"),
         helper.make_node("PRelu", ["p", "s1"], ["y"], name="prelu_rank1")],
        [tensor("s0", np.float32(0.25)), tensor("s1", np.array([0.5], np.float32))], [3, 8, 8], [3, 8, 8],
        lambda x: prelu(prelu(x, 0.25), 0.5)))

    result.append(Spec(
        "relu",
        [helper.make_node("Relu", ["x"], ["y"], name="relu")], [], [3, 8, 8], [3, 8, 8],
        lambda x: np.maximum(x, 0)))

    # Clip with min and max as inputs (opset 11 and later), as ReLU6.
    result.append(Spec(
        "clip_relu6",
        [helper.make_node("Clip", ["x", "low", "high"], ["y"], name="clip")],
        [tensor("low", np.float32(0)), tensor("high", np.float32(6))], [3, 8, 8], [3, 8, 8],
        lambda x: np.clip(x, 0, 6), low=-3.0, high=9.0))

    result.append(Spec(
        "sigmoid",
        [helper.make_node("Sigmoid", ["x"], ["y"], name="sigmoid")], [], [3, 8, 8], [3, 8, 8],
        lambda x: 1 / (1 + np.exp(-x)), low=-6.0, high=6.0))

    # A residual: Add of two activations (a convolution and its own input).
    w, b = normal(4, 4, 3, 3, scale=0.3), normal(4)
    result.append(Spec(
        "residual_add",
        [helper.make_node("Conv", ["x", "w", "b"], ["c"], name="conv", kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
         helper.make_node("Add", ["c", "x"], ["y"], name="add")],
        [tensor("w", w), tensor("b", b)], [4, 8, 8], [4, 8, 8],
        lambda x, w=w, b=b: conv(x, f64(w), f64(b), (1, 1), (1, 1, 1, 1)) + x))

    # Sub, Mul, Add, Div with constants of shape [1] (as SFace's scalar_op1 and scalar_op2), then [1, C, 1, 1].
    for name, shape in (("arithmetic_scalar", [1]), ("arithmetic_channel", [1, 3, 1, 1])):
        sub, mul = rng.uniform(-1, 1, shape).astype(np.float32), rng.uniform(0.5, 2, shape).astype(np.float32)
        add, div = rng.uniform(-1, 1, shape).astype(np.float32), rng.uniform(0.5, 2, shape).astype(np.float32)
        result.append(Spec(
            name,
            [helper.make_node("Sub", ["x", "sub"], ["a"], name="sub"),
             helper.make_node("Mul", ["a", "mul"], ["b"], name="mul"),
             helper.make_node("Add", ["b", "add"], ["c"], name="add"),
             helper.make_node("Div", ["c", "div"], ["y"], name="div")],
            [tensor("sub", sub), tensor("mul", mul), tensor("add", add), tensor("div", div)],
            [3, 8, 8], [3, 8, 8],
            lambda x, s=sub, m=mul, a=add, d=div: ((x - f64(s)) * f64(m) + f64(a)) / f64(d),
            low=0.0, high=255.0))

    result.append(Spec(
        "maxpool",
        [helper.make_node("MaxPool", ["x"], ["y"], name="maxpool", kernel_shape=[3, 3], strides=[2, 2],
                          pads=[1, 1, 1, 1])], [], [4, 8, 11], [4, 4, 6],
        lambda x: pool(x, 3, 2, (1, 1, 1, 1), "max")))

    result.append(Spec(
        "averagepool",
        [helper.make_node("AveragePool", ["x"], ["y"], name="averagepool", kernel_shape=[3, 3], strides=[2, 2],
                          pads=[1, 1, 1, 1], count_include_pad=0)], [], [4, 8, 11], [4, 4, 6],
        lambda x: pool(x, 3, 2, (1, 1, 1, 1), "mean")))

    # GlobalAveragePool -> Flatten -> Gemm(transB=1) -> Softmax(axis -1): a classifier head.
    w, b = normal(5, 8), normal(5)
    result.append(Spec(
        "gap_gemm_softmax",
        [helper.make_node("GlobalAveragePool", ["x"], ["g"], name="gap"),
         helper.make_node("Flatten", ["g"], ["f"], name="flatten"),
         helper.make_node("Gemm", ["f", "w", "b"], ["z"], name="gemm", transB=1),
         helper.make_node("Softmax", ["z"], ["y"], name="softmax", axis=-1)],
        [tensor("w", w), tensor("b", b)], [8, 8, 8], [5],
        lambda x, w=w, b=b: softmax(x.mean(axis=(2, 3)) @ f64(w).T + f64(b)), low=-3.0, high=3.0))

    # Concat on the channel axis of two convolutions of the input.
    wa, ba, wb = normal(3, 4, 1, 1), normal(3), normal(5, 4, 3, 3)
    result.append(Spec(
        "concat_convs",
        [helper.make_node("Conv", ["x", "wa", "ba"], ["a"], name="conv_a", kernel_shape=[1, 1]),
         helper.make_node("Conv", ["x", "wb"], ["b"], name="conv_b", kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
         helper.make_node("Concat", ["a", "b"], ["y"], name="concat", axis=1)],
        [tensor("wa", wa), tensor("ba", ba), tensor("wb", wb)], [4, 8, 8], [8, 8, 8],
        lambda x, wa=wa, ba=ba, wb=wb: np.concatenate(
            [conv(x, f64(wa), f64(ba)), conv(x, f64(wb), None, (1, 1), (1, 1, 1, 1))], axis=1)))

    # Pad, constant 0, pads as an input: [N, C, H, W] begins then ends = C 1+2, H 1+0, W 2+1.
    pads = np.array([0, 1, 1, 2, 0, 2, 0, 1], np.int64)
    result.append(Spec(
        "pad",
        [helper.make_node("Pad", ["x", "pads"], ["y"], name="pad", mode="constant")],
        [tensor("pads", pads)], [3, 8, 8], [6, 9, 11],
        lambda x: np.pad(x, ((0, 0), (1, 2), (1, 0), (2, 1)))))

    # Flatten of [N, C, H, W] with H, W > 1, then MatMul: the features are in NCHW order.
    w = normal(3 * 8 * 6, 5, scale=0.2)
    result.append(Spec(
        "flatten_matmul",
        [helper.make_node("Flatten", ["x"], ["f"], name="flatten", axis=1),
         helper.make_node("MatMul", ["f", "w"], ["y"], name="matmul")],
        [tensor("w", w)], [3, 8, 6], [5],
        lambda x, w=w: x.reshape(x.shape[0], -1) @ f64(w)))

    # Dropout (its ratio from a Constant node, as SFace's is): the identity at inference.
    result.append(Spec(
        "dropout",
        [helper.make_node("Constant", [], ["ratio"], name="ratio",
                          value=tensor("ratio_value", np.float32(0.4))),
         helper.make_node("Dropout", ["x", "ratio"], ["y"], name="dropout")],
        [], [3, 8, 8], [3, 8, 8], lambda x: x))

    # Reshape [N, C, 1, 1] -> [N, C] (after a GlobalAveragePool), shape [-1, C].
    result.append(Spec(
        "gap_reshape",
        [helper.make_node("GlobalAveragePool", ["x"], ["g"], name="gap"),
         helper.make_node("Reshape", ["g", "shape"], ["y"], name="reshape")],
        [tensor("shape", np.array([-1, 8], np.int64))], [8, 4, 4], [8],
        lambda x: x.mean(axis=(2, 3)), symbolic_batch=False))

    # Constant nodes: a [1, C, 1, 1] tensor and a rank-0 tensor.
    c1, c2 = rng.uniform(-1, 1, (1, 3, 1, 1)).astype(np.float32), np.float32(1.5)
    result.append(Spec(
        "constant_nodes",
        [helper.make_node("Constant", [], ["c1"], name="constant_channel", value=tensor("c1_value", c1)),
         helper.make_node("Constant", [], ["c2"], name="constant_scalar", value=tensor("c2_value", c2)),
         helper.make_node("Add", ["x", "c1"], ["a"], name="add"),
         helper.make_node("Mul", ["a", "c2"], ["y"], name="mul")],
        [], [3, 8, 8], [3, 8, 8], lambda x, c1=c1: (x + f64(c1)) * 1.5))

    # DequantizeLinear, per tensor: uint8 with a zero point, feeding a Conv's weight.
    q = rng.integers(0, 256, (4, 3, 3, 3), dtype=np.uint8)
    scale, zero = np.float32(0.02), np.uint8(131)
    result.append(Spec(
        "dequantize_per_tensor_uint8",
        [helper.make_node("DequantizeLinear", ["wq", "ws", "wz"], ["w"], name="dequantize"),
         helper.make_node("Conv", ["x", "w"], ["y"], name="conv", kernel_shape=[3, 3], pads=[1, 1, 1, 1])],
        [tensor("wq", q), tensor("ws", scale), tensor("wz", zero)], [3, 8, 8], [4, 8, 8],
        lambda x, q=q: conv(x, (q.astype(np.float64) - 131) * np.float64(np.float32(0.02)), None, (1, 1), (1, 1, 1, 1))))

    # DequantizeLinear, per axis (axis 0, the output channels): int8 with zero points.
    q = rng.integers(-128, 128, (6, 4, 3, 3), dtype=np.int8)
    scale = rng.uniform(0.005, 0.02, 6).astype(np.float32)
    zero = rng.integers(-10, 10, 6, dtype=np.int8)
    result.append(Spec(
        "dequantize_per_axis_int8",
        [helper.make_node("DequantizeLinear", ["wq", "ws", "wz"], ["w"], name="dequantize", axis=0),
         helper.make_node("Conv", ["x", "w"], ["y"], name="conv", kernel_shape=[3, 3], strides=[2, 2],
                          pads=[1, 1, 1, 1])],
        [tensor("wq", q), tensor("ws", scale), tensor("wz", zero)], [4, 8, 8], [6, 4, 4],
        lambda x, q=q, s=scale, z=zero: conv(
            x, (q.astype(np.float64) - z.reshape(6, 1, 1, 1)) * f64(s).reshape(6, 1, 1, 1), None, (2, 2), (1, 1, 1, 1))))

    # DequantizeLinear in blocks (opset 21), exactly as SFace: weights [M, C*kh*kw] int8, blocks
    # along axis 1, then Reshape to [M, C, kh, kw] for a Conv; a depthwise weight [C, 9] in blocks
    # of 9 likewise. The first weight's 36 columns in blocks of 16 end with a short block of 4.
    q1 = rng.integers(-128, 128, (8, 36), dtype=np.int8)
    s1 = rng.uniform(0.005, 0.02, (8, 3)).astype(np.float32)
    z1 = rng.integers(-20, 20, (8, 3), dtype=np.int8)
    q2 = rng.integers(-128, 128, (8, 9), dtype=np.int8)
    s2 = rng.uniform(0.01, 0.05, (8, 1)).astype(np.float32)
    z2 = rng.integers(-20, 20, (8, 1), dtype=np.int8)
    result.append(Spec(
        "dequantize_blocked_conv",
        [helper.make_node("DequantizeLinear", ["w1q", "w1s", "w1z"], ["w1d"], name="dequantize_1", axis=1, block_size=16),
         helper.make_node("Reshape", ["w1d", "w1shape"], ["w1"], name="reshape_1"),
         helper.make_node("Conv", ["x", "w1"], ["c"], name="conv", kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
         helper.make_node("DequantizeLinear", ["w2q", "w2s", "w2z"], ["w2d"], name="dequantize_2", axis=1, block_size=9),
         helper.make_node("Reshape", ["w2d", "w2shape"], ["w2"], name="reshape_2"),
         helper.make_node("Conv", ["c", "w2"], ["y"], name="depthwise", kernel_shape=[3, 3], strides=[2, 2],
                          pads=[1, 1, 1, 1], group=8)],
        [tensor("w1q", q1), tensor("w1s", s1), tensor("w1z", z1), tensor("w1shape", np.array([8, 4, 3, 3], np.int64)),
         tensor("w2q", q2), tensor("w2s", s2), tensor("w2z", z2), tensor("w2shape", np.array([8, 1, 3, 3], np.int64))],
        [4, 8, 8], [8, 4, 4],
        lambda x, q1=q1, s1=s1, z1=z1, q2=q2, s2=s2, z2=z2: conv(
            conv(x, dequantize_blocked(q1, s1, z1, 1, 16).reshape(8, 4, 3, 3), None, (1, 1), (1, 1, 1, 1)),
            dequantize_blocked(q2, s2, z2, 1, 9).reshape(8, 1, 3, 3), None, (2, 2), (1, 1, 1, 1), group=8),
        opsets=(21,)))

    # SFace's tail: BatchNormalization -> Dropout -> Flatten -> Gemm(transB=1) with a weight in
    # blocks along axis 1 (72 = 4 blocks of 16 and one of 8) and a bias in blocks along axis 0
    # (6 = a block of 4 and one of 2) -> BatchNormalization on [N, F].
    gamma, beta, mean = normal(8) + 1, normal(8), normal(8)
    var = rng.uniform(0.5, 2.0, 8).astype(np.float32)
    wq = rng.integers(-128, 128, (6, 72), dtype=np.int8)
    ws = rng.uniform(0.005, 0.02, (6, 5)).astype(np.float32)
    wz = rng.integers(-20, 20, (6, 5), dtype=np.int8)
    bq = rng.integers(-128, 128, 6, dtype=np.int8)
    bs = rng.uniform(0.005, 0.02, 2).astype(np.float32)
    bz = rng.integers(-20, 20, 2, dtype=np.int8)
    g2, b2, m2 = normal(6) + 1, normal(6), normal(6)
    v2 = rng.uniform(0.5, 2.0, 6).astype(np.float32)
    result.append(Spec(
        "dequantize_blocked_gemm",
        [helper.make_node("BatchNormalization", ["x", "gamma", "beta", "mean", "var"], ["bn"], name="bn", epsilon=2e-5),
         helper.make_node("Constant", [], ["ratio"], name="ratio", value=tensor("ratio_value", np.float32(0.4))),
         helper.make_node("Dropout", ["bn", "ratio"], ["drop"], name="dropout"),
         helper.make_node("Flatten", ["drop"], ["flat"], name="flatten"),
         helper.make_node("DequantizeLinear", ["wq", "ws", "wz"], ["w"], name="dequantize_weight", axis=1, block_size=16),
         helper.make_node("DequantizeLinear", ["bq", "bs", "bz"], ["b"], name="dequantize_bias", axis=0, block_size=4),
         helper.make_node("Gemm", ["flat", "w", "b"], ["z"], name="gemm", transB=1),
         helper.make_node("BatchNormalization", ["z", "g2", "b2", "m2", "v2"], ["y"], name="bn_features", epsilon=2e-5)],
        [tensor("gamma", gamma), tensor("beta", beta), tensor("mean", mean), tensor("var", var),
         tensor("wq", wq), tensor("ws", ws), tensor("wz", wz), tensor("bq", bq), tensor("bs", bs), tensor("bz", bz),
         tensor("g2", g2), tensor("b2", b2), tensor("m2", m2), tensor("v2", v2)],
        [8, 3, 3], [6],
        lambda x, a=(gamma, beta, mean, var), wq=wq, ws=ws, wz=wz, bq=bq, bs=bs, bz=bz, c=(g2, b2, m2, v2): batch_norm(
            batch_norm(x, *map(f64, a), 2e-5).reshape(x.shape[0], -1) @ dequantize_blocked(wq, ws, wz, 1, 16).T
            + dequantize_blocked(bq, bs, bz, 0, 4), *map(f64, c), 2e-5),
        opsets=(21,)))

    # SFace's head, with every initializer also listed as a graph input and the float weights
    # listed as inputs that no node reads, as SFace's file does: Sub and Mul by [1] constants,
    # a Conv with blocked int8 weights, BatchNormalization, PRelu [C, 1, 1], then the same as
    # a depthwise block.
    q1 = rng.integers(-128, 128, (8, 27), dtype=np.int8)
    s1 = rng.uniform(0.005, 0.02, (8, 1)).astype(np.float32)
    z1 = rng.integers(-20, 20, (8, 1), dtype=np.int8)
    q2 = rng.integers(-128, 128, (8, 9), dtype=np.int8)
    s2 = rng.uniform(0.01, 0.05, (8, 1)).astype(np.float32)
    z2 = rng.integers(-20, 20, (8, 1), dtype=np.int8)
    bn1 = [normal(8) + 1, normal(8), normal(8), rng.uniform(0.5, 2.0, 8).astype(np.float32)]
    bn2 = [normal(8) + 1, normal(8), normal(8), rng.uniform(0.5, 2.0, 8).astype(np.float32)]
    p1 = rng.uniform(0.05, 0.5, (8, 1, 1)).astype(np.float32)
    p2 = rng.uniform(0.05, 0.5, (8, 1, 1)).astype(np.float32)
    initializers = [
        tensor("scalar_op1", np.array([127.5], np.float32)), tensor("scalar_op2", np.array([0.0078125], np.float32)),
        tensor("conv_1_weight_quantized", q1), tensor("conv_1_weight_scales", s1),
        tensor("conv_1_weight_zero_point", z1), tensor("conv_1_weight_shape", np.array([8, 3, 3, 3], np.int64)),
        tensor("bn_1_gamma", bn1[0]), tensor("bn_1_beta", bn1[1]), tensor("bn_1_mean", bn1[2]), tensor("bn_1_var", bn1[3]),
        tensor("relu_1_gamma", p1),
        tensor("conv_2_dw_weight_quantized", q2), tensor("conv_2_dw_weight_scales", s2),
        tensor("conv_2_dw_weight_zero_point", z2), tensor("conv_2_dw_weight_shape", np.array([8, 1, 3, 3], np.int64)),
        tensor("bn_2_gamma", bn2[0]), tensor("bn_2_beta", bn2[1]), tensor("bn_2_mean", bn2[2]), tensor("bn_2_var", bn2[3]),
        tensor("relu_2_gamma", p2)]
    listed = [helper.make_tensor_value_info(t.name, t.data_type, list(t.dims)) for t in initializers]
    listed += [helper.make_tensor_value_info("conv_1_weight", FLOAT, [8, 3, 3, 3]),
               helper.make_tensor_value_info("conv_2_dw_weight", FLOAT, [8, 1, 3, 3])]

    def head(x, q1=q1, s1=s1, z1=z1, q2=q2, s2=s2, z2=z2, bn1=bn1, bn2=bn2, p1=p1, p2=p2):
        x = (x - f64(np.float32(127.5))) * 0.0078125
        x = conv(x, dequantize_blocked(q1, s1, z1, 1, 27).reshape(8, 3, 3, 3), None, (1, 1), (1, 1, 1, 1))
        x = prelu(batch_norm(x, *map(f64, bn1), 1e-3), f64(p1).reshape(1, 8, 1, 1))
        x = conv(x, dequantize_blocked(q2, s2, z2, 1, 9).reshape(8, 1, 3, 3), None, (2, 2), (1, 1, 1, 1), group=8)
        return prelu(batch_norm(x, *map(f64, bn2), 1e-3), f64(p2).reshape(1, 8, 1, 1))

    result.append(Spec(
        "sface_head_listed_initializers",
        [helper.make_node("Sub", ["x", "scalar_op1"], ["sub"], name="_minusscalar0"),
         helper.make_node("Mul", ["sub", "scalar_op2"], ["mul"], name="_mulscalar0"),
         helper.make_node("DequantizeLinear", ["conv_1_weight_quantized", "conv_1_weight_scales",
                                               "conv_1_weight_zero_point"], ["conv_1_weight_dequantized"],
                          name="conv_1_weight_dequantize", axis=1, block_size=27),
         helper.make_node("Reshape", ["conv_1_weight_dequantized", "conv_1_weight_shape"], ["conv_1_weight_reshaped"],
                          name="conv_1_weight_reshape"),
         helper.make_node("Conv", ["mul", "conv_1_weight_reshaped"], ["conv_1"], name="conv_1", kernel_shape=[3, 3],
                          pads=[1, 1, 1, 1], group=1),
         helper.make_node("BatchNormalization", ["conv_1", "bn_1_gamma", "bn_1_beta", "bn_1_mean", "bn_1_var"],
                          ["bn_1"], name="bn_1", epsilon=1e-3),
         helper.make_node("PRelu", ["bn_1", "relu_1_gamma"], ["relu_1"], name="relu_1"),
         helper.make_node("DequantizeLinear", ["conv_2_dw_weight_quantized", "conv_2_dw_weight_scales",
                                               "conv_2_dw_weight_zero_point"], ["conv_2_dw_weight_dequantized"],
                          name="conv_2_dw_weight_dequantize", axis=1, block_size=9),
         helper.make_node("Reshape", ["conv_2_dw_weight_dequantized", "conv_2_dw_weight_shape"],
                          ["conv_2_dw_weight_reshaped"], name="conv_2_dw_weight_reshape"),
         helper.make_node("Conv", ["relu_1", "conv_2_dw_weight_reshaped"], ["conv_2"], name="conv_2_dw",
                          kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1], group=8),
         helper.make_node("BatchNormalization", ["conv_2", "bn_2_gamma", "bn_2_beta", "bn_2_mean", "bn_2_var"],
                          ["bn_2"], name="bn_2", epsilon=1e-3),
         helper.make_node("PRelu", ["bn_2", "relu_2_gamma"], ["y"], name="relu_2")],
        initializers, [3, 12, 12], [8, 6, 6], head, low=0.0, high=255.0, symbolic_batch=False,
        listed_inputs=listed, opsets=(21,)))
    return result


# ---------------------------------------------------------------------------------------------
# Writing


def write(name: str, data: bytes) -> None:
    with open(os.path.join(OUTPUT, name), "wb") as handle:
        handle.write(data)


def run_spec(spec: Spec) -> dict:
    failures = []
    for opset in spec.opsets:
        model = build(spec, opset)
        try:
            runner = session(runnable(model))
            break
        except Exception as error:  # ONNX Runtime lacks the operator at this opset
            failures.append(f"opset {opset}: {error}")
    else:
        raise RuntimeError(f"{spec.name}: ONNX Runtime ran no opset: {failures}")
    for failure in failures:
        print(f"  {spec.name}: ONNX Runtime refused {failure.splitlines()[0][:200]}")
    shape = [BATCH] + spec.input_shape
    x = rng.uniform(spec.low, spec.high, shape).astype(np.float32)
    (y,) = runner.run(None, {"x": x})
    assert list(y.shape) == [BATCH] + spec.output_shape, (spec.name, y.shape)
    expected = spec.numpy_function(x.astype(np.float64))
    scale = max(1.0, float(np.abs(expected).max()))
    error = float(np.abs(y - expected).max())
    assert error <= 1e-5 * scale, f"{spec.name}: ONNX Runtime and numpy differ by {error} (scale {scale})"
    write(f"{spec.name}.onnx", model.SerializeToString())
    write(f"{spec.name}_input.f32", ours(x).astype("<f4").tobytes())
    write(f"{spec.name}_output.f32", ours(y).astype("<f4").tobytes())
    operators = sorted({node.op_type for node in model.graph.node})
    print(f"{spec.name}: opset {opset}, {operators}, input {x.shape} output {y.shape}, |ORT - numpy| {error:.2e}")
    return {"name": spec.name, "batch": BATCH, "opset": opset, "input_shape": our_shape(spec.input_shape),
            "output_shape": our_shape(spec.output_shape), "operators": operators}


def bad_files() -> None:
    with open(os.path.join(OUTPUT, "conv_pads_stride2.onnx"), "rb") as handle:
        valid = handle.read()
    write("truncated.onnx", valid[: len(valid) // 2])
    try:
        onnx.load_from_string(valid[: len(valid) // 2])
        print("  note: onnx's own parser accepts truncated.onnx")
    except Exception as error:
        print(f"truncated.onnx: {len(valid) // 2} of {len(valid)} bytes; onnx says: {str(error)[:80]}")

    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["r"], name="relu_node"),
         helper.make_node("Erf", ["r"], ["y"], name="erf_node")],
        "unsupported", [value_info("x", [3, 8, 8], True)], [value_info("y", [3, 8, 8], True)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)], ir_version=IR_VERSIONS[21],
                              producer_name="Emotions Tools/reference/onnx_reference.py")
    onnx.checker.check_model(model, full_check=True)
    session(model)  # ONNX Runtime runs it: only our importer lacks Erf
    write("unsupported.onnx", model.SerializeToString())
    print("unsupported.onnx: Relu relu_node -> Erf erf_node")

    write("not_onnx.onnx", b"This is a text file, not an ONNX model.\n")
    print("not_onnx.onnx: text")

    w = normal(4, 3, 3, 3)
    external = tensor("w", w)
    external.ClearField("raw_data")
    external.data_location = TensorProto.EXTERNAL
    for key, value in (("location", "external_data.bin"), ("offset", "0"), ("length", str(w.nbytes))):
        entry = external.external_data.add()
        entry.key, entry.value = key, value
    graph = helper.make_graph(
        [helper.make_node("Conv", ["x", "w"], ["y"], name="conv", kernel_shape=[3, 3], pads=[1, 1, 1, 1])],
        "external_data", [value_info("x", [3, 8, 8], True)], [value_info("y", [4, 8, 8], True)], [external])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)], ir_version=IR_VERSIONS[21],
                              producer_name="Emotions Tools/reference/onnx_reference.py")
    write("external_data.onnx", model.SerializeToString())
    print("external_data.onnx: initializer w stored in external_data.bin (not written)")


def main() -> None:
    os.makedirs(OUTPUT, exist_ok=True)
    entries = [run_spec(spec) for spec in specs()]
    with open(os.path.join(OUTPUT, "onnx_models.json"), "w") as handle:
        handle.write("[\n" + ",\n".join(" " + json.dumps(entry) for entry in entries) + "\n]\n")
    print(f"wrote onnx_models.json ({len(entries)} models)")
    bad_files()


if __name__ == "__main__":
    main()
