#!/usr/bin/env python3
"""The tracking benchmark's table, each figure beside its target (issue 50; see README.md).

  summary.py results.jsonl [--json]

`results.jsonl` holds what `run` gathered: one line per evaluate.py --json run (a clip, a
detector and an --every), and one line per detector with the speed of `detect` with tracks
and with `--no-tracks` on the 4-person clip ({"speed": {...}}). Standard library only.
"""

import json
import sys

# Issue 50's targets. `events`: "all", or the least number kept; `switches`: the most
# identity switches; `over_norfair`: the least lead in IDF1 over norfair's IoU tracker.
TARGETS = [
    {"clip": "reid", "detector": "blazeface", "every": 1, "idf1": 0.93, "events": "all"},
    {"clip": "reid", "detector": "blazeface", "every": 12, "idf1": 0.93, "events": "all"},
    {"clip": "reid", "detector": "blazeface", "every": 30, "idf1": 0.88, "events": 4},
    {"clip": "reid", "detector": "haar", "every": 1, "idf1": 0.85, "events": 4},
    {"clip": "people", "detector": "haar", "every": 1, "idf1": 0.95, "switches": 1, "over_norfair": 0.03},
    {"clip": "people", "detector": "blazeface", "every": 1, "idf1": 0.95, "switches": 1, "over_norfair": 0.03},
]
SPEED_TARGET = 0.8  # detect with tracks at least this share of --no-tracks' speed


def target_for(result):
    return next((target for target in TARGETS if all(
        target[key] == result.get(key) for key in ("clip", "detector", "every"))), None)


def judge(result, target):
    """(met, text) of a run against its target: text names each condition, met or missed."""
    ours = result["ours"]
    conditions = [(f"IDF1 >= {target['idf1']:.2f}", ours["idf1"] >= target["idf1"])]
    if "events" in target:
        total = ours.get("events_total")
        least = total if target["events"] == "all" else target["events"]
        kept = ours.get("events_kept")
        conditions.append((f"events >= {least}/{total}" if target["events"] != "all" else "every event",
                           kept is not None and least is not None and kept >= least))
    if "switches" in target:
        conditions.append((f"switches <= {target['switches']}", ours["switches"] <= target["switches"]))
    if "over_norfair" in target:
        lead = ours["idf1"] - result["norfair_iou"]["idf1"]
        conditions.append((f"IDF1 >= norfair + {target['over_norfair']:.2f}", lead >= target["over_norfair"] - 1e-9))
    met = all(ok for _, ok in conditions)
    return met, ", ".join(f"{text} [{'met' if ok else 'missed'}]" for text, ok in conditions)


def speed_ratio(speed):
    """detect's speed with tracks relative to --no-tracks (their medians' inverse ratio)."""
    return speed["no_tracks_seconds"] / speed["tracks_seconds"]


def summarise(lines):
    runs = [line for line in lines if "ours" in line]
    speeds = [line["speed"] for line in lines if "speed" in line]
    rows = []
    for result in runs:
        target = target_for(result)
        met, text = judge(result, target) if target else (None, "no target")
        ours = result["ours"]
        rows.append({
            "clip": result["clip"], "detector": result["detector"], "every": result["every"],
            "frames": result["frames"], "idf1": ours["idf1"], "switches": ours["switches"],
            "events_kept": ours.get("events_kept"), "events_total": ours.get("events_total"),
            "norfair_idf1": result["norfair_iou"]["idf1"], "norfair_switches": result["norfair_iou"]["switches"],
            "norfair_events_kept": result["norfair_iou"].get("events_kept"),
            "ms_per_frame": 1000 * result["seconds_per_frame"] if "seconds_per_frame" in result else None,
            "met": met, "target": text,
        })
    speed_rows = []
    for speed in speeds:
        ratio = speed_ratio(speed)
        speed_rows.append(dict(speed, ratio=ratio, met=ratio >= SPEED_TARGET))
    return {"runs": rows, "speed": speed_rows}


def show(summary):
    def events(kept, total):
        return "-" if total is None else f"{kept}/{total}"

    print(f"{'clip':<7} {'detector':<9} {'every':>5} {'frames':>6} {'IDF1':>6} {'switches':>8} {'events':>6} "
          f"{'norfair':>7} {'switches':>8} {'events':>6} {'ms/frame':>8}  target")
    for row in summary["runs"]:
        cost = "-" if row["ms_per_frame"] is None else f"{row['ms_per_frame']:.2f}"
        print(f"{row['clip']:<7} {row['detector']:<9} {row['every']:>5} {row['frames']:>6} {row['idf1']:6.3f} "
              f"{row['switches']:8d} {events(row['events_kept'], row['events_total']):>6} {row['norfair_idf1']:7.3f} "
              f"{row['norfair_switches']:8d} {events(row['norfair_events_kept'], row['events_total']):>6} "
              f"{cost:>8}  {row['target']}")
    for row in summary["speed"]:
        print(f"speed on {row['clip']} with {row['detector']} ({row['runs']} runs each, medians): detect "
              f"{row['tracks_seconds']:.3f} s, --no-tracks {row['no_tracks_seconds']:.3f} s: tracks at "
              f"{row['ratio']:.2f}x the speed (target >= {SPEED_TARGET}x: {'met' if row['met'] else 'missed'})")


def main():
    arguments = sys.argv[1:]
    if len(arguments) not in (1, 2) or (len(arguments) == 2 and "--json" not in arguments):
        sys.exit("usage: summary.py results.jsonl [--json]")
    path = next(argument for argument in arguments if argument != "--json")
    try:
        with open(path) as handle:
            lines = [json.loads(line) for line in handle if line.strip()]
    except (OSError, ValueError) as error:
        sys.exit(f"summary.py: cannot read {path}: {error}")
    summary = summarise(lines)
    if "--json" in arguments:
        print(json.dumps(summary, sort_keys=True))
    else:
        show(summary)


if __name__ == "__main__":
    main()
