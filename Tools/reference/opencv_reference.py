#!/usr/bin/env python3
"""OpenCV reference outputs for the Media and FaceAnalysis tests (run by hand, not in CI).

What it writes into Packages/Media/Tests/MediaTests/Fixtures/:
  opencv_decoding_reference.json   pictures decoded by cv2.imread and their gray conversions
into Packages/FaceDetection/Tests/FaceDetectionTests/Fixtures/:
  opencv_reference.json   bilinear resizes and Haar detections computed by OpenCV on the
                          fixture pictures
and into Packages/FaceAnalysis/Tests/FaceAnalysisTests/Fixtures/:
  opencv_video_reference.json   the Haar detections on video frames, read through the same
                          `ffmpeg -f rawvideo -pix_fmt rgb24` pipe the Swift code uses
  cascade_*.xml           small new-format cascades cut from Debian's opencv-data, so the
                          new-format parser (stumps, trees, tilted features) is tested without it

Environment (once):
  python3 -m venv /work/refvenv
  /work/refvenv/bin/pip install 'opencv-python-headless<5' 'numpy<2'
  apt-get install opencv-data ffmpeg     # the new-format cascades in /usr/share/opencv4/haarcascades
  Tools/setup                            # Models/ and Fixtures/
Run:
  /work/refvenv/bin/python Tools/reference/opencv_reference.py
"""
import os
import sys
import xml.etree.ElementTree as ElementTree

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_common import DETECTION_OUTPUT, FIXTURES, MEDIA_OUTPUT, MODELS, fnv1a64, video_frames_rgb, write_json  # noqa: E402

cv2.setNumThreads(1)
OPENCV_DATA = "/usr/share/opencv4/haarcascades"
IMAGES = ["astronaut.png", "camera.png", "group.png", "astronaut.jpg", "astronaut.ppm", "camera.pgm",
          "coffee.png", "rocket.jpg"]
FER_PARAMETERS = dict(scaleFactor=1.1, minNeighbors=5, minSize=(50, 50))


def gray_of(path):
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def boxes(cascade, gray, **parameters):
    found = cascade.detectMultiScale(gray, flags=cv2.CASCADE_SCALE_IMAGE, **parameters)
    return sorted([int(v) for v in box] for box in found)


def parameters_json(parameters):
    result = {"scaleFactor": parameters["scaleFactor"], "minNeighbors": parameters["minNeighbors"],
              "minSize": parameters["minSize"][0]}
    if "maxSize" in parameters:
        result["maxSize"] = parameters["maxSize"][0]
    return result


def cut_cascade(source, stage_count, target):
    """Keeps the first stages of a new-format cascade and only the features they use."""
    tree = ElementTree.parse(source)
    cascade = tree.getroot()[0]
    stages = cascade.find("stages")
    for stage in list(stages)[stage_count:]:
        stages.remove(stage)
    cascade.find("stageNum").text = str(stage_count)
    used = []
    for node in stages.iter("internalNodes"):
        values = node.text.split()
        for offset in range(0, len(values), 4):
            index = int(values[offset + 2])
            if index not in used:
                used.append(index)
    remap = {old: new for new, old in enumerate(used)}
    for node in stages.iter("internalNodes"):
        values = node.text.split()
        for offset in range(0, len(values), 4):
            values[offset + 2] = str(remap[int(values[offset + 2])])
        node.text = "\n            " + " ".join(values)
    features = cascade.find("features")
    kept = [list(features)[old] for old in used]
    for feature in list(features):
        features.remove(feature)
    for feature in kept:
        features.append(feature)
    tree.write(os.path.join(DETECTION_OUTPUT, target), encoding="unicode", xml_declaration=True)
    print("wrote", target)
    return os.path.join(OUTPUT, target)


def new_to_old(source, target):
    """Rewrites a new-format cascade in the old opencv-haar-classifier layout (trees of nodes with
    their own features, left/right values or node indices), which OpenCV converts back on load."""
    cascade = ElementTree.parse(source).getroot()[0]
    features = [feature for feature in cascade.find("features")]
    lines = ['<?xml version="1.0"?>', "<opencv_storage>", '<cut type_id="opencv-haar-classifier">',
             f"  <size>{cascade.find('width').text.strip()} {cascade.find('height').text.strip()}</size>", "  <stages>"]
    for stage in cascade.find("stages"):
        lines.append("    <_>")
        lines.append("      <trees>")
        for weak in stage.find("weakClassifiers"):
            nodes = weak.find("internalNodes").text.split()
            leaves = weak.find("leafValues").text.split()
            lines.append("        <_>")
            for offset in range(0, len(nodes), 4):
                left, right, index, threshold = int(nodes[offset]), int(nodes[offset + 1]), int(nodes[offset + 2]), nodes[offset + 3]
                feature = features[index]
                rects = "".join(f"<_>{rect.text.strip()}</_>" for rect in feature.find("rects"))
                tilted = feature.find("tilted")
                lines.append("          <_>")
                lines.append(f"            <feature><rects>{rects}</rects>"
                             f"<tilted>{tilted.text.strip() if tilted is not None else 0}</tilted></feature>")
                lines.append(f"            <threshold>{threshold}</threshold>")
                for side, value in (("left", left), ("right", right)):
                    if value > 0:
                        lines.append(f"            <{side}_node>{value}</{side}_node>")
                    else:
                        lines.append(f"            <{side}_val>{leaves[-value]}</{side}_val>")
                lines.append("          </_>")
            lines.append("        </_>")
        lines.append("      </trees>")
        lines.append(f"      <stage_threshold>{stage.find('stageThreshold').text.strip()}</stage_threshold>")
        lines.append("      <parent>-1</parent>")
        lines.append("      <next>-1</next>")
        lines.append("    </_>")
    lines += ["  </stages>", "</cut>", "</opencv_storage>", ""]
    with open(os.path.join(OUTPUT, target), "w") as handle:
        handle.write("\n".join(lines))
    print("wrote", target)
    return os.path.join(OUTPUT, target)


def main():
    os.makedirs(OUTPUT, exist_ok=True)
    result = {"opencv": cv2.__version__, "gray": {}, "resize": [], "detections": [], "cascades": []}

    # Gray conversion (also checks that the decoders match cv2.imread).
    for name in IMAGES:
        gray = gray_of(os.path.join(FIXTURES, name))
        result["gray"][name] = {"width": gray.shape[1], "height": gray.shape[0], "fnv1a64": fnv1a64(gray.tobytes())}

    # Bilinear resizes: small crops stored whole, whole images as hashes.
    camera = gray_of(os.path.join(FIXTURES, "camera.png"))
    crop = camera[200:237, 230:271]  # 41 x 37
    result["resizeSource"] = {"image": "camera.png", "x": 230, "y": 200, "width": 41, "height": 37}
    for width, height in [(64, 64), (20, 18), (13, 29), (82, 74), (41, 37), (7, 5), (100, 3)]:
        resized = cv2.resize(crop, (width, height), interpolation=cv2.INTER_LINEAR)
        result["resize"].append({"width": width, "height": height, "pixels": resized.flatten().tolist()})
    result["resizeWhole"] = []
    for name, width, height in [("camera.png", 465, 465), ("camera.png", 256, 256), ("camera.png", 233, 233),
                                ("group.png", 1091, 364), ("astronaut.png", 64, 64), ("astronaut.png", 700, 300)]:
        gray = gray_of(os.path.join(FIXTURES, name))
        resized = cv2.resize(gray, (width, height), interpolation=cv2.INTER_LINEAR)
        result["resizeWhole"].append({"image": name, "width": width, "height": height,
                                      "fnv1a64": fnv1a64(resized.tobytes())})

    # Haar detections with fer's cascade (old format) and fer's parameters.
    fer_cascade = cv2.CascadeClassifier(os.path.join(MODELS, "haarcascade_frontalface_default.xml"))
    for name in IMAGES:
        gray = gray_of(os.path.join(FIXTURES, name))
        result["detections"].append({"image": name, "parameters": parameters_json(FER_PARAMETERS),
                                     "boxes": boxes(fer_cascade, gray, **FER_PARAMETERS)})
    variants = [dict(scaleFactor=1.05, minNeighbors=3, minSize=(30, 30)),
                dict(scaleFactor=1.2, minNeighbors=1, minSize=(24, 24)),
                dict(scaleFactor=1.1, minNeighbors=0, minSize=(100, 100)),
                dict(scaleFactor=1.3, minNeighbors=8, minSize=(40, 40), maxSize=(200, 200))]
    # No pyramid level fits between minSize and maxSize: OpenCV then takes the level closest to minSize.
    fallbacks = [("astronaut.png", dict(scaleFactor=1.1, minNeighbors=0, minSize=(60, 60), maxSize=(60, 60))),
                 ("astronaut.png", dict(scaleFactor=1.1, minNeighbors=0, minSize=(95, 95), maxSize=(95, 95))),
                 ("group.png", dict(scaleFactor=1.1, minNeighbors=0, minSize=(40, 40), maxSize=(30, 30))),
                 ("group.png", dict(scaleFactor=1.1, minNeighbors=0, minSize=(200, 200), maxSize=(30, 30)))]
    for name, parameters in fallbacks:
        gray = gray_of(os.path.join(FIXTURES, name))
        result["detections"].append({"image": name, "parameters": parameters_json(parameters),
                                     "boxes": boxes(fer_cascade, gray, **parameters)})
    for name in ["group.png", "camera.png"]:
        gray = gray_of(os.path.join(FIXTURES, name))
        for parameters in variants:
            result["detections"].append({"image": name, "parameters": parameters_json(parameters),
                                         "boxes": boxes(fer_cascade, gray, **parameters)})
    for name, every in [("faces.mp4", 3), ("noface.mp4", 5)]:
        for index, rgb in video_frames_rgb(os.path.join(FIXTURES, name), every):
            gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
            result["detections"].append({"image": name, "frame": index, "every": every,
                                         "parameters": parameters_json(FER_PARAMETERS),
                                         "boxes": boxes(fer_cascade, gray, **FER_PARAMETERS)})

    # New-format cascades cut down to a few stages: stumps, trees with tilted features.
    cuts = [("haarcascade_frontalface_default.xml", 6, "cascade_face_6stages.xml",
             dict(scaleFactor=1.1, minNeighbors=3, minSize=(40, 40))),
            ("haarcascade_eye_tree_eyeglasses.xml", 4, "cascade_eyeglasses_tree_4stages.xml",
             dict(scaleFactor=1.3, minNeighbors=2, minSize=(48, 48))),
            ("haarcascade_smile.xml", 3, "cascade_smile_3stages.xml",
             dict(scaleFactor=1.2, minNeighbors=3, minSize=(40, 40)))]
    for source, stage_count, target, parameters in cuts:
        path = cut_cascade(os.path.join(OPENCV_DATA, source), stage_count, target)
        cascade = cv2.CascadeClassifier(path)
        assert not cascade.empty(), path
        for name in ["astronaut.png"]:
            gray = gray_of(os.path.join(FIXTURES, name))
            result["cascades"].append({"cascade": target, "image": name, "parameters": parameters_json(parameters),
                                       "boxes": boxes(cascade, gray, **parameters)})
    # The tree cascade again in the old layout (left_node/right_node, tilted features): OpenCV
    # converts it back on load and must find the same boxes.
    old_layout = new_to_old(os.path.join(OUTPUT, "cascade_eyeglasses_tree_4stages.xml"),
                            "cascade_eyeglasses_tree_4stages_old.xml")
    parameters = dict(scaleFactor=1.3, minNeighbors=2, minSize=(48, 48))
    old_cascade = cv2.CascadeClassifier(old_layout)
    assert not old_cascade.empty() and not old_cascade.isOldFormatCascade()
    gray = gray_of(os.path.join(FIXTURES, "astronaut.png"))
    old_boxes = boxes(old_cascade, gray, **parameters)
    assert old_boxes == boxes(cv2.CascadeClassifier(os.path.join(OUTPUT, "cascade_eyeglasses_tree_4stages.xml")),
                              gray, **parameters)
    result["cascades"].append({"cascade": "cascade_eyeglasses_tree_4stages_old.xml", "image": "astronaut.png",
                               "parameters": parameters_json(parameters), "boxes": old_boxes})

    # The full new-format cascade must agree with fer's old-format one (only when opencv-data is there).
    full = cv2.CascadeClassifier(os.path.join(OPENCV_DATA, "haarcascade_frontalface_default.xml"))
    for name in ["astronaut.png", "group.png"]:
        gray = gray_of(os.path.join(FIXTURES, name))
        result["cascades"].append({"cascade": os.path.join(OPENCV_DATA, "haarcascade_frontalface_default.xml"),
                                   "image": name, "parameters": parameters_json(FER_PARAMETERS),
                                   "boxes": boxes(full, gray, **FER_PARAMETERS)})

    # PNG variants written here (small, committed): alpha, palette with transparency, 16 bits,
    # gray with alpha, 1-bit gray. cv2.imread(IMREAD_COLOR) drops alpha, keeps the
    # high byte of 16-bit samples and ignores gamma.
    from PIL import Image
    astronaut = cv2.imread(os.path.join(FIXTURES, "astronaut.png"))[150:183, 180:221]  # 41 x 33 BGR
    rgb = cv2.cvtColor(astronaut, cv2.COLOR_BGR2RGB)
    alpha = (np.arange(41 * 33) % 256).astype(np.uint8).reshape(33, 41)
    variants = {
        "png_rgba.png": Image.fromarray(np.dstack([rgb, alpha]), "RGBA"),
        "png_palette_trns.png": Image.fromarray(rgb).quantize(colors=16),
        "png_gray_alpha.png": Image.fromarray(np.dstack([rgb[:, :, 1], alpha]), "LA"),
        "png_gray_1bit.png": Image.fromarray(rgb[:, :, 0] > 128),
    }
    variants["png_palette_trns.png"].info["transparency"] = 3
    for name, image in variants.items():
        image.save(os.path.join(OUTPUT, name), transparency=3) if "trns" in name else image.save(os.path.join(OUTPUT, name))
    cv2.imwrite(os.path.join(OUTPUT, "png_16bit.png"), (astronaut.astype(np.uint16) * 257 + 3))
    result["pngVariants"] = {}
    for name in list(variants) + ["png_16bit.png"]:
        gray = gray_of(os.path.join(OUTPUT, name))
        result["pngVariants"][name] = {"width": gray.shape[1], "height": gray.shape[0],
                                       "fnv1a64": fnv1a64(gray.tobytes())}

    # A CMYK JPEG (Adobe, inverted samples, as Photoshop and PIL write them).
    Image.fromarray(rgb).convert("CMYK").save(os.path.join(OUTPUT, "jpeg_cmyk.jpg"), quality=90)
    gray = gray_of(os.path.join(OUTPUT, "jpeg_cmyk.jpg"))
    result["cmyk"] = {"width": gray.shape[1], "height": gray.shape[0], "fnv1a64": fnv1a64(gray.tobytes())}

    # EXIF orientations: astronaut.jpg with an APP1 Exif segment (orientation k) after SOI.
    with open(os.path.join(FIXTURES, "astronaut.jpg"), "rb") as handle:
        jpeg = handle.read()
    result["exif"] = {}
    for orientation in range(1, 9):
        tiff = b"II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00"
        tiff += bytes([orientation, 0, 0, 0]) + b"\x00\x00\x00\x00"
        payload = b"Exif\x00\x00" + tiff
        tagged = jpeg[:2] + b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload + jpeg[2:]
        image = cv2.imdecode(np.frombuffer(tagged, dtype=np.uint8), cv2.IMREAD_COLOR)
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        result["exif"][str(orientation)] = {"width": gray.shape[1], "height": gray.shape[0],
                                            "fnv1a64": fnv1a64(gray.tobytes())}

    # PNG eXIf orientations: camera.png (512 x 512) cropped to 64 x 40 by cv2, with an eXIf chunk
    # right after IHDR.
    import zlib
    camera_crop = cv2.imread(os.path.join(FIXTURES, "camera.png"))[100:140, 200:264]
    ok, encoded = cv2.imencode(".png", camera_crop)
    png = encoded.tobytes()
    with open(os.path.join(OUTPUT, "png_exif_base.png"), "wb") as handle:
        handle.write(png)
    result["pngExif"] = {}
    for orientation in [3, 6, 8]:
        tiff = b"II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00"
        tiff += bytes([orientation, 0, 0, 0]) + b"\x00\x00\x00\x00"
        chunk = len(tiff).to_bytes(4, "big") + b"eXIf" + tiff + zlib.crc32(b"eXIf" + tiff).to_bytes(4, "big")
        tagged = png[:33] + chunk + png[33:]
        image = cv2.imdecode(np.frombuffer(tagged, dtype=np.uint8), cv2.IMREAD_COLOR)
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        result["pngExif"][str(orientation)] = {"width": gray.shape[1], "height": gray.shape[0],
                                               "fnv1a64": fnv1a64(gray.tobytes())}

    # OpenCV's tilted integral image on a small gradient, for the tilted-feature sums.
    small = (np.arange(6 * 5, dtype=np.int32).reshape(5, 6) * 37 % 256).astype(np.uint8)
    _, _, tilted = cv2.integral3(small)
    result["tilted"] = {"width": 6, "height": 5, "pixels": small.flatten().tolist(),
                        "integral": tilted.flatten().tolist()}
    # Decoding and gray conversion are Media's to test; resizes and detections FaceAnalysis's.
    decoding = ["cmyk", "exif", "gray", "pngExif", "pngVariants"]
    write_json("opencv_decoding_reference.json",
               {key: result[key] for key in ["opencv"] + decoding}, MEDIA_OUTPUT)
    detection = {key: value for key, value in result.items() if key not in decoding}
    video = [entry for entry in result["detections"] if entry.get("frame") is not None]
    detection["detections"] = [entry for entry in result["detections"] if entry.get("frame") is None]
    write_json("opencv_reference.json", detection, DETECTION_OUTPUT)
    write_json("opencv_video_reference.json", {"opencv": result["opencv"], "detections": video})
    count = sum(len(entry["boxes"]) for entry in result["detections"] + result["cascades"])
    print("boxes:", count)


if __name__ == "__main__":
    main()
