import FaceAnalysisInterface

/// What a ``FakeRecognitionService`` session plays for a source: `frameCount` frames (or the
/// slides of a slide show) made by `frame`, paced as `playback` says, then an ending.
public struct FakeScript: Sendable {
  /// The session's summary, such as `fake clip.mp4`; also each frame's name.
  public var summary: String
  /// How the source plays.
  public var playback: Playback
  /// Frames before the end (ignored by slide shows, whose count is in `playback`).
  public var frameCount: Int
  /// Frame `index`, recognised.
  public var frame: @Sendable (_ index: Int) -> RecognizedFrame
  /// The source fails after this many frames with this message: a lost camera for a live
  /// camera, a failure otherwise.
  public var failure: (after: Int, message: String)?
  /// The source cannot be opened; this is why.
  public var openFailure: String?
  /// Where a saved frame goes, or why it could not be saved.
  public var save: @Sendable (_ frame: RecognizedFrame) -> Result<String, FakeFailure>
  /// The detector the session starts with, reported after it opens.
  public var detector: FaceDetectorKind = .haar
  /// Detectors that cannot be switched to, each with the message the session reports.
  public var unavailableDetectors: [FaceDetectorKind: String] = [:]

  /// `frames` frames named `fake <name>` of a `width` x `height` picture, each with the faces
  /// `faces(index)` returns and the given detection and classification seconds, failing after
  /// `failure.after` frames when given.
  public init(
    name: String, frames: Int = 3, playback: Playback = .video(framesPerSecond: nil), width: Int = 4,
    height: Int = 2, timing: (detection: Double, classification: Double) = (0, 0),
    failure: (after: Int, message: String)? = nil,
    faces: @escaping @Sendable (Int) -> [RecognizedFace] = { _ in [FakeScript.happyFace] }
  ) {
    let summary = "fake \(name)"
    self.summary = summary
    self.playback = playback
    frameCount = frames
    self.failure = failure
    openFailure = nil
    save = { frame in .success("/tmp/fake-\(frame.index).png") }
    let slides: Bool = if case .slideShow = playback { true } else { false }
    let rate = playback.framesPerSecond
    frame = { index in
      let shade = UInt8(truncatingIfNeeded: 100 + index)
      var pixels = [UInt8](repeating: 0, count: width * height * 3)
      for offset in stride(from: 0, to: pixels.count, by: 3) {
        pixels[offset] = 200
        pixels[offset + 1] = shade
        pixels[offset + 2] = 50
      }
      return RecognizedFrame(
        index: index, time: rate.map { Double(index) / $0 } ?? Double(index) / 10,
        name: slides ? "slide\(index + 1).png" : summary,
        image: RGBImage(uncheckedWidth: width, height: height, pixels: pixels), faces: faces(index),
        detectionSeconds: timing.detection, classificationSeconds: timing.classification)
    }
  }

  /// One face at 1,0 2x2, happiest (75%).
  public static let happyFace = face(
    x: 1, y: 0, width: 2, height: 2, scores: [0, 0, 0, 0.75, 0.05, 0.1, 0.1])

  /// A face with `scores` in model order (``Emotion/allCases``); emotions past the end of the
  /// list score 0.
  public static func face(x: Int, y: Int, width: Int, height: Int, scores: [Float]) -> RecognizedFace {
    RecognizedFace(
      box: BoundingBox(x: x, y: y, width: width, height: height),
      scores: EmotionScores { emotion in
        Emotion.allCases.firstIndex(of: emotion).flatMap { scores.indices.contains($0) ? scores[$0] : nil }
          ?? 0
      })
  }

  /// 50 frames at 10 fps of a moving gradient with one face whose mood drifts from neutral to
  /// happy: what the demos show without a model.
  public static func synthetic(name: String) -> FakeScript {
    var script = FakeScript(name: name, frames: 50, playback: .video(framesPerSecond: 10))
    script.summary = "\(name) (synthetic, 160x90, 10 fps)"
    let summary = script.summary
    script.frame = { index in
      var pixels = [UInt8](repeating: 0, count: 160 * 90 * 3)
      for y in 0..<90 {
        for x in 0..<160 {
          let offset = (y * 160 + x) * 3
          pixels[offset] = UInt8((x + index * 3) % 256)
          pixels[offset + 1] = UInt8(y * 2)
          pixels[offset + 2] = 128
        }
      }
      let happy = Float(index) / 50
      let face = FakeScript.face(
        x: 50 + index, y: 20, width: 40, height: 40,
        scores: [0.02, 0.01, 0.02, happy * 0.9, 0.02, 0.03, 0.9 - happy * 0.9])
      return RecognizedFrame(
        index: index, time: Double(index) / 10, name: summary,
        image: RGBImage(uncheckedWidth: 160, height: 90, pixels: pixels), faces: [face])
    }
    return script
  }
}

/// The error a fake source reports.
public struct FakeFailure: Error, CustomStringConvertible, Sendable {
  /// One line.
  public var description: String

  /// An error saying `description`.
  public init(description: String) {
    self.description = description
  }
}
