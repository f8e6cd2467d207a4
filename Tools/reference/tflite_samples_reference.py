#!/usr/bin/env python3
"""LiteRT's outputs on the small TFLite models the Inference tests write (run by hand, not in CI).

TFLiteBuilder (Packages/Inference/Tests/InferenceTests/Support) writes five multi-operator
models, committed in Packages/Inference/Tests/InferenceTests/Fixtures/tflite/<name>.tflite.
This runs each in Google's LiteRT interpreter (TFLite's reference kernels, no delegate) on
the input item i = ((i * 37) % 11) / 4 - 1.25 and writes every output, in order, flattened,
as float32 LE to <name>.litert.f32 beside it. TFLiteSampleModelTests checks the Swift runtime
against those files, which also shows the builder's files are models TFLite itself runs.

Environment (once):
  python3 -m venv /tmp/litert-venv
  /tmp/litert-venv/bin/pip install ai-edge-litert==2.3.0
Run:
  /tmp/litert-venv/bin/python Tools/reference/tflite_samples_reference.py
"""
import glob
import os

import numpy as np
from ai_edge_litert.interpreter import Interpreter, OpResolverType

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
folder = os.path.join(root, "Packages/Inference/Tests/InferenceTests/Fixtures/tflite")

for path in sorted(glob.glob(os.path.join(folder, "*.tflite"))):
    interpreter = Interpreter(
        model_path=path, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    interpreter.allocate_tensors()
    detail = interpreter.get_input_details()[0]
    count = int(np.prod(detail["shape"]))
    values = np.array([((i * 37) % 11) / 4 - 1.25 for i in range(count)], dtype=np.float32)
    interpreter.set_tensor(detail["index"], values.reshape(detail["shape"]))
    interpreter.invoke()
    outputs = [interpreter.get_tensor(o["index"]).astype("<f4").ravel()
               for o in interpreter.get_output_details()]
    target = path[: -len(".tflite")] + ".litert.f32"
    np.concatenate(outputs).tofile(target)
    print(os.path.relpath(target, root), [o.size for o in outputs])
