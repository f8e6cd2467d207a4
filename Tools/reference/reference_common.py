"""Helpers shared by the Media, FaceDetection and FaceAnalysis reference scripts (opencv_reference.py, fer_reference.py).

Not run on its own. See those scripts for how to build their virtual environment.
"""
import json
import os
import subprocess

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(ROOT, "Fixtures")
MODELS = os.path.join(ROOT, "Models")
OUTPUT = os.path.join(ROOT, "Packages", "FaceAnalysis", "Tests", "FaceAnalysisTests", "Fixtures")
MEDIA_OUTPUT = os.path.join(ROOT, "Packages", "Media", "Tests", "MediaTests", "Fixtures")
DETECTION_OUTPUT = os.path.join(ROOT, "Packages", "FaceDetection", "Tests", "FaceDetectionTests", "Fixtures")


def fnv1a64(data: bytes) -> str:
    """FNV-1a 64-bit hash as 16 hex digits (FaceAnalysisTests computes the same)."""
    value = 0xCBF29CE484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def ffmpeg_arguments(path: str, every: int = 1) -> list:
    """The exact ffmpeg command FaceAnalysis's VideoFrameSource runs for a file."""
    arguments = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-i", path, "-map", "0:v:0"]
    if every > 1:
        arguments += ["-vf", f"select=not(mod(n\\,{every}))"]
    arguments += ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]
    return arguments


def video_size(path: str) -> tuple:
    output = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
         "-of", "json", path], check=True, capture_output=True).stdout
    stream = json.loads(output)["streams"][0]
    return stream["width"], stream["height"]


def video_frames_rgb(path: str, every: int = 1):
    """Yields (frame index, RGB uint8 array) read through the same ffmpeg pipe as the Swift code."""
    width, height = video_size(path)
    raw = subprocess.run(ffmpeg_arguments(path, every), check=True, capture_output=True).stdout
    frame_bytes = width * height * 3
    for k in range(len(raw) // frame_bytes):
        frame = np.frombuffer(raw[k * frame_bytes:(k + 1) * frame_bytes], dtype=np.uint8)
        yield k * every, frame.reshape(height, width, 3)


def write_json(name: str, value, folder: str = OUTPUT) -> None:
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as handle:
        json.dump(value, handle, indent=1, sort_keys=True)
        handle.write("\n")
    print("wrote", os.path.relpath(path, ROOT))
