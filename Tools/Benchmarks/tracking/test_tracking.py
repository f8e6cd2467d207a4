"""Tests of the tracking benchmark's bookkeeping on hand-made inputs (no clip, venv or build
needed): which events a run's ids keep (events.py), and each figure against its target
(summary.py). Tools/Benchmarks/run-tests runs them."""

import os
import tempfile
import unittest

import events
import summary

A, B, C = (0, 0, 10, 10), (100, 0, 10, 10), (200, 0, 10, 10)


def event(name, kind, person, before, after):
    return {"event": name, "kind": kind, "person": person, "before": before, "after": after}


class MatchesTests(unittest.TestCase):
    def test_each_face_goes_to_the_person_it_overlaps_most_and_weak_overlaps_are_no_match(self):
        truth = {0: [(1, "f", A), (2, "f", B)], 1: [(1, "f", A)]}
        hypotheses = {
            0: [(7, (1, 0, 10, 10)), (8, (100, 0, 10, 10)), (9, (200, 0, 10, 10))],
            1: [(7, (6, 0, 10, 10))],  # IoU 4/16 = 0.25: below 0.5
        }
        self.assertEqual(events.matches(truth, hypotheses, 0.5), {0: {1: 7, 2: 8}, 1: {}})

    def test_one_face_is_matched_to_one_person_only(self):
        truth = {0: [(1, "f", A), (2, "f", (1, 0, 10, 10))]}
        self.assertEqual(events.matches(truth, {0: [(5, (1, 0, 10, 10))]}, 0.5), {0: {2: 5}})


class IdNearTests(unittest.TestCase):
    matched = {0: {1: 3}, 12: {1: 4}, 24: {}, 36: {1: 6}, 96: {1: 9}}

    def test_before_is_the_last_id_at_or_before_the_frame_within_the_window(self):
        self.assertEqual(events.id_near(self.matched, 1, 30, 72, forward=False), 4)  # 24 has no match
        self.assertEqual(events.id_near(self.matched, 1, 36, 72, forward=False), 6)
        self.assertIsNone(events.id_near(self.matched, 1, 95, 50, forward=False))  # 36 is 59 frames back

    def test_after_is_the_first_id_at_or_after_the_frame_within_the_window(self):
        self.assertEqual(events.id_near(self.matched, 1, 13, 72, forward=True), 6)
        self.assertIsNone(events.id_near(self.matched, 1, 37, 59, forward=True))  # 96 is 59 on
        self.assertIsNone(events.id_near(self.matched, 2, 0, 100, forward=True))


class CheckTests(unittest.TestCase):
    def test_a_same_event_is_kept_when_the_id_after_is_the_id_before(self):
        matched = {10: {1: 4}, 40: {1: 4}, 50: {1: 5}}
        hypotheses = {10: [(4, A)], 40: [(4, A)], 50: [(5, A)]}
        kept = events.check([event("leave", "same", 1, 10, 40)], matched, hypotheses, 24)
        self.assertEqual(kept, [{"event": "leave", "kept": True, "rows": [{
            "person": 1, "kind": "same", "before": 10, "after": 40, "id_before": 4, "id_after": 4,
            "kept": True, "why": ""}]}])
        lost = events.check([event("leave", "same", 1, 10, 45)], matched, hypotheses, 24)
        self.assertFalse(lost[0]["kept"])
        self.assertEqual(lost[0]["rows"][0]["why"], "another id after")

    def test_a_tentative_track_held_back_a_few_frames_still_gives_its_id_after(self):
        # At frame 40 the face has no id yet (no match): the first id from 40 on counts.
        matched = {10: {1: 4}, 40: {}, 41: {}, 42: {1: 4}}
        kept = events.check([event("look-away", "same", 1, 10, 40)], matched, {}, 24)
        self.assertTrue(kept[0]["kept"])

    def test_no_id_before_or_after_is_not_kept(self):
        no_before = events.check([event("e", "same", 1, 10, 40)], {40: {1: 4}}, {}, 24)
        self.assertEqual((no_before[0]["kept"], no_before[0]["rows"][0]["why"]), (False, "no id before"))
        no_after = events.check([event("e", "same", 1, 10, 40)], {10: {1: 4}, 70: {1: 4}}, {}, 24)
        self.assertEqual((no_after[0]["kept"], no_after[0]["rows"][0]["why"]), (False, "no id after"))

    def test_a_swap_is_kept_only_when_both_rows_are(self):
        rows = [event("pillar", "same", 1, 10, 40), event("pillar", "same", 2, 10, 40)]
        right = {10: {1: 1, 2: 2}, 40: {1: 1, 2: 2}}
        crossed = {10: {1: 1, 2: 2}, 40: {1: 2, 2: 1}}
        half = {10: {1: 1, 2: 2}, 40: {1: 1, 2: 3}}
        self.assertTrue(events.check(rows, right, {}, 24)[0]["kept"])
        self.assertFalse(events.check(rows, crossed, {}, 24)[0]["kept"])
        result = events.check(rows, half, {}, 24)
        self.assertEqual(len(result), 1)
        self.assertEqual([row["kept"] for row in result[0]["rows"]], [True, False])
        self.assertFalse(result[0]["kept"])

    def test_a_stranger_must_get_an_id_no_one_had_up_to_before(self):
        rows = [event("stranger", "new", 5, 30, 31)]
        hypotheses = {0: [(1, A), (2, B)], 30: [(2, B)], 31: [(9, B)], 60: [(2, C)]}
        # The lost person's id 2, given again: not kept. Id 9, never seen up to 30: kept, even
        # if another face has it later.
        taken = events.check(rows, {31: {5: 2}}, hypotheses, 24)
        self.assertEqual((taken[0]["kept"], taken[0]["rows"][0]["why"]), (False, "an id given before"))
        self.assertTrue(events.check(rows, {31: {5: 9}}, hypotheses, 24)[0]["kept"])
        self.assertEqual(events.check(rows, {31: {}}, hypotheses, 24)[0]["rows"][0]["why"], "no id after")

    def test_separate_events_are_counted_separately(self):
        rows = [event("a", "same", 1, 0, 10), event("b", "same", 1, 10, 20)]
        result = events.check(rows, {0: {1: 1}, 10: {1: 1}, 20: {1: 2}}, {}, 5)
        self.assertEqual([(e["event"], e["kept"]) for e in result], [("a", True), ("b", False)])


class ReadEventsTests(unittest.TestCase):
    def write(self, text):
        handle = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False)
        handle.write(text)
        handle.close()
        self.addCleanup(os.unlink, handle.name)
        return handle.name

    def test_rows_are_read_with_numbers(self):
        path = self.write("event,kind,person,before,after\ncut,same,1,287,288\nstranger,new,5,287,288\n")
        self.assertEqual(events.read_events(path), [event("cut", "same", 1, 287, 288),
                                                    event("stranger", "new", 5, 287, 288)])

    def test_an_unknown_kind_is_refused(self):
        with self.assertRaises(ValueError):
            events.read_events(self.write("event,kind,person,before,after\ncut,maybe,1,2,3\n"))


def run(clip, detector, every, idf1, switches=0, kept=None, total=None, norfair=0.5):
    ours = {"idf1": idf1, "switches": switches}
    if total is not None:
        ours.update(events_kept=kept, events_total=total)
    return {"clip": clip, "detector": detector, "every": every, "frames": 100, "ours": ours,
            "norfair_iou": {"idf1": norfair, "switches": 3}, "seconds_per_frame": 0.01}


class TargetTests(unittest.TestCase):
    def judge(self, result):
        return summary.judge(result, summary.target_for(result))

    def test_blazeface_on_the_reid_clip_at_full_rate_needs_every_event(self):
        met, text = self.judge(run("reid", "blazeface", 1, 0.95, kept=5, total=5))
        self.assertTrue(met)
        self.assertEqual(text, "IDF1 >= 0.93 [met], every event [met]")
        self.assertFalse(self.judge(run("reid", "blazeface", 12, 0.95, kept=4, total=5))[0])
        self.assertFalse(self.judge(run("reid", "blazeface", 1, 0.92, kept=5, total=5))[0])

    def test_every_30_and_haar_need_four_of_five(self):
        self.assertTrue(self.judge(run("reid", "blazeface", 30, 0.88, kept=4, total=5))[0])
        self.assertFalse(self.judge(run("reid", "blazeface", 30, 0.88, kept=3, total=5))[0])
        met, text = self.judge(run("reid", "haar", 1, 0.84, kept=5, total=5))
        self.assertFalse(met)
        self.assertEqual(text, "IDF1 >= 0.85 [missed], events >= 4/5 [met]")

    def test_the_people_clip_needs_few_switches_and_a_lead_over_norfair(self):
        self.assertTrue(self.judge(run("people", "haar", 1, 0.96, switches=1, norfair=0.93))[0])
        met, text = self.judge(run("people", "haar", 1, 0.96, switches=2, norfair=0.94))
        self.assertFalse(met)
        self.assertEqual(text, "IDF1 >= 0.95 [met], switches <= 1 [missed], IDF1 >= norfair + 0.03 [missed]")

    def test_sampled_runs_without_a_target_say_so(self):
        self.assertIsNone(summary.target_for(run("people", "blazeface", 12, 0.5)))
        rows = summary.summarise([run("people", "blazeface", 12, 0.5)])["runs"]
        self.assertEqual((rows[0]["met"], rows[0]["target"]), (None, "no target"))

    def test_the_speed_is_no_tracks_time_over_tracks_time(self):
        speed = {"clip": "people.mp4", "detector": "haar", "runs": 3, "tracks_seconds": 2.0, "no_tracks_seconds": 1.5}
        (row,) = summary.summarise([{"speed": speed}])["speed"]
        self.assertAlmostEqual(row["ratio"], 0.75)
        self.assertFalse(row["met"])
        speed["tracks_seconds"] = 1.8
        self.assertTrue(summary.summarise([{"speed": speed}])["speed"][0]["met"])


if __name__ == "__main__":
    unittest.main()
