#!/usr/bin/env python3
"""The box-to-template constants of FaceAnalysis's FaceAlignment for Haar faces (run by hand).

A Haar box has no keypoints, so it is mapped onto SFace's 112x112 ArcFace template by a fixed
rule: no rotation, scale SPAN / box width, and the box's centre lands on CENTRE in the crop.
This script derives SPAN and CENTRE from the committed fixtures: for each face that both
BlazeFace (full range, blazeface_reference.json) and the Haar cascade with fer's settings
(opencv_reference.json, opencv_video_reference.json) found, it fits the least-squares
similarity from BlazeFace's eyes, nose tip and mouth to the template, then takes that face's
scale times the Haar box's width and where its Haar box centre lands; the constants are the means.

Needs only numpy and the fixture JSON files (no models, no OpenCV). Run:
  python3 Tools/reference/haar_alignment_fit.py
"""
import json
import os

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DETECTION = os.path.join(ROOT, "Packages", "FaceDetection", "Tests", "FaceDetectionTests", "Fixtures")
ANALYSIS = os.path.join(ROOT, "Packages", "FaceAnalysis", "Tests", "FaceAnalysisTests", "Fixtures")
# ArcFace's eyes and nose tip, and the midpoint of its mouth corners: BlazeFace keypoints 0-3.
TEMPLATE = np.array([[38.2946, 51.6963], [73.5318, 51.5014], [56.0252, 71.7366],
                     [(41.5493 + 70.7299) / 2, (92.3655 + 92.2041) / 2]])
FER = {"minNeighbors": 5, "minSize": 50, "scaleFactor": 1.1}


def similarity(source: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Least-squares scale, rotation and translation (Umeyama, no reflection) as a 2x3 matrix."""
    s, t = source - source.mean(0), target - target.mean(0)
    norm = (s ** 2).sum()
    a = (s * t).sum() / norm
    b = (s[:, 0] * t[:, 1] - s[:, 1] * t[:, 0]).sum() / norm
    rotation = np.array([[a, -b], [b, a]])
    return np.hstack([rotation, (target.mean(0) - rotation @ source.mean(0))[:, None]])


def load(folder: str, name: str):
    with open(os.path.join(folder, name)) as handle:
        return json.load(handle)


def haar_boxes() -> dict:
    """(source, frame) -> Haar boxes with fer's settings."""
    boxes = {}
    for entry in load(DETECTION, "opencv_reference.json")["detections"]:
        if entry["parameters"] == FER:
            boxes[(entry["image"], None)] = entry["boxes"]
    for entry in load(ANALYSIS, "opencv_video_reference.json")["detections"]:
        if entry["parameters"] == FER:
            boxes[(entry["image"], entry["frame"])] = entry["boxes"]
    return boxes


def main() -> None:
    boxes = haar_boxes()
    spans, centres, angles, faces = [], [], [], []
    for entry in load(DETECTION, "blazeface_reference.json")["full"]:
        for face in entry["faces"]:
            x, y, w, h = face["box"]
            candidates = boxes.get((entry["source"], entry.get("frame")), [])
            # The Haar box whose centre is nearest BlazeFace's, if within half a box.
            near = [b for b in candidates
                    if np.hypot(b[0] + b[2] / 2 - x - w / 2, b[1] + b[3] / 2 - y - h / 2) < w / 2]
            if not near:
                continue
            hx, hy, hw, hh = near[0]
            matrix = similarity(np.array(face["keypoints"][:4]), TEMPLATE)
            spans.append(np.hypot(*matrix[:, 0]) * hw)
            centres.append(matrix @ [hx + hw / 2, hy + hh / 2, 1])
            angles.append(np.degrees(np.arctan2(matrix[1, 0], matrix[0, 0])))
            faces.append((entry["source"], entry.get("frame"), near[0], face["keypoints"][:4]))
            print(f"{entry['source']} frame {entry.get('frame')}: Haar {near[0]}, span {spans[-1]:.3f},"
                  f" centre {centres[-1].round(3)}, rotation {angles[-1]:.2f} deg")
    span, centre = np.mean(spans), np.mean(centres, axis=0)
    # How far the fixed rule puts each face's keypoints from the template, in crop pixels.
    errors = []
    for _, _, (hx, hy, hw, hh), keypoints in faces:
        mapped = (np.array(keypoints) - [hx + hw / 2, hy + hh / 2]) * span / hw + centre
        errors.append(np.hypot(*(mapped - TEMPLATE).T).mean())
    print(f"{len(spans)} faces: SPAN {span:.4f} (sd {np.std(spans):.4f}), CENTRE {centre.round(4)}"
          f" (sd {np.std(centres, axis=0).round(4)}), rotation {np.mean(angles):.2f} deg;"
          f" keypoint error of the rule {np.mean(errors):.2f} px (max {np.max(errors):.2f})")


if __name__ == "__main__":
    main()
