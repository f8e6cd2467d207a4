import Foundation
import Pixels

/// Finds faces in a picture, reading the form of it it needs: the colours (BlazeFace) or the
/// whole gray picture (the Haar cascade), which the picture then keeps for the emotion crop.
public protocol FaceDetector: Sendable {
  /// The faces in the picture, in the detector's order. `options` are the Haar cascade's and
  /// other detectors ignore them.
  func detectFaces(in picture: FacePicture, options: DetectionOptions, threads: Int) -> [DetectedFace]
}

/// One face a ``FaceDetector`` found.
public struct DetectedFace: Sendable, Equatable {
  /// The box in whole pixels, as the crop uses it.
  public var box: BoundingBox
  /// How sure the detector is that this is a face (0...1), when it says (BlazeFace does, the
  /// Haar cascade does not); named as ``RecognizedFace``'s copy of it.
  public var detectorConfidence: Float?
  /// Keypoints in pixels, in ``BlazeFaceDetector/keypointNames`` order, when the detector gives them.
  public var keypoints: [PixelPoint]

  /// A face from its parts.
  public init(box: BoundingBox, detectorConfidence: Float? = nil, keypoints: [PixelPoint] = []) {
    self.box = box
    self.detectorConfidence = detectorConfidence
    self.keypoints = keypoints
  }
}

extension HaarFaceDetector: FaceDetector {
  /// `detect(in:options:threads:)` on the whole gray picture.
  public func detectFaces(in picture: FacePicture, options: DetectionOptions, threads: Int) -> [DetectedFace]
  {
    detect(in: picture.gray, options: options, threads: threads).map { DetectedFace(box: $0) }
  }
}
