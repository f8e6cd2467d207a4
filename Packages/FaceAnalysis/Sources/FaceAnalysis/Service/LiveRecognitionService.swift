import Foundation
import Media
import System

/// The real ``RecognitionService``: frame sources from FaceAnalysis and the
/// ``EmotionRecognizer`` with the model files found by ``ModelFiles/locate(modelDirectory:environment:currentDirectory:)``,
/// run by a ``RecognitionPipeline``.
///
/// The model of `options.detector` is loaded on the first ``open(source:)``, once, and shared
/// by every session; a session that switches detectors (``RecognitionSession/setDetector(_:)``)
/// loads the other detector's model on first use, and keeps it for the sessions after it. The
/// emotion model is loaded once for all detectors. SFace's model is loaded on the first stream,
/// once, so that its tracker knows people again by their faces; without it (``embedder()``),
/// streams follow people by motion alone.
public final class LiveRecognitionService: RecognitionService, Sendable {
  private let modelDirectory: String?
  private let options: RecognitionOptions
  private let saving: FrameSaving
  /// The recognizers loaded so far, one per detector.
  private let loaded = LockedValue<[FaceDetectorKind: EmotionRecognizer]>([:])
  /// SFace once tried: loaded, or why not.
  private let embedding = LockedValue<Result<FaceEmbedder, RecognizerError>?>(nil)

  /// Creates the service; nothing is loaded until a source is opened.
  ///
  /// - Parameter saver: writes the frames sessions are asked to save.
  public init(
    modelDirectory: String? = nil, options: RecognitionOptions = RecognitionOptions(),
    saver: FrameSaver = FrameSaver()
  ) {
    self.modelDirectory = modelDirectory
    self.options = options
    saving = FrameSaving(saver: saver)
  }

  /// The detector sessions start with: the options'.
  public var detector: FaceDetectorKind { options.detector }

  /// The model files this service uses: the emotion model and the starting detector's.
  public func modelFiles() throws(RecognizerError) -> ModelFiles {
    try modelFiles(detector: options.detector)
  }

  /// The emotion model and `detector`'s model, from the model directory.
  public func modelFiles(detector: FaceDetectorKind) throws(RecognizerError) -> ModelFiles {
    try ModelFiles.locate(modelDirectory: modelDirectory, detector: detector)
  }

  /// The recognizer with the starting detector, loaded on first use.
  public func recognizer() throws(RecognizerError) -> EmotionRecognizer {
    try recognizer(detector: options.detector)
  }

  /// The recognizer that finds faces with `detector`, loaded on first use and kept: the first
  /// one loads the emotion model, the others share it and load only their detector.
  ///
  /// - Throws: ``RecognizerError/modelNotFound(file:searched:)`` (one line saying how to get
  ///   the file) when a model is missing, or why it could not be loaded.
  public func recognizer(detector: FaceDetectorKind) throws(RecognizerError) -> EmotionRecognizer {
    let (cached, shared) = loaded.withLock { ($0[detector], $0.values.first) }
    if let cached { return cached }
    var options = self.options
    options.detector = detector
    let files = try modelFiles(detector: detector)
    let made: EmotionRecognizer
    if let shared {
      var recognizer = EmotionRecognizer(
        detector: try EmotionRecognizer.loadDetector(files: files), classifier: shared.classifier,
        options: options)
      recognizer.threadsPerImage = shared.threadsPerImage
      made = recognizer
    } else {
      made = try EmotionRecognizer(files: files, options: options)
    }
    // Two threads may load the same detector at once; the first one kept wins.
    return loaded.withLock { loaded in
      if let first = loaded[detector] { return first }
      loaded[detector] = made
      return made
    }
  }

  /// The face embedder a stream's tracker asks for embeddings from: SFace
  /// (``FaceEmbedder/modelName``, found beside the emotion model as ``ModelFiles`` finds it),
  /// loaded on first use under a lock, so once for the service; the error (its model is missing
  /// or damaged) says why streams follow people by motion alone.
  public func embedder() -> Result<FaceEmbedder, RecognizerError> {
    embedding.withLock { embedding in
      if let embedding { return embedding }
      let loaded = Result { () throws(RecognizerError) -> FaceEmbedder in
        let files = try ModelFiles.locate(
          modelDirectory: modelDirectory, detector: options.detector, embeddings: true)
        guard let url = files.embeddingModel else {
          throw RecognizerError.modelNotFound(file: FaceEmbedder.modelName, searched: [])
        }
        return try FaceEmbedder(contentsOf: url)
      }
      embedding = loaded
      return loaded
    }
  }

  /// What the name points at, or why it will not do.
  public func inspect(source: String) -> SourceInspection {
    guard let located = FrameSourceFactory.locate(source) else {
      return .invalid(reason: "nothing at \(source)")
    }
    switch located.kind {
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
  /// The stages start with the options' detector; switching them to another
  /// (``RecognitionStages/useDetector(_:)``) loads its model through this service. A stream's
  /// stages get the ``embedder()`` too, when it loads.
  public func open(source: String) throws -> any RecognitionStages {
    let recognizer = try recognizer()
    let frames = try FrameSourceFactory.open(source)
    return LiveRecognitionStages(
      source: frames, detector: options.detector, recognizer: recognizer,
      embedder: frames.kind.isStream ? try? embedder().get() : nil
    ) { [self] kind throws(RecognizerError) in
      try self.recognizer(detector: kind)
    }
  }

  /// Starts a ``RecognitionPipeline`` over the source: the model is loaded and the source
  /// opened on its reader thread.
  public func startSession(
    source: String, policy: RecognitionPolicy, delivery: RecognitionDelivery
  ) -> any RecognitionSession {
    let pipeline = RecognitionPipeline(
      source: source, policy: policy, delivery: delivery,
      saving: saving, open: { [self] in try open(source: source) })
    pipeline.start()
    return pipeline
  }
}
