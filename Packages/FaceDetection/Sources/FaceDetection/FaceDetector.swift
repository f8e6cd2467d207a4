import Foundation
import Pixels

/// Finds faces in a picture. The recognizer hands every detector both forms of the picture
/// it has anyway: the colours (BlazeFace reads them) and the gray image (the Haar cascade
/// reads it, and the crop for the emotion model is cut from it whichever detector ran).
public protocol FaceDetector: Sendable {
  /// The faces in the picture, in the detector's order. `rgb` is nil when only the gray
  /// picture exists; `options` are the Haar cascade's and other detectors ignore them.
  func detectFaces(rgb: RGBImage?, gray: GrayImage, options: DetectionOptions, threads: Int) -> [DetectedFace]
}

/// One face a ``FaceDetector`` found.
public struct DetectedFace: Sendable, Equatable {
  /// The box in whole pixels, as the crop uses it.
  public var box: BoundingBox
  /// The detector's confidence (0...1), when it gives one.
  public var confidence: Float?
  /// Keypoints in pixels, in ``BlazeFaceDetector/keypointNames`` order, when the detector gives them.
  public var keypoints: [PixelPoint]

  /// A face from its parts.
  public init(box: BoundingBox, confidence: Float? = nil, keypoints: [PixelPoint] = []) {
    self.box = box
    self.confidence = confidence
    self.keypoints = keypoints
  }
}

extension HaarFaceDetector: FaceDetector {
  /// `detect(in:options:threads:)` on the gray picture.
  public func detectFaces(
    rgb: RGBImage?, gray: GrayImage, options: DetectionOptions, threads: Int
  )
    -> [DetectedFace]
  {
    detect(in: gray, options: options, threads: threads).map { DetectedFace(box: $0) }
  }
}
