"""Where each model's time goes, ours beside its peer's own profile (`peers --only layers`).

- The emotion CNN at batch 8 on two threads, layer by layer: our plan's steps (`bench cnn`'s
  `steps`) against ONNX Runtime's per-node profile (`SessionOptions.enable_profiling`), each
  ONNX node given to the Keras layer whose step runs it.
- BlazeFace full range on one thread, by kind of work: `perf record` of `bench blazeface` and of
  TFLite's XNNPACK (its Python API has no per-operator profiler; its micro-kernels' symbols
  name their kind), each side's shares of samples scaled to its own median time.
"""

import json
import os
import shutil
import statistics
import subprocess
import tempfile

# Keras layer classes that have a step of their own in our plan; normalization, activations
# and dropout fold into the step of the layer before them.
STEP_CLASSES = {"InputLayer", "Conv2D", "SeparableConv2D", "DepthwiseConv2D", "Dense", "MaxPooling2D",
                "AveragePooling2D", "GlobalAveragePooling2D"}

# ONNX Runtime operators that only move data between layouts (its NCHWc blocks and back).
LAYOUT_OPERATORS = {"Reshape", "Transpose", "ReorderInput", "ReorderOutput", "Squeeze", "Unsqueeze"}


def keras_steps(h5):
    """Maps every layer of the Keras model in `h5` to the layer whose plan step runs it."""
    import h5py

    with h5py.File(h5, "r") as file:
        config = file.attrs["model_config"]
    return step_owners(json.loads(config.decode() if isinstance(config, bytes) else config)["config"]["layers"])


def step_owners(layers):
    """Maps each of a Keras `model_config`'s layers (Keras 2 form) to the layer whose plan step
    runs it: a layer with a step of its own runs itself, an Add runs in the Conv2D that makes
    one of its terms (our plan adds the other term in that product), any other layer in the
    step of the layer before it."""
    kinds = {layer["name"]: layer["class_name"] for layer in layers}
    sources = {layer["name"]: [node[0] for nodes in layer["inbound_nodes"] for node in nodes] for layer in layers}
    owners = {}

    def owner(name):
        if name not in owners:
            if kinds[name] in STEP_CLASSES or not sources[name]:
                owners[name] = name
            elif kinds[name] == "Add":
                terms = [owner(source) for source in sources[name]]
                convolutions = [term for term in terms if kinds[term] == "Conv2D"]
                owners[name] = convolutions[0] if convolutions else terms[-1]
            else:
                owners[name] = owner(sources[name][0])
        return owners[name]

    return {name: owner(name) for name in kinds}


def ort_profile(onnx, faces, threads, repeats, time_calls):
    """ONNX Runtime's time per node (medians over `repeats` profiled calls) and its unprofiled
    calls' times (`time_calls` from peers), for the worker `ort-layers`."""
    import onnxruntime as ort

    def session(directory=None):
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        if directory:
            options.enable_profiling = True
            options.profile_file_prefix = os.path.join(directory, "ort")
        return ort.InferenceSession(onnx, options, providers=["CPUExecutionProvider"])

    plain = session()
    name = plain.get_inputs()[0].name
    seconds = time_calls(lambda: plain.run(None, {name: faces}), repeats, max(5, repeats // 10))
    directory = tempfile.mkdtemp(prefix="peers-ort-")
    try:
        profiled = session(directory)
        time_calls(lambda: profiled.run(None, {name: faces}), repeats, 5)
        with open(profiled.end_profiling()) as file:
            events = json.load(file)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    durations = {}  # in the order the first call ran them
    for event in events:
        if event.get("cat") == "Node" and event["name"].endswith("_kernel_time"):
            key = (event["name"][: -len("_kernel_time")], event["args"].get("op_name", ""))
            durations.setdefault(key, []).append(event["dur"] * 1e-6)
    nodes = [{"name": node, "op": op, "seconds": statistics.median(times)} for (node, op), times in durations.items()]
    return {"seconds": seconds, "nodes": nodes}


def cnn_rows(steps_runs, ours_seconds, ort_runs, owners):
    """Rows of the CNN's table, (step, ours, theirs) in our plan's order: each side's medians
    scaled to its unprofiled calls (`ours_seconds`, and each ONNX Runtime run's own), since
    profiling slows both (ONNX Runtime records each node, ours reads a clock around each step);
    the last row is ONNX Runtime's layout conversions, which have no step of ours."""
    ours = {}
    for steps in steps_runs:
        for step in steps:
            ours.setdefault(step["name"], []).append(step["seconds"])
    ours = {name: statistics.median(times) for name, times in ours.items()}
    scale = ours_seconds / sum(ours.values())
    theirs = {}
    for run in ort_runs:
        their_scale = statistics.median(run["seconds"]) / sum(node["seconds"] for node in run["nodes"])
        per_step = {}
        for node in run["nodes"]:
            layer = next((part for part in node["name"].split("/") if part in owners), None)
            key = "layout" if node["op"] in LAYOUT_OPERATORS or layer is None else owners[layer]
            per_step[key] = per_step.get(key, 0) + node["seconds"] * their_scale
        for key, seconds in per_step.items():
            theirs.setdefault(key, []).append(seconds)
    theirs = {key: statistics.median(times) for key, times in theirs.items()}
    rows = [(name, seconds * scale, theirs.get(name, 0.0)) for name, seconds in ours.items()]
    rows.append(("layout conversions (ONNX Runtime's NCHWc reorders)", 0.0, theirs.get("layout", 0.0)))
    return rows


# Kinds of work, each with the symbols that do it on our side and in XNNPACK's.
KINDS = (
    ("convolution products (ours `cblas_sgemm` with its packing and `beta = 0` memset; XNNPACK "
     "gemm and igemm, bias and clamp inside)", ("sgemm", "__memset"), ("_gemm_", "_igemm_", "conv_hwc")),
    ("im2col (ours; XNNPACK's igemm reads the image)", ("patches_",), ()),
    ("depthwise", ("depthwise",), ("dwconv",)),
    ("bias, ReLU and shortcut after the products", ("bias_",), ()),
    ("ADDs", ("MergeKernel",), ("vadd", "vbinary")),
    ("pads and copies", ("__memmove", "PadKernel"), ("pad_", "copy")),
    ("max pooling", ("max_pool",), ("maxpool", "argmaxpool")),
    ("resize", ("ResizeKernel",), ("ibilinear", "resize")),
)

# Our symbols that are the detector around the model (the letterbox, anchors, NMS), not it.
DETECTOR_SYMBOLS = ("horizontal_", "vertical_", "13FaceDetection", "CFaceDetection")


def perf_samples(command, output):
    """Runs `command` (printing JSON) under `perf record`; returns {(dso, symbol): share of
    samples} and the command's JSON, or None when perf is missing or not allowed here."""
    if shutil.which("perf") is None:
        return None
    recorded = subprocess.run(["perf", "record", "-q", "-F", "2999", "-o", output, "--"] + command,
                              capture_output=True, text=True)
    if recorded.returncode != 0:
        return None
    report = subprocess.run(["perf", "report", "-i", output, "--no-children", "--sort", "dso,sym", "--stdio",
                             "-g", "none", "--percent-limit", "0"], capture_output=True, text=True)
    samples = {}
    for line in report.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[0].endswith("%") and fields[2] in ("[.]", "[k]"):
            samples[(fields[1], " ".join(fields[3:]))] = float(fields[0][:-1])
    return samples, json.loads(recorded.stdout.strip().splitlines()[-1])


def kind_shares(samples, side):
    """Each kind's share of one side's model samples, and the rest as `other`: ours counts the
    bench binary, OpenBLAS, libc and the Swift runtime but not the detector around the model;
    XNNPACK's side counts TFLite's interpreter library."""
    shares = {}
    for (dso, symbol), share in samples.items():
        if side == "ours":
            if not any(part in dso for part in ("bench", "openblas", "libc.so", "libswift")):
                continue
            if any(part in symbol for part in DETECTOR_SYMBOLS):
                continue
        elif "tensorflow" not in dso:
            continue
        kind = "other (Swift runtime and plan; TFLite's interpreter)"
        for label, ours, xnnpack in KINDS:
            if any(part in symbol for part in (ours if side == "ours" else xnnpack)):
                kind = label
                break
        shares[kind] = shares.get(kind, 0) + share
    total = sum(shares.values()) or 1
    return {kind: share / total for kind, share in shares.items()}


def render(cnn, blazeface):
    """The Markdown tables of the two comparisons (either may be None)."""
    lines = []
    if cnn:
        rows, ours_whole, theirs_whole = cnn
        lines += [
            "",
            "The CNN at batch 8, two threads, layer by layer: our plan's steps (`bench cnn`'s `steps`) beside "
            "ONNX Runtime's per-node profile, each node under the Keras layer whose step runs it; each side "
            f"scaled to its unprofiled time (ours {ours_whole * 1000:.3f} ms, ONNX Runtime "
            f"{theirs_whole * 1000:.3f} ms):",
            "",
            "| Step (Keras layer) | Ours | Share | ONNX Runtime | Share | Ratio (theirs / ours) |",
            "|---|---|---|---|---|---|",
        ]
        for name, ours, theirs in rows:
            ratio = f"{theirs / ours:.2f}x" if ours > 0 and theirs > 0 else "–"
            lines.append(
                f"| {name} | {ours * 1000:.3f} ms | {ours / ours_whole:.1%} | {theirs * 1000:.3f} ms "
                f"| {theirs / theirs_whole:.1%} | {ratio} |")
    if blazeface:
        ours, theirs, ours_time, theirs_time = blazeface
        kinds = [label for label, _, _ in KINDS] + ["other (Swift runtime and plan; TFLite's interpreter)"]
        lines += [
            "",
            "BlazeFace full range, one thread, by kind of work: shares of `perf record` samples of each side's "
            f"model (ours {ours_time * 1000:.2f} ms, XNNPACK {theirs_time * 1000:.2f} ms), scaled to its time:",
            "",
            "| Work | Ours | XNNPACK |",
            "|---|---|---|",
        ]
        for kind in kinds:
            mine, other = ours.get(kind, 0), theirs.get(kind, 0)
            if mine == 0 and other == 0:
                continue
            lines.append(f"| {kind} | {mine * ours_time * 1000:.2f} ms ({mine:.0%}) "
                         f"| {other * theirs_time * 1000:.2f} ms ({other:.0%}) |")
    return lines
