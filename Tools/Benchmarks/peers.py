"""Side-by-side benchmark of Emotions against ONNX Runtime, OpenCV, Keras, TFLite and fer.

Driven by the `peers` shell script, which sets up the venv. Subcommands:

  convert <model.h5> <model.onnx>   Keras .h5 to ONNX with tf2onnx (NHWC and an NCHW copy)
  worker <kind> ...                 one peer's timings as JSON, in a process of its own
  run --bench B --onnx O --root R   the whole comparison, alternating ours and the peers

Every contender runs in a fresh process (TensorFlow loaded beside ONNX Runtime slows it),
warms up, then times repeated calls; a round runs all contenders one after the other, and
the reported figure is the median over rounds of each process's median.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import layers

LABEL_COUNT = 7


def convert(h5, onnx_path):
    import tensorflow as tf
    import tf2onnx

    model = tf.keras.models.load_model(h5, compile=False)
    spec = (tf.TensorSpec((None, 64, 64, 1), tf.float32, name="input"),)
    tf2onnx.convert.from_keras(model, input_signature=spec, opset=13, output_path=onnx_path)
    nchw = onnx_path.replace(".onnx", "_nchw.onnx")
    tf2onnx.convert.from_keras(
        model, input_signature=spec, opset=13, output_path=nchw, inputs_as_nchw=["input"])


def load_faces(path, batch):
    import numpy as np

    values = np.fromfile(path, dtype=np.float32).reshape(-1, 64, 64, 1)
    return np.ascontiguousarray(values[:batch])


def time_calls(call, repeats, warm_up):
    for _ in range(warm_up):
        call()
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return seconds


def worker(args):
    kind = args.kind
    result = {}
    if kind == "ort":
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = args.threads
        options.inter_op_num_threads = 1
        session = ort.InferenceSession(args.onnx, options, providers=["CPUExecutionProvider"])
        faces = load_faces(args.faces, args.batch)
        name = session.get_inputs()[0].name
        call = lambda: session.run(None, {name: faces})[0]
        result["classes"] = call().argmax(axis=1).tolist()
        result["seconds"] = time_calls(call, args.repeats, max(5, args.repeats // 10))
    elif kind == "ort-sface":
        result["seconds"] = sface_peer(args.onnx, args.faces, args.threads, args.repeats)
    elif kind == "ort-layers":
        result = layers.ort_profile(args.onnx, load_faces(args.faces, args.batch), args.threads, args.repeats,
                                    time_calls)
    elif kind == "cv2dnn":
        import cv2

        cv2.setNumThreads(args.threads)
        net = cv2.dnn.readNetFromONNX(args.onnx.replace(".onnx", "_nchw.onnx"))
        faces = load_faces(args.faces, args.batch).reshape(args.batch, 1, 64, 64)

        def call():
            net.setInput(faces)
            return net.forward()

        # For more than one face OpenCV 4.11 gives [batch, 1, classes], its softmax taken over
        # the axis of one (every value 1): its classes are wrong there, its time is not.
        result["classes"] = call().reshape(args.batch, -1).argmax(axis=1).tolist()
        result["seconds"] = time_calls(call, args.repeats, max(5, args.repeats // 10))
    elif kind == "keras":
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(args.threads)
        tf.config.threading.set_inter_op_parallelism_threads(1)
        model = tf.keras.models.load_model(args.h5, compile=False)
        faces = load_faces(args.faces, args.batch)
        call = lambda: model.predict_on_batch(faces)
        result["classes"] = call().argmax(axis=1).tolist()
        result["seconds"] = time_calls(call, args.repeats, max(5, args.repeats // 10))
    elif kind == "haar":
        import cv2

        cv2.setNumThreads(args.threads)
        cascade = cv2.CascadeClassifier(args.cascade)
        image = cv2.imread(args.frame, cv2.IMREAD_GRAYSCALE)
        boxes = []

        def call():
            nonlocal boxes
            boxes = cascade.detectMultiScale(image, scaleFactor=1.1, minNeighbors=5, minSize=(50, 50))

        result["seconds"] = time_calls(call, args.repeats, 2)
        result["boxes"] = [list(map(int, box)) for box in boxes]
    elif kind == "tflite":
        import numpy as np
        import tensorflow as tf

        # TFLite's default CPU path: the XNNPACK delegate, with `threads` threads.
        interpreter = tf.lite.Interpreter(model_path=args.tflite_model, num_threads=args.threads)
        interpreter.allocate_tensors()
        detail = interpreter.get_input_details()[0]
        interpreter.set_tensor(detail["index"], np.full(detail["shape"], 0.25, dtype=np.float32))
        result["seconds"] = time_calls(interpreter.invoke, args.repeats, max(5, args.repeats // 10))
    elif kind == "fer":
        import cv2
        try:
            from fer import FER
        except ImportError:  # fer 25 no longer re-exports it
            from fer.fer import FER

        detector = FER(use_tflite=args.tflite == 1)

        def one_pass():
            capture = cv2.VideoCapture(args.video)
            frames = 0
            while True:
                ok, frame = capture.read()
                if not ok:
                    break
                detector.detect_emotions(frame)
                frames += 1
            capture.release()
            return frames

        result["frames"] = one_pass()
        result["seconds"] = time_calls(one_pass, args.repeats, 0)
    else:
        raise SystemExit(f"unknown worker {kind}")
    print(json.dumps(result))


# SFace (issue 47): the face embedder's model alone, one aligned 112x112 face a call, at 1 and
# 2 threads. The peer is ONNX Runtime on the same model with its weights folded to floats
# (Tools/reference/sface_reference.py fold), fed the first crop of the FaceAnalysis fixtures:
# the astronaut's face aligned from BlazeFace's keypoints, the face `bench sface` aligns.
SFACE_MODEL = "face_recognition_sface_2021dec_int8bq.onnx"
SFACE_CROPS = os.path.join("Packages", "FaceAnalysis", "Tests", "FaceAnalysisTests", "Fixtures", "sface_crops.u8")
SFACE_SIZE = 112
SFACE_THREADS = (1, 2)
SFACE_REPEATS = 100


def sface_peer(onnx_path, crops, threads, repeats):
    """ONNX Runtime's seconds per call on one crop: `threads` intra-op threads, sequential, all
    graph optimisations."""
    import numpy as np
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(onnx_path, options, providers=["CPUExecutionProvider"])
    size = SFACE_SIZE * SFACE_SIZE * 3
    pixels = np.fromfile(crops, dtype=np.uint8, count=size)
    if pixels.size != size:
        raise SystemExit(f"{crops}: shorter than one {SFACE_SIZE}x{SFACE_SIZE} RGB crop")
    # The crops are rows of RGB pixels, 0-255; SFace takes 1x3x112x112 (its scaling is in the graph).
    face = np.ascontiguousarray(pixels.reshape(1, SFACE_SIZE, SFACE_SIZE, 3).transpose(0, 3, 1, 2), dtype=np.float32)
    name = session.get_inputs()[0].name
    return time_calls(lambda: session.run(None, {name: face}), repeats, max(5, repeats // 10))


def sface_commands(bench, me, root, folded, threads, repeats=SFACE_REPEATS):
    """Ours and the peer's command lines for one thread count: (ours, peer)."""
    ours = [bench, "sface", os.path.join(root, "Fixtures", "astronaut.png"), "--model",
            os.path.join(root, "Models", SFACE_MODEL), "--threads", str(threads), "--repeats", str(repeats)]
    peer = me + ["ort-sface", "--onnx", folded, "--faces", os.path.join(root, SFACE_CROPS),
                 "--threads", str(threads), "--repeats", str(repeats)]
    return ours, peer


def sface_round(run_child, results, bench, me, root, folded):
    """One round: ours then the peer at each thread count, each in a process of its own; each
    process's median is appended to results[("sface", threads, "ours" | "onnxruntime")]."""
    for threads in SFACE_THREADS:
        ours, peer = sface_commands(bench, me, root, folded, threads)
        results.setdefault(("sface", threads, "ours"), []).append(
            statistics.median(run_child(ours)["model_seconds"]))
        results.setdefault(("sface", threads, "onnxruntime"), []).append(
            statistics.median(run_child(peer)["seconds"]))


def sface_lines(results):
    """The table's SFace rows: the median over rounds on each side, and their ratio."""
    lines = []
    for threads in SFACE_THREADS:
        ours = statistics.median(results[("sface", threads, "ours")])
        theirs = statistics.median(results[("sface", threads, "onnxruntime")])
        plural = "s" if threads > 1 else ""
        lines.append(
            f"| SFace, model, one aligned 112x112 face, {threads} thread{plural} | {ours * 1000:.2f} ms "
            f"| ONNX Runtime, weights folded to floats ({threads} thread{plural}) | {theirs * 1000:.2f} ms "
            f"| **{theirs / ours:.2f}x** |")
    return lines


def child(command):
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def load_average():
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


# The video sizes `detect` is measured at, and the stages `bench stages` times.
SIZES = ((640, 360), (1280, 720), (1920, 1080))
STAGES = ("decode", "grayscale", "detection", "classification")


def run(args):
    inputs = tempfile.mkdtemp(prefix="peers-")
    try:
        compare(args, inputs)
    finally:
        shutil.rmtree(inputs, ignore_errors=True)


def compare(args, inputs):
    me = [sys.executable, os.path.abspath(__file__), "worker"]
    h5 = os.path.join(args.root, "Models", "emotion_model.hdf5")
    cascade = os.path.join(args.root, "Models", "haarcascade_frontalface_default.xml")
    video = os.path.join(args.root, "Fixtures", "faces.mp4")
    photo = os.path.join(args.root, "Fixtures", "astronaut.png")
    manifest = child([args.bench, "export", inputs])
    faces = manifest["faces"]
    frames = manifest["frames"]
    looped = os.path.join(inputs, "faces-x10.mp4")
    subprocess.run(["ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-stream_loop", "9", "-i", video, "-c",
                    "copy", looped], check=True)
    # The same video scaled up, for the sizes a camera or a phone records.
    scaled = {}
    for width, height in SIZES[1:]:
        for name, source in (("x1", video), ("x10", looped)):
            path = os.path.join(inputs, f"faces-{height}p-{name}.mp4")
            subprocess.run(["ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-i", source, "-vf",
                            f"scale={width}:{height}", "-c:v", "libx264", "-crf", "18", path], check=True)
            scaled[(height, name)] = path
    for name, source in (("x1", video), ("x10", looped)):
        scaled[(SIZES[0][1], name)] = source
    start_load = load_average()
    print(f"peers: load average at start {start_load}; {args.rounds} rounds", file=sys.stderr)

    cnn_contenders = {
        "ours": lambda b, r: [args.bench, "cnn", faces, "--batch", str(b), "--repeats", str(r)],
        "onnxruntime": lambda b, r: me + ["ort", "--onnx", args.onnx, "--faces", faces, "--batch", str(b),
                                          "--repeats", str(r), "--threads", "2"],
        "opencv-dnn": lambda b, r: me + ["cv2dnn", "--onnx", args.onnx, "--faces", faces, "--batch", str(b),
                                         "--repeats", str(r), "--threads", "2"],
        "keras": lambda b, r: me + ["keras", "--h5", h5, "--faces", faces, "--batch", str(b),
                                    "--repeats", str(r), "--threads", "2"],
    }
    results = {}  # key -> list of per-process medians
    extras = {}
    only = set(args.only.split(","))
    # --skip-e2e also leaves out BlazeFace's video; an --only without e2e, only the CNN's.
    skip_videos = args.skip_e2e
    if "e2e" not in only:
        args.skip_e2e = True
    for round_index in range(args.rounds):
        for batch in (1, 8, 64) if "cnn" in only else ():
            repeats = {1: 400, 8: 100, 64: 20}[batch]
            for name, make in cnn_contenders.items():
                reps = repeats if name != "keras" else repeats // 4
                output = child(make(batch, reps))
                results.setdefault(("cnn", batch, name), []).append(statistics.median(output["seconds"]))
                extras[("cnn", batch, name)] = output.get("classes")
            # The products alone on one thread (one call per layer or per chunk): halved, the
            # least time two threads can take while cblas_sgemm carries the convolutions.
            floor = child([args.bench, "gemm-floor", "--batch", str(batch), "--repeats", str(max(repeats // 20, 3))])
            results.setdefault(("cnn", batch, "floor"), []).append(floor["seconds"] / 2)
        for frame in frames if "haar" in only else ():
            ours = child([args.bench, "haar", frame["path"], "--repeats", "20"])
            theirs = child(me + ["haar", "--cascade", cascade, "--frame", frame["path"], "--repeats", "20",
                                 "--threads", "2"])
            results.setdefault(("haar", frame["name"], "ours"), []).append(statistics.median(ours["seconds"]))
            results.setdefault(("haar", frame["name"], "opencv"), []).append(statistics.median(theirs["seconds"]))
            same = sorted(map(tuple, ours["boxes"])) == sorted(map(tuple, theirs["boxes"]))
            extras[("haar", frame["name"])] = (same, ours["boxes"], theirs["boxes"])
        if not args.skip_e2e:
            # fer's pipeline is the Haar cascade's: ours runs the same detector.
            ours = child([args.bench, "e2e", video, "--repeats", "3", "--detector", "haar"])
            results.setdefault(("e2e", "ours"), []).append(statistics.median(ours["seconds"]) / ours["frames"])
            extras["e2e_frames"] = ours["frames"]
            extras["e2e_rss"] = max(ours["peak_rss_mb"])
            # The same video ten times over: the difference of the two runs is the frame
            # loop alone, start-up excluded, as fer's figure excludes its imports and loading.
            longer = child([args.bench, "e2e", looped, "--repeats", "1", "--detector", "haar"])
            steady = (statistics.median(longer["seconds"]) - statistics.median(ours["seconds"])) / (
                longer["frames"] - ours["frames"])
            results.setdefault(("e2e", "ours-steady"), []).append(steady)
            for name, tflite in (("fer-tflite", 1), ("fer-keras", 0)):
                theirs = child(me + ["fer", "--video", video, "--tflite", str(tflite), "--repeats", "3"])
                results.setdefault(("e2e", name), []).append(statistics.median(theirs["seconds"]) / theirs["frames"])
        if "sface" in only:
            sface_round(child, results, args.bench, me, args.root, args.sface_onnx)
        if "layers" in only:
            ours = child([args.bench, "cnn", faces, "--batch", "8", "--repeats", "400"])
            theirs = child(me + ["ort-layers", "--onnx", args.onnx, "--faces", faces, "--batch", "8",
                                 "--repeats", "100", "--threads", "2"])
            extras.setdefault("layer_steps", []).append(ours["steps"])
            extras.setdefault("layer_ort", []).append(theirs)
            results.setdefault(("layers", "ours"), []).append(statistics.median(ours["seconds"]))
            results.setdefault(("layers", "ort"), []).append(statistics.median(theirs["seconds"]))
        if "blazeface" in only:
            for model, name in (("full", "face_detection_full_range.tflite"),
                                ("short", "face_detection_short_range.tflite")):
                for threads in (1, 2):
                    ours = child([args.bench, "blazeface", photo, "--model", model, "--threads", str(threads),
                                  "--repeats", "200"])
                    theirs = child(me + ["tflite", "--tflite-model", os.path.join(args.root, "Models", name),
                                         "--threads", str(threads), "--repeats", "200"])
                    results.setdefault(("bf", model, threads, "ours"), []).append(
                        statistics.median(ours["model_seconds"]))
                    results.setdefault(("bf", model, threads, "detector"), []).append(
                        statistics.median(ours["detect_seconds"]))
                    results.setdefault(("bf", model, threads, "tflite"), []).append(
                        statistics.median(theirs["seconds"]))
                # The products alone on one thread: the least time one thread can take while
                # cblas_sgemm carries the convolutions.
                floor = child([args.bench, "gemm-floor", "--model", model, "--repeats", "10"])
                results.setdefault(("bf", model, "floor"), []).append(floor["seconds"])
            if skip_videos:
                print(f"peers: round {round_index + 1} done", file=sys.stderr)
                continue
            # The video ten times over (300 frames) at each size: our whole process; fer's frame
            # loop on the 30 frames once (its Haar scan at 1080p takes seconds a frame); and our
            # stages one after the other on one thread, for their shares.
            for width, height in SIZES:
                ours = child([args.bench, "e2e", scaled[(height, "x10")], "--repeats", "1", "--detector",
                              "blazeface"])
                results.setdefault(("bf-e2e", height, "ours"), []).append(
                    statistics.median(ours["seconds"]) / ours["frames"])
                extras["bf_e2e_frames"] = ours["frames"]
                fer_video = looped if height == SIZES[0][1] else scaled[(height, "x1")]
                theirs = child(me + ["fer", "--video", fer_video, "--tflite", "1", "--repeats", "1"])
                results.setdefault(("bf-e2e", height, "fer"), []).append(
                    statistics.median(theirs["seconds"]) / theirs["frames"])
                stages = child([args.bench, "stages", scaled[(height, "x10")], "--detector", "blazeface"])
                for stage, seconds in stages["seconds"].items():
                    results.setdefault(("stage", height, stage), []).append(seconds / stages["frames"])
        print(f"peers: round {round_index + 1} done", file=sys.stderr)
    if "layers" in only:
        # Once: perf's samples of each side's BlazeFace (full range, one thread).
        recorded = os.path.join(inputs, "perf.data")
        ours = layers.perf_samples([args.bench, "blazeface", photo, "--model", "full", "--threads", "1",
                                    "--repeats", "400"], recorded)
        theirs = layers.perf_samples(me + ["tflite", "--tflite-model", os.path.join(
            args.root, "Models", "face_detection_full_range.tflite"), "--threads", "1", "--repeats", "1000"], recorded)
        if ours and theirs:
            extras["layer_blazeface"] = (
                layers.kind_shares(ours[0], "ours"), layers.kind_shares(theirs[0], "xnnpack"),
                statistics.median(ours[1]["model_seconds"]), statistics.median(theirs[1]["seconds"]))
        else:
            print("peers: BlazeFace by kind of work skipped (perf record is missing or not allowed)",
                  file=sys.stderr)

    end_load = load_average()
    med = lambda key: statistics.median(results[key])
    lines = [
        f"Load average (1, 5, 15 min): {start_load} at start, {end_load} at end; {args.rounds} rounds, "
        "each contender in its own process, alternating.",
        f"Our side: kernels {manifest.get('kernels', '?')}; BLAS {manifest.get('blas', '?')}.",
        "",
        "| Work | Ours | Peer | Peer's figure | Ratio (ours / peer, higher is better) |",
        "|---|---|---|---|---|",
    ]
    for batch in (1, 8, 64) if "cnn" in only else ():
        ours = med(("cnn", batch, "ours"))
        for name in ("onnxruntime", "opencv-dnn", "keras"):
            theirs = med(("cnn", batch, name))
            agree = extras[("cnn", batch, name)] == extras[("cnn", batch, "ours")]
            lines.append(
                f"| CNN batch {batch} | {ours * 1000:.3f} ms, {batch / ours:,.0f} faces/s | {name} (2 threads) "
                f"| {theirs * 1000:.3f} ms, {batch / theirs:,.0f} faces/s | **{theirs / ours:.2f}x**"
                f"{'' if agree else ' (classes differ!)'} |")
        floor = med(("cnn", batch, "floor"))
        theirs = med(("cnn", batch, "onnxruntime"))
        lines.append(
            f"| CNN batch {batch}, its `cblas_sgemm` products alone (one thread, halved) "
            f"| {floor * 1000:.3f} ms | onnxruntime (2 threads), the whole model | {theirs * 1000:.3f} ms "
            f"| **{theirs / floor:.2f}x** at most |")
    for frame in frames if "haar" in only else ():
        ours = med(("haar", frame["name"], "ours"))
        theirs = med(("haar", frame["name"], "opencv"))
        same, mine, cv = extras[("haar", frame["name"])]
        lines.append(
            f"| Haar {frame['name']} | {ours * 1000:.2f} ms | OpenCV detectMultiScale (2 threads) "
            f"| {theirs * 1000:.2f} ms | **{theirs / ours:.2f}x**, boxes "
            f"{'identical' if same else f'DIFFER: ours {mine} vs {cv}'} |")
    if not args.skip_e2e:
        ours = med(("e2e", "ours"))
        steady = med(("e2e", "ours-steady"))
        for name, label in (("fer-tflite", "fer default (TFLite)"), ("fer-keras", "fer with Keras")):
            theirs = med(("e2e", name))
            lines.append(
                f"| End to end faces.mp4 ({extras['e2e_frames']} frames) | {1 / ours:.1f} fps "
                f"(peak RSS {extras['e2e_rss']:.0f} MB) | {label} | {1 / theirs:.1f} fps | **{theirs / ours:.2f}x** |")
            lines.append(
                f"| End to end, start-up excluded on our side too | {1 / steady:.1f} fps (x10 run minus x1) "
                f"| {label} | {1 / theirs:.1f} fps | **{theirs / steady:.2f}x** |")
    if "blazeface" in only:
        for model in ("full", "short"):
            for threads in (1, 2):
                ours = med(("bf", model, threads, "ours"))
                theirs = med(("bf", model, threads, "tflite"))
                whole = med(("bf", model, threads, "detector"))
                lines.append(
                    f"| BlazeFace {model} range, model, {threads} thread{'s' if threads > 1 else ''} "
                    f"| {ours * 1000:.2f} ms (whole detector on a 512x512 photo {whole * 1000:.2f} ms) "
                    f"| TFLite with XNNPACK ({threads} thread{'s' if threads > 1 else ''}) | {theirs * 1000:.2f} ms "
                    f"| **{theirs / ours:.2f}x** |")
            floor = med(("bf", model, "floor"))
            theirs = med(("bf", model, 1, "tflite"))
            lines.append(
                f"| BlazeFace {model} range, its `cblas_sgemm` products alone (one thread) | {floor * 1000:.2f} ms "
                f"| TFLite with XNNPACK (1 thread), the whole model | {theirs * 1000:.2f} ms "
                f"| **{theirs / floor:.2f}x** at most |")
    if "sface" in only:
        lines += sface_lines(results)
    if "blazeface" in only and ("bf-e2e", SIZES[0][1], "ours") in results:
        base = med(("bf-e2e", SIZES[0][1], "ours"))
        for width, height in SIZES:
            ours = med(("bf-e2e", height, "ours"))
            theirs = med(("bf-e2e", height, "fer"))
            share = "" if height == SIZES[0][1] else f", {base / ours:.0%} of the 360p rate"
            lines.append(
                f"| `detect --detector blazeface`, {width}x{height} video ({extras['bf_e2e_frames']} frames), "
                f"whole process | {1 / ours:.1f} fps{share} | fer default (Haar, TFLite), its frame loop alone "
                f"| {1 / theirs:.1f} fps | **{theirs / ours:.2f}x** |")
        lines += [
            "",
            "Each stage of `detect --detector blazeface` run one after the other on one thread "
            "(`bench stages`), ms a frame and share:",
            "",
            "| Size | " + " | ".join(STAGES) + " | bounded by |",
            "|---|" + "---|" * (len(STAGES) + 1),
        ]
        for width, height in SIZES:
            times = {stage: med(("stage", height, stage)) for stage in STAGES}
            total = sum(times.values())
            cells = " | ".join(f"{times[s] * 1000:.2f} ms ({times[s] / total:.0%})" for s in STAGES)
            lines.append(f"| {width}x{height} | {cells} | {max(times, key=times.get)} |")
    if "layers" in only:
        owners = layers.keras_steps(h5)
        ours = med(("layers", "ours"))
        cnn = (layers.cnn_rows(extras["layer_steps"], ours, extras["layer_ort"], owners), ours,
               med(("layers", "ort")))
        lines += layers.render(cnn, extras.get("layer_blazeface"))
    print("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    conversion = commands.add_parser("convert")
    conversion.add_argument("h5")
    conversion.add_argument("onnx")
    work = commands.add_parser("worker")
    work.add_argument("kind")
    for option in ("--onnx", "--faces", "--h5", "--cascade", "--frame", "--video", "--tflite-model"):
        work.add_argument(option)
    for option, default in (("--batch", 1), ("--repeats", 100), ("--threads", 2), ("--tflite", 1)):
        work.add_argument(option, type=int, default=default)
    whole = commands.add_parser("run")
    whole.add_argument("--bench", required=True)
    whole.add_argument("--onnx", required=True)
    whole.add_argument("--sface-onnx", help="SFace with its weights folded to floats (for --only sface)")
    whole.add_argument("--root", required=True)
    whole.add_argument("--rounds", type=int, default=3)
    whole.add_argument("--skip-e2e", action="store_true")
    whole.add_argument("--only", default="cnn,haar,e2e,blazeface,sface,layers",
                       help="comma-separated: cnn, haar, e2e, blazeface, sface, layers")
    args = parser.parse_args()
    if args.command == "run" and "sface" in args.only.split(",") and not args.sface_onnx:
        parser.error("--only sface needs --sface-onnx (the folded model)")
    if args.command == "convert":
        convert(args.h5, args.onnx)
    elif args.command == "worker":
        worker(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
