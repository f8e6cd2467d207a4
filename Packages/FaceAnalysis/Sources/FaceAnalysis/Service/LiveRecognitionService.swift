import Foundation
import Synchronization

/// The real ``RecognitionService``: frame sources from FaceAnalysis and the
/// ``EmotionRecognizer`` with the model files found by ``ModelFiles/locate(modelDirectory:environment:currentDirectory:)``.
///
/// The model is loaded on the first ``open(source:)``, once, and shared by every session.
public final class LiveRecognitionService: RecognitionService {
  /// fer's labels, in model order.
  public let labels = EmotionRecognizer.labels

  private let modelDirectory: String?
  private let options: RecognitionOptions
  private let loaded = Mutex<EmotionRecognizer?>(nil)

  /// Creates the service; nothing is loaded until a source is opened.
  public init(modelDirectory: String? = nil, options: RecognitionOptions = RecognitionOptions()) {
    self.modelDirectory = modelDirectory
    self.options = options
  }

  /// The model files this service uses.
  public func modelFiles() throws(RecognizerError) -> ModelFiles {
    try ModelFiles.locate(modelDirectory: modelDirectory)
  }

  /// The recognizer, loaded on first use.
  public func recognizer() throws(RecognizerError) -> EmotionRecognizer {
    if let recognizer = loaded.withLock({ $0 }) { return recognizer }
    let recognizer = try EmotionRecognizer(files: modelFiles(), options: options)
    loaded.withLock { $0 = recognizer }
    return recognizer
  }

  /// What the name points at, or why it will not do.
  public func inspect(source: String) -> SourceInspection {
    guard let kind = FrameSources.kind(of: source) else {
      return .invalid(reason: "nothing at \(source)")
    }
    switch kind {
    case .image: return .valid(summary: "an image")
    case .folder: return .valid(summary: "a folder of images")
    case .list: return .valid(summary: "a list of inputs")
    case .video: return .valid(summary: "a video")
    case .lavfi:
      return source.count > "lavfi:".count
        ? .valid(summary: "an ffmpeg test source") : .invalid(reason: "lavfi: needs a filter graph")
    case .camera:
      return FileManager.default.fileExists(atPath: source)
        ? .valid(summary: "a camera") : .invalid(reason: "no camera at \(source)")
    }
  }

  /// Loads the model if needed and opens the source.
  public func open(source: String) throws -> any RecognitionSession {
    let recognizer = try recognizer()
    return LiveRecognitionSession(source: try FrameSources.open(source), recognizer: recognizer)
  }
}

/// A frame source and the recognizer, timed per frame. Used from one thread at a time.
final class LiveRecognitionSession: RecognitionSession, @unchecked Sendable {
  let summary: String
  let framesPerSecond: Double?
  private let source: any FrameSource
  private let recognizer: EmotionRecognizer

  init(source: any FrameSource, recognizer: EmotionRecognizer) {
    self.source = source
    self.recognizer = recognizer
    if let video = source as? VideoSource {
      let rate = video.frameRate > 0 ? String(format: ", %g fps", video.frameRate) : ""
      summary = "\(source.name) (\(source.kind.rawValue), \(video.width)x\(video.height)\(rate))"
      framesPerSecond = video.frameRate > 0 ? video.frameRate : nil
    } else {
      summary = "\(source.name) (\(source.kind.rawValue))"
      framesPerSecond = nil
    }
  }

  func next() throws -> RecognizedFrame? {
    guard let frame = try source.next() else { return nil }
    let gray = frame.image.grayscale()
    let started = DispatchTime.now()
    let boxes = try recognizer.faceBoxes(in: gray)
    let detected = DispatchTime.now()
    let faces = try recognizer.classify(gray: gray, boxes: boxes)
    let classified = DispatchTime.now()
    return RecognizedFrame(
      index: frame.index, time: frame.time ?? 0, name: frame.source, image: frame.image, faces: faces,
      detectionSeconds: Self.seconds(from: started, to: detected),
      classificationSeconds: Self.seconds(from: detected, to: classified))
  }

  func close() { source.close() }

  private static func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
    Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}
