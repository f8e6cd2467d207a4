"""Tests of peers.py's SFace bookkeeping against hand-made inputs (no peer, venv or build needed):
`python3 -m unittest test_peers` in this folder, as Tools/Benchmarks/run-tests does."""

import os
import subprocess
import sys
import unittest

import peers

ROOT = "/repo"
BENCH = "/build/bench"
ME = ["/venv/python", "/repo/Tools/Benchmarks/peers.py", "worker"]
FOLDED = "/venv/sface_folded.onnx"


class SFaceCommandsTests(unittest.TestCase):
    def test_both_sides_run_the_same_face_at_the_same_thread_count(self):
        ours, peer = peers.sface_commands(BENCH, ME, ROOT, FOLDED, 2, repeats=50)
        self.assertEqual(ours, [
            BENCH, "sface", "/repo/Fixtures/astronaut.png",
            "--model", "/repo/Models/face_recognition_sface_2021dec_int8bq.onnx",
            "--threads", "2", "--repeats", "50"])
        self.assertEqual(peer, ME + [
            "ort-sface", "--onnx", FOLDED,
            "--faces", "/repo/Packages/FaceAnalysis/Tests/FaceAnalysisTests/Fixtures/sface_crops.u8",
            "--threads", "2", "--repeats", "50"])


class SFaceRoundTests(unittest.TestCase):
    def test_a_round_runs_ours_then_the_peer_at_one_and_two_threads_and_keeps_each_median(self):
        calls = []

        def child(command):
            calls.append(command)
            threads = int(command[command.index("--threads") + 1])
            if command[0] == BENCH:  # ours: 30 ms on one thread, 16 on two
                return {"model_seconds": [0.030 / threads + 0.001, 0.030 / threads, 9.0]}
            return {"seconds": [0.028 / threads, 0.028 / threads, 0.0]}

        results = {}
        peers.sface_round(child, results, BENCH, ME, ROOT, FOLDED)
        peers.sface_round(child, results, BENCH, ME, ROOT, FOLDED)
        self.assertEqual([(c[0] == BENCH, c[c.index("--threads") + 1]) for c in calls],
                         [(True, "1"), (False, "1"), (True, "2"), (False, "2")] * 2)
        self.assertEqual(sorted(results), [("sface", 1, "onnxruntime"), ("sface", 1, "ours"),
                                           ("sface", 2, "onnxruntime"), ("sface", 2, "ours")])
        self.assertAlmostEqual(results[("sface", 1, "ours")][0], 0.031)
        self.assertAlmostEqual(results[("sface", 2, "ours")][1], 0.016)
        self.assertAlmostEqual(results[("sface", 2, "onnxruntime")][0], 0.014)
        self.assertEqual(len(results[("sface", 1, "onnxruntime")]), 2)


class SFaceLinesTests(unittest.TestCase):
    def test_rows_give_the_median_over_rounds_and_the_peer_over_ours(self):
        results = {
            ("sface", 1, "ours"): [0.020, 0.025, 0.030],
            ("sface", 1, "onnxruntime"): [0.028, 0.027, 0.040],
            ("sface", 2, "ours"): [0.016],
            ("sface", 2, "onnxruntime"): [0.012],
        }
        self.assertEqual(peers.sface_lines(results), [
            "| SFace, model, one aligned 112x112 face, 1 thread | 25.00 ms "
            "| ONNX Runtime, weights folded to floats (1 thread) | 28.00 ms | **1.12x** |",
            "| SFace, model, one aligned 112x112 face, 2 threads | 16.00 ms "
            "| ONNX Runtime, weights folded to floats (2 threads) | 12.00 ms | **0.75x** |",
        ])


class SFaceOptionsTests(unittest.TestCase):
    def run_peers(self, *arguments):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peers.py")
        return subprocess.run([sys.executable, script, "run", "--bench", BENCH, "--onnx", "/x.onnx",
                               "--root", ROOT, *arguments], capture_output=True, text=True)

    def test_the_sface_section_needs_the_folded_model(self):
        run = self.run_peers("--only", "sface")
        self.assertEqual(run.returncode, 2)
        self.assertIn("--sface-onnx", run.stderr)


if __name__ == "__main__":
    unittest.main()
