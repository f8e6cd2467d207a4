"""The events of a clip's events CSV, kept or not by a run's track ids (see README.md).

Standard library only, so that its tests run with no venv. An events CSV (written by
Tools/make-people-clip) has rows `event,kind,person,before,after`:
  - kind `same`: the person's id after (the first id matched to them from frame `after` on) is
    the one before (the last id matched to them up to frame `before`);
  - kind `new`: the person's id after is none that any face had up to frame `before`.
An event of several rows (consecutive in the CSV) is kept when every row is. A person is matched to a face of a frame
when their boxes overlap at IoU >= the threshold (each face to at most one person, the best
overlaps first). Looking back from `before` and on from `after` spans `window` frames, so that
with `--every N` the nearest samples count, and so that a track held back a few frames while
it is tentative still gives its id; finding none there, the row is not kept.
"""

import csv


def iou(a, b):
    """Intersection over union of two (x, y, width, height) boxes."""
    left, top = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if right <= left or bottom <= top:
        return 0.0
    inter = (right - left) * (bottom - top)
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def read_events(path):
    """The rows of an events CSV, as dicts with int person, before and after."""
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        if row.get("kind") not in ("same", "new"):
            raise ValueError(f"{path}: event {row.get('event')} has kind {row.get('kind')!r}, not same or new")
        for key in ("person", "before", "after"):
            row[key] = int(row[key])
    return rows


def matches(truth, hypotheses, threshold):
    """Per frame of `hypotheses`, {person: id} of the people matched to a face with an id.

    `truth`: frame -> [(person, face, box)]; `hypotheses`: frame -> [(id, box, ...)]."""
    result = {}
    for frame, faces in hypotheses.items():
        people = truth.get(frame, [])
        pairs = sorted(((iou(box, face[1]), p, f) for p, (_, _, box) in enumerate(people)
                        for f, face in enumerate(faces)), reverse=True)
        taken_people, taken_faces, found = set(), set(), {}
        for overlap, p, f in pairs:
            if overlap >= threshold and p not in taken_people and f not in taken_faces:
                taken_people.add(p)
                taken_faces.add(f)
                found[people[p][0]] = faces[f][0]
        result[frame] = found
    return result


def id_near(matched, person, frame, window, forward):
    """The id matched to `person` nearest `frame` within `window` frames: the last at or
    before it, or with `forward` the first at or after it; None if there is none."""
    frames = sorted(f for f in matched if (frame <= f < frame + window if forward else frame - window < f <= frame))
    for f in (frames if forward else reversed(frames)):
        if person in matched[f]:
            return matched[f][person]
    return None


def check(events, matched, hypotheses, window):
    """Each event, in the order of the CSV: {"event", "kept", "rows": [{person, kind, before,
    after, id_before, id_after, kept, why}]}, `why` saying what went wrong ("" when kept)."""
    result = []
    for row in events:
        after = id_near(matched, row["person"], row["after"], window, forward=True)
        if row["kind"] == "same":
            before = id_near(matched, row["person"], row["before"], window, forward=False)
            kept = before is not None and after == before
            why = ("no id before" if before is None else "no id after" if after is None
                   else "" if kept else "another id after")
        else:
            seen = {face[0] for frame, faces in hypotheses.items() if frame <= row["before"] for face in faces}
            before = None
            kept = after is not None and after not in seen
            why = "no id after" if after is None else "" if kept else "an id given before"
        outcome = {"person": row["person"], "kind": row["kind"], "before": row["before"], "after": row["after"],
                   "id_before": before, "id_after": after, "kept": kept, "why": why}
        if result and result[-1]["event"] == row["event"]:
            result[-1]["rows"].append(outcome)
            result[-1]["kept"] = result[-1]["kept"] and kept
        else:
            result.append({"event": row["event"], "kept": kept, "rows": [outcome]})
    return result
