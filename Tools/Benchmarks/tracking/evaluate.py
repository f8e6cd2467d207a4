#!/usr/bin/env python3
"""Scores face tracks against a clip's ground truth (see README.md).

  evaluate.py --truth people-truth.csv --records haar.jsonl [--events reid-events.csv]
              [--clip NAME] [--detector NAME] [--every N] [--detect-seconds S]
              [--min-visibility 0.5] [--iou 0.5] [--rate 24] [--event-window 3] [--json]

`--records` holds what `emotions detect --json` wrote: the ids scored as ours are the
`track.id` that detect itself gave each face (a face with no track, still tentative, has no
id). Three trackers are scored on exactly the same boxes, and on the frames the records have
(with `--every N`, every Nth), with py-motmetrics (IDF1, identity switches, MOTA at IoU 0.5):
ours, norfair's IoU tracker, and joining each frame's boxes to the last frame's by overlap.
With `--events`, each event of the clip is kept or not by each tracker's ids (events.py). The
labels are scored per person and expression: how often the raw per-frame label and our track's
steady label differ from the majority of the raw labels, and how long after the clip's change
of expression each shows it. `--detect-seconds`, detect's wall time, gives the cost a frame.
"""

import argparse
import collections
import csv
import json
import sys

import motmetrics
import numpy
from norfair import Detection, Tracker

import events
from events import iou


def read_truth(path, min_visibility):
    """Per frame, the people in view: (person, face, box)."""
    truth = collections.defaultdict(list)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if float(row["visibility"]) >= min_visibility:
                box = tuple(float(row[key]) for key in ("x", "y", "width", "height"))
                truth[int(row["frame"])].append((int(row["person"]), row["face"], box))
    return truth


def read_lines(path):
    with open(path) as handle:
        return [json.loads(line) for line in handle if line.strip()]


def ours(records):
    """Per frame, (id, box, raw label, steady label) of each face detect gave a track."""
    result = {}
    for record in records:
        result[record["frame"]] = [
            (face["track"]["id"], tuple(face["box"]), face["emotion"], face["track"]["emotion"])
            for face in record["faces"] if face.get("track") is not None]
    return result


def norfair_tracks(records):
    """norfair's tracker with IoU distance, its defaults otherwise (hit_counter_max 15,
    initialization_delay 7), on each frame's boxes; a tracked object counts in a frame when a
    box of that frame was matched to it, with that box."""
    tracker = Tracker(distance_function="iou", distance_threshold=0.7)
    result = {}
    for record in records:
        detections = []
        for face in record["faces"]:
            x, y, w, h = face["box"]
            detections.append(Detection(points=numpy.array([[x, y], [x + w, y + h]], dtype=float), data=face))
        objects = tracker.update(detections=detections)
        faces = []
        for tracked in objects:
            last = tracked.last_detection
            if last is not None and any(last is detection for detection in detections):
                faces.append((tracked.id, tuple(last.data["box"]), last.data["emotion"], None))
        result[record["frame"]] = faces
    return result


def joined_by_overlap(records, threshold=0.3):
    """Each box takes the id of the last frame's box it overlaps most (IoU >= threshold, each
    used once, greedily by overlap), or a new id: what a user writes first."""
    result = {}
    previous = []
    next_id = 1
    for record in records:
        boxes = [tuple(face["box"]) for face in record["faces"]]
        pairs = sorted(
            ((iou(box, old[1]), index, old[0]) for index, box in enumerate(boxes) for old in previous),
            reverse=True)
        ids = [None] * len(boxes)
        taken = set()
        for overlap, index, old_id in pairs:
            if overlap >= threshold and ids[index] is None and old_id not in taken:
                ids[index] = old_id
                taken.add(old_id)
        for index in range(len(boxes)):
            if ids[index] is None:
                ids[index] = next_id
                next_id += 1
        previous = list(zip(ids, boxes))
        result[record["frame"]] = [
            (ids[index], boxes[index], record["faces"][index]["emotion"], None) for index in range(len(boxes))]
    return result


def score(truth, hypotheses, frames, iou_threshold):
    accumulator = motmetrics.MOTAccumulator(auto_id=False)
    for frame in frames:
        people = truth.get(frame, [])
        faces = hypotheses.get(frame, [])
        distances = motmetrics.distances.iou_matrix(
            [box for _, _, box in people], [box for _, box, _, _ in faces], max_iou=1 - iou_threshold)
        accumulator.update([person for person, _, _ in people], [face[0] for face in faces], distances, frameid=frame)
    metrics = motmetrics.metrics.create().compute(
        accumulator, metrics=["idf1", "num_switches", "mota", "precision", "recall", "num_unique_objects"],
        name="run")
    row = metrics.loc["run"]
    identities = len({face[0] for faces in hypotheses.values() for face in faces})
    return {
        "idf1": float(row["idf1"]), "switches": int(row["num_switches"]), "mota": float(row["mota"]),
        "precision": float(row["precision"]), "recall": float(row["recall"]), "identities": identities,
        "people": int(row["num_unique_objects"]),
    }


def labels(truth, hypotheses, frames, rate, iou_threshold):
    """Flicker of raw and steady labels against each person's majority raw label, per person
    and face shown, and how long after a person's face changes each label shows the new one."""
    segments = collections.defaultdict(list)  # (person, face) -> [(frame, raw, steady)]
    for frame in frames:
        for person, face, box in truth.get(frame, []):
            best = max(hypotheses.get(frame, []), key=lambda hypothesis: iou(box, hypothesis[1]), default=None)
            if best is not None and iou(box, best[1]) >= iou_threshold:
                segments[(person, face)].append((frame, best[2], best[3]))
    raw_off = steady_off = total = 0
    rows = []
    for (person, face), seen in sorted(segments.items()):
        majority = collections.Counter(raw for _, raw, _ in seen).most_common(1)[0][0]
        raw = sum(1 for _, label, _ in seen if label != majority)
        steady = sum(1 for _, _, label in seen if label != majority)
        raw_off, steady_off, total = raw_off + raw, steady_off + steady, total + len(seen)
        rows.append({"person": person, "face": face, "frames": len(seen), "majority": majority,
                     "raw_off": raw, "steady_off": steady})
    shown_from = {}  # (person, face) -> the first frame the person shows the face
    for frame in sorted(truth):
        for person, face, _ in truth[frame]:
            shown_from.setdefault((person, face), frame)
    changes = []
    for (person, face), change in sorted(shown_from.items()):
        if change == min(start for (other, _), start in shown_from.items() if other == person):
            continue  # the person's first face: no change
        after = segments.get((person, face), [])
        if after:
            majority = collections.Counter(raw for _, raw, _ in after).most_common(1)[0][0]
            first_raw = next((frame for frame, label, _ in after if label == majority), None)
            first_steady = next((frame for frame, _, label in after if label == majority), None)
            changes.append({
                "person": person, "to": face, "label": majority, "at": change / rate,
                "raw_after": None if first_raw is None else (first_raw - change) / rate,
                "steady_after": None if first_steady is None else (first_steady - change) / rate,
            })
    return {
        "raw_flicker": raw_off / max(total, 1), "steady_flicker": steady_off / max(total, 1),
        "raw_off": raw_off, "steady_off": steady_off, "frames": total, "segments": rows, "changes": changes,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--truth", required=True)
    parser.add_argument("--records", required=True)
    parser.add_argument("--events", help="the clip's events CSV (Tools/make-people-clip)")
    parser.add_argument("--clip", default="")
    parser.add_argument("--detector", default="")
    parser.add_argument("--every", type=int, default=1, help="the --every detect was run with")
    parser.add_argument("--detect-seconds", type=float, help="detect's wall time on the clip, for the cost a frame")
    parser.add_argument("--min-visibility", type=float, default=0.5)
    parser.add_argument("--iou", type=float, default=0.5)
    parser.add_argument("--rate", type=float, default=24)
    parser.add_argument("--event-window", type=float, default=3, help="seconds to look back and on for an event's ids")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()

    truth = read_truth(arguments.truth, arguments.min_visibility)
    records = read_lines(arguments.records)
    if not records:
        sys.exit(f"evaluate.py: no records in {arguments.records}")
    if len({record["source"] for record in records}) != 1:
        sys.exit("evaluate.py: the records must be of one video")
    frames = [record["frame"] for record in records]
    # Only the sampled frames are scored: the truth of the others is not asked for.
    if any(frame % arguments.every for frame in frames):
        sys.exit(f"evaluate.py: records of frames that are not multiples of --every {arguments.every}")
    trackers = {"ours": ours(records), "norfair_iou": norfair_tracks(records),
                "joined_by_overlap": joined_by_overlap(records)}
    result = {"clip": arguments.clip, "detector": arguments.detector, "every": arguments.every,
              "frames": len(frames), "faces": sum(len(record["faces"]) for record in records)}
    for name, hypotheses in trackers.items():
        result[name] = score(truth, hypotheses, frames, arguments.iou)
    if arguments.events:
        try:
            rows = events.read_events(arguments.events)
        except (OSError, KeyError, ValueError) as error:
            sys.exit(f"evaluate.py: cannot read the events of {arguments.events}: {error}")
        window = round(arguments.event_window * arguments.rate)
        for name, hypotheses in trackers.items():
            checked = events.check(rows, events.matches(truth, hypotheses, arguments.iou), hypotheses, window)
            result[name]["events"] = checked
            result[name]["events_kept"] = sum(event["kept"] for event in checked)
            result[name]["events_total"] = len(checked)
    result["labels"] = labels(truth, trackers["ours"], frames, arguments.rate, arguments.iou)
    if arguments.detect_seconds:
        result["detect_seconds"] = arguments.detect_seconds
        result["seconds_per_frame"] = arguments.detect_seconds / len(frames)
    if arguments.json:
        print(json.dumps(result, sort_keys=True))
        return
    print(f"{arguments.clip or 'clip'} {arguments.detector or 'records'} every {arguments.every}: {len(frames)} frames, "
          f"{result['faces']} faces, ground truth at visibility >= {arguments.min_visibility}, IoU >= {arguments.iou}")
    print(f"  {'tracker':<20} {'IDF1':>6} {'switches':>8} {'MOTA':>6} {'precision':>9} {'recall':>6} {'ids':>4} {'events':>6}")
    for name in trackers:
        row = result[name]
        kept = f"{row['events_kept']}/{row['events_total']}" if "events" in row else "-"
        print(f"  {name:<20} {row['idf1']:6.3f} {row['switches']:8d} {row['mota']:6.3f} {row['precision']:9.3f} "
              f"{row['recall']:6.3f} {row['identities']:4d} {kept:>6}")
    for event in result["ours"].get("events", []):
        for row in event["rows"]:
            print(f"  event {event['event']} ({row['kind']}), person {row['person']}, frames {row['before']} -> "
                  f"{row['after']}: id {row['id_before']} -> {row['id_after']}, "
                  + ("kept" if row["kept"] else f"not kept ({row['why']})"))
    flicker = result["labels"]
    print(f"  labels off each person's majority: raw {flicker['raw_off']}/{flicker['frames']} "
          f"({100 * flicker['raw_flicker']:.1f}%), steady {flicker['steady_off']}/{flicker['frames']} "
          f"({100 * flicker['steady_flicker']:.1f}%)")
    for row in flicker["segments"]:
        print(f"    person {row['person']} ({row['face']}, {row['majority']}): {row['frames']} frames, "
              f"raw off {row['raw_off']}, steady off {row['steady_off']}")
    for change in flicker["changes"]:
        raw = "never" if change["raw_after"] is None else f"{change['raw_after']:.3f} s"
        steady = "never" if change["steady_after"] is None else f"{change['steady_after']:.3f} s"
        print(f"  change of person {change['person']} to {change['to']} ({change['label']}) at {change['at']:.2f} s: "
              f"raw label after {raw}, steady label after {steady}")
    if "seconds_per_frame" in result:
        print(f"  detect: {result['detect_seconds']:.2f} s, {1000 * result['seconds_per_frame']:.2f} ms a frame")


if __name__ == "__main__":
    main()
