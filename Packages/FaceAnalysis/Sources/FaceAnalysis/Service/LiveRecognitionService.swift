import Foundation

/// The real ``RecognitionService``: frame sources from FaceAnalysis and the
/// ``EmotionRecognizer`` with the model files found by ``ModelFiles/locate(modelDirectory:environment:currentDirectory:)``,
/// run by a ``RecognitionPipeline``.
///
/// The model is loaded on the first ``open(source:)``, once, and shared by every session.
public final class LiveRecognitionService: RecognitionService, @unchecked Sendable {
  /// fer's labels, in model order.
  public let labels = EmotionRecognizer.labels

  private let modelDirectory: String?
  private let options: RecognitionOptions
  private let saver: FrameSaver
  private let lock = NSLock()
  private var loaded: EmotionRecognizer?

  /// Creates the service; nothing is loaded until a source is opened.
  ///
  /// - Parameter saver: writes the frames sessions are asked to save.
  public init(
    modelDirectory: String? = nil, options: RecognitionOptions = RecognitionOptions(),
    saver: FrameSaver = FrameSaver()
  ) {
    self.modelDirectory = modelDirectory
    self.options = options
    self.saver = saver
  }

  /// The model files this service uses.
  public func modelFiles() throws(RecognizerError) -> ModelFiles {
    try ModelFiles.locate(modelDirectory: modelDirectory, detector: options.detector)
  }

  /// The recognizer, loaded on first use.
  public func recognizer() throws(RecognizerError) -> EmotionRecognizer {
    if let recognizer = lock.withLock({ loaded }) { return recognizer }
    let recognizer = try EmotionRecognizer(files: modelFiles(), options: options)
    lock.withLock { loaded = recognizer }
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

  /// Loads the model if needed and opens the source's stages, to run on the caller's threads.
  public func open(source: String) throws -> any RecognitionStages {
    let recognizer = try recognizer()
    return LiveRecognitionStages(source: try FrameSources.open(source), recognizer: recognizer)
  }

  /// Starts a ``RecognitionPipeline`` over the source: the model is loaded and the source
  /// opened on its reader thread.
  public func startSession(
    source: String, policy: RecognitionPolicy, delivery: RecognitionDelivery
  ) -> any RecognitionSession {
    let pipeline = RecognitionPipeline(source: source, policy: policy, delivery: delivery, saver: saver) {
      [self] in try open(source: source)
    }
    pipeline.start()
    return pipeline
  }
}

/// A frame source and the recognizer, timed per frame.
///
/// ``read()``, ``frame(at:)`` and ``close()`` touch the source from one thread at a time;
/// ``recognize(_:)`` only uses the recognizer, which is immutable, so it may run alongside.
final class LiveRecognitionStages: RecognitionStages, @unchecked Sendable {
  let summary: String
  let playback: Playback
  private let source: any FrameSource
  private let recognizer: EmotionRecognizer
  private let slides: [String]
  private let decoder = ImageDecoder()

  init(source: any FrameSource, recognizer: EmotionRecognizer) {
    self.source = source
    self.recognizer = recognizer
    var slides: [String] = []
    switch source {
    case let video as VideoSource:
      let rate = video.frameRate > 0 ? String(format: ", %g fps", video.frameRate) : ""
      summary = "\(source.name) (\(source.kind.rawValue), \(video.width)x\(video.height)\(rate))"
      let framesPerSecond = video.frameRate > 0 ? video.frameRate : nil
      playback =
        video.kind == .video
        ? .video(framesPerSecond: framesPerSecond)
        : .live(framesPerSecond: framesPerSecond, isCamera: video.kind == .camera)
    case let folder as FolderSource:
      slides = folder.files
      summary = "\(source.name) (folder, \(folder.files.count) image\(folder.files.count == 1 ? "" : "s"))"
      playback = .slideShow(count: folder.files.count)
    default:
      summary = "\(source.name) (\(source.kind.rawValue))"
      playback = source.kind == .image ? .still : .video(framesPerSecond: nil)
    }
    self.slides = slides
  }

  func read() throws -> Frame? { try source.next() }

  func frame(at index: Int) throws -> Frame {
    guard slides.indices.contains(index) else { throw RecognitionStagesError.noSlide(index: index) }
    do {
      return Frame(
        source: slides[index], index: index, time: nil,
        image: try decoder.decode(contentsOfFile: slides[index]))
    } catch {
      throw FrameSourceError.image(error)
    }
  }

  func recognize(_ frame: Frame) throws -> RecognizedFrame {
    let gray = frame.image.grayscale()
    let started = DispatchTime.now()
    let detections = try recognizer.faces(rgb: frame.image, gray: gray)
    let detected = DispatchTime.now()
    let faces = try recognizer.classify(gray: gray, faces: detections)
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
