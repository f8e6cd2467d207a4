"""Tests of evaluate.py's scoring on hand-made embeddings (no photos, binary or venv needed):
Tools/Benchmarks/run-tests runs them."""

import unittest

import evaluate


class LargestTests(unittest.TestCase):
    def test_the_face_with_the_largest_box_area_is_kept(self):
        faces = [{"box": [0, 0, 10, 40]}, {"box": [5, 5, 30, 20]}, {"box": [1, 1, 20, 20]}]
        self.assertIs(evaluate.largest(faces), faces[1])
        self.assertIsNone(evaluate.largest([]))


class ScoresTests(unittest.TestCase):
    def test_rank1_asks_only_photos_whose_person_has_another_and_auc_counts_every_pair(self):
        persons = ["a", "a", "b", "b", "c"]
        embeddings = [
            [1.0, 0.0, 0.0],
            [0.9, 0.1, 0.0],   # a's second photo: nearest a's first
            [0.0, 1.0, 0.0],
            [0.8, 0.0, 0.6],   # b's second photo: nearer a's first (0.8) than b's first (0)
            [0.0, 0.0, 2.0],   # c, alone: a candidate, never a query; the scale does not count
        ]
        result = evaluate.scores(persons, embeddings)
        self.assertEqual(result["queries"], 4)
        self.assertEqual(result["correct"], 2)  # a, a right; b's first (nearest a's second), b's second wrong
        self.assertEqual(result["rank1"], 0.5)
        self.assertEqual((result["same_pairs"], result["different_pairs"]), (2, 8))
        self.assertEqual(result["nearest"][3][0], 0)
        self.assertAlmostEqual(result["nearest"][3][1], 0.8)
        # Same pairs: a-a 0.994, b-b 0. Different pairs: a1-b1 0, a1-b2 0.8, a1-c 0, a2-b1 0.110,
        # a2-b2 0.795, a2-c 0, b1-c 0, b2-c 0.6. a-a beats all 8; b-b beats none and ties the four
        # zeros (a half each).
        self.assertAlmostEqual(result["auc"], (8 + 2) / 16)
        self.assertAlmostEqual(result["lowest_same"], 0.0)
        self.assertAlmostEqual(result["highest_different"], 0.8)

    def test_embeddings_that_keep_people_apart_score_one(self):
        persons = ["a", "a", "b", "b"]
        embeddings = [[1, 0.1], [1, -0.1], [0.1, 1], [-0.1, 1]]
        result = evaluate.scores(persons, embeddings)
        self.assertEqual((result["rank1"], result["auc"]), (1.0, 1.0))


if __name__ == "__main__":
    unittest.main()
