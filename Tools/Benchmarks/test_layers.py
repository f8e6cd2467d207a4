"""Tests of layers.py's bookkeeping against hand-made inputs (no peer needed):
`python3 -m unittest test_layers` in this folder, as Tools/Benchmarks/run-tests does."""

import unittest

import layers


def layer(name, kind, *sources):
    return {"name": name, "class_name": kind, "inbound_nodes": [[[source, 0, 0, {}] for source in sources]]}


# A residual module as the fer model has them, in Keras 2's `model_config` form.
MODULE = [
    layer("input_1", "InputLayer"),
    layer("conv2d_1", "Conv2D", "input_1"),
    layer("batch_normalization_1", "BatchNormalization", "conv2d_1"),
    layer("activation_1", "Activation", "batch_normalization_1"),
    layer("separable_conv2d_1", "SeparableConv2D", "activation_1"),
    layer("batch_normalization_2", "BatchNormalization", "separable_conv2d_1"),
    layer("max_pooling2d_1", "MaxPooling2D", "batch_normalization_2"),
    layer("conv2d_2", "Conv2D", "activation_1"),
    layer("batch_normalization_3", "BatchNormalization", "conv2d_2"),
    layer("add_1", "Add", "max_pooling2d_1", "batch_normalization_3"),
    layer("global_average_pooling2d_1", "GlobalAveragePooling2D", "add_1"),
    layer("predictions", "Activation", "global_average_pooling2d_1"),
]


class StepOwnersTests(unittest.TestCase):
    def test_each_layer_runs_in_the_step_we_fuse_it_into(self):
        self.assertEqual(layers.step_owners(MODULE), {
            "input_1": "input_1",
            "conv2d_1": "conv2d_1",
            "batch_normalization_1": "conv2d_1",
            "activation_1": "conv2d_1",
            "separable_conv2d_1": "separable_conv2d_1",
            "batch_normalization_2": "separable_conv2d_1",
            "max_pooling2d_1": "max_pooling2d_1",
            "conv2d_2": "conv2d_2",
            "batch_normalization_3": "conv2d_2",
            "add_1": "conv2d_2",
            "global_average_pooling2d_1": "global_average_pooling2d_1",
            "predictions": "global_average_pooling2d_1",
        })


class CNNRowsTests(unittest.TestCase):
    def test_nodes_are_summed_per_step_and_both_sides_scaled_to_their_calls(self):
        owners = layers.step_owners(MODULE)
        steps = [[{"name": "conv2d_1", "seconds": 0.003}, {"name": "conv2d_2", "seconds": 0.001}]]
        # ONNX Runtime profiled: 8 ms in all against 4 ms a call unprofiled, so halved.
        ort = [{"seconds": [0.004, 0.004, 0.005], "nodes": [
            {"name": "model_1/conv2d_1/Conv2D__6", "op": "Reshape", "seconds": 0.001},
            {"name": "model_1/activation_1/Relu:0_nchwc", "op": "Conv", "seconds": 0.002},
            {"name": "model_1/batch_normalization_3/FusedBatchNormV3:0_nchwc", "op": "Conv", "seconds": 0.002},
            {"name": "model_1/add_1/add", "op": "Add", "seconds": 0.002},
            {"name": "ReorderOutput", "op": "ReorderOutput", "seconds": 0.001},
        ]}]
        # Ours profiled: 4 ms in all against 2 ms a call unprofiled, so halved too.
        rows = layers.cnn_rows(steps, 0.002, ort, owners)
        expected = [("conv2d_1", 0.0015, 0.001), ("conv2d_2", 0.0005, 0.002),
                     ("layout conversions (ONNX Runtime's NCHWc reorders)", 0.0, 0.001)]
        self.assertEqual([row[0] for row in rows], [row[0] for row in expected])
        for row, want in zip(rows, expected):
            self.assertAlmostEqual(row[1], want[1])
            self.assertAlmostEqual(row[2], want[2])


class KindSharesTests(unittest.TestCase):
    def test_ours_leaves_out_the_detector_and_other_libraries(self):
        samples = {
            ("libopenblasp-r0.3.21.so", "sgemm_kernel_HASWELL"): 50.0,
            ("libc.so.6", "__memset_avx2_unaligned_erms"): 10.0,
            ("bench", "depthwise_wide"): 20.0,
            ("bench", "horizontal_avx2"): 30.0,  # the letterbox: the detector's
            ("ld-linux-x86-64.so.2", "do_lookup_x"): 5.0,  # start-up
            ("bench", "$s9Inference10PlanRunnerV3run"): 20.0,
        }
        shares = layers.kind_shares(samples, "ours")
        products, _, _ = layers.KINDS[0]
        self.assertAlmostEqual(shares[products], 0.6)
        self.assertAlmostEqual(shares["depthwise"], 0.2)
        self.assertAlmostEqual(shares["other (Swift runtime and plan; TFLite's interpreter)"], 0.2)
        self.assertAlmostEqual(sum(shares.values()), 1.0)

    def test_xnnpack_counts_tflite_only(self):
        samples = {
            ("_pywrap_tensorflow_interpreter_wrapper.so", "xnn_f32_gemm_minmax_ukernel_5x16__fma3_broadcast"): 30.0,
            ("_pywrap_tensorflow_interpreter_wrapper.so", "xnn_f32_dwconv_minmax_ukernel_9p16c__fma3"): 10.0,
            ("libpython3.11.so.1.0", "gc_collect_main"): 40.0,  # the interpreter's start-up
        }
        shares = layers.kind_shares(samples, "xnnpack")
        self.assertAlmostEqual(shares[layers.KINDS[0][0]], 0.75)
        self.assertAlmostEqual(shares["depthwise"], 0.25)


if __name__ == "__main__":
    unittest.main()
