import FaceAnalysis
import Foundation
import Media

/// `detect`'s work on a video split into its stages and run on one thread, frame after frame:
/// decoding, the grayscale copy (Haar's), face detection and emotion classification. Their shares say
/// which stage bounds a size once `detect` overlaps them on every core.
enum StageBenchmark {
  /// Times each stage over every frame of `video` with `detector`; prints one JSON object
  /// with the frames, the faces found and each stage's total seconds.
  static func run(video: String, detector: FaceDetectorKind, workspace: Workspace) throws {
    var recognizer = try EmotionRecognizer(
      files: try ModelFiles.locate(
        modelDirectory: workspace.root.appendingPathComponent("Models").path, detector: detector),
      options: RecognitionOptions(detector: detector))
    recognizer.threadsPerImage = 1
    let source = try VideoSource(input: video, kind: .video)
    defer { source.close() }
    var totals = (decode: 0.0, grayscale: 0.0, detection: 0.0, classification: 0.0)
    var frames = 0
    var faces = 0
    var size = (width: 0, height: 0)
    while true {
      let started = Clock.now()
      guard let frame = try source.next() else { break }
      let decoded = Clock.now()
      let picture = FacePicture(rgb: frame.image)
      // The cascade scans the whole gray picture; BlazeFace's faces alone are made gray, in
      // their crops, which the classification's time holds.
      if detector == .haar { _ = picture.gray }
      let converted = Clock.now()
      let found = try recognizer.faces(in: picture)
      let detected = Clock.now()
      faces += try recognizer.classify(picture, faces: found).count
      let classified = Clock.now()
      totals.decode += decoded - started
      totals.grayscale += converted - decoded
      totals.detection += detected - converted
      totals.classification += classified - detected
      frames += 1
      size = (frame.image.width, frame.image.height)
    }
    guard frames > 0 else { throw BenchError.usage("\(video) has no frames") }
    print(
      JSON.object([
        "frames": .integer(frames), "faces": .integer(faces), "width": .integer(size.width),
        "height": .integer(size.height),
        "seconds": .object([
          "decode": .number(totals.decode), "grayscale": .number(totals.grayscale),
          "detection": .number(totals.detection), "classification": .number(totals.classification),
        ]),
      ]).text)
  }
}
