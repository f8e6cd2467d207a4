import FaceAnalysis

/// Haar face detection on gray frames: milliseconds per frame and the boxes found.
struct HaarBenchmark {
  let detector: HaarFaceDetector
  let repeats: Int

  /// One frame's result.
  struct Row {
    var name: String
    var width: Int
    var height: Int
    var sample: Sample
    var boxes: [BoundingBox]
  }

  /// Times `detect` on each frame with fer's options (scale 1.1, 5 neighbours, 50 px).
  func run(frames: [(name: String, image: GrayImage)]) -> [Row] {
    frames.map { name, image in
      var boxes: [BoundingBox] = []
      let sample = Sample.measure(warmUp: 2, repeats: repeats) {
        boxes = detector.detect(in: image)
      }
      return Row(name: name, width: image.width, height: image.height, sample: sample, boxes: boxes)
    }
  }
}
