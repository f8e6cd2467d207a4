import FaceDetection
import Pixels

/// SFace's input: a face moved onto the ArcFace 112x112 template by a similarity transform and
/// read bilinearly (`RGBImage.warped(by:width:height:)`), as Tools/reference/sface_reference.py
/// aligns the crops of the reference embeddings.
///
/// A face with BlazeFace's keypoints (eyes, nose tip, mouth centre first) maps them onto the
/// template's eyes, nose tip and the midpoint of its mouth corners by the least-squares
/// similarity. A face without them (the Haar cascade's) maps its box by a fixed rule: no
/// rotation, ``boxSpan`` crop pixels per box width, the box's centre onto ``boxCentre``.
enum FaceAlignment {
  /// The side of the square crop, in pixels.
  static let side = 112

  /// The ArcFace template (InsightFace's `arcface_dst`) in crop pixels: the eye on the image's
  /// left, the other eye, the nose tip, the left and the right mouth corner.
  static let template = [
    PixelPoint(x: 38.2946, y: 51.6963), PixelPoint(x: 73.5318, y: 51.5014),
    PixelPoint(x: 56.0252, y: 71.7366),
    PixelPoint(x: 41.5493, y: 92.3655), PixelPoint(x: 70.7299, y: 92.2041),
  ]

  /// Where BlazeFace's keypoints 0 to 3 go: the template's eyes and nose tip, and the midpoint
  /// of its mouth corners for the mouth centre. The ear tragions (4, 5) have no counterpart.
  static let keypointTargets = [
    template[0], template[1], template[2],
    PixelPoint(x: (template[3].x + template[4].x) / 2, y: (template[3].y + template[4].y) / 2),
  ]

  /// How many crop pixels a box's width spans in the fixed rule for faces without keypoints.
  ///
  /// This and ``boxCentre`` come from Tools/reference/haar_alignment_fit.py: on the 5 fixture
  /// faces that both BlazeFace (full range) and the Haar cascade with fer's settings found, it
  /// fits each face's similarity from its keypoints and takes its scale times the Haar box's
  /// width (mean 97.92, sd 8.05) and where the box's centre lands (mean (55.68, 66.25), sd
  /// (3.1, 6.1)); their rotations average −2.8°, so the rule has none. It puts those faces'
  /// keypoints 7.4 crop pixels from the template on average, against 0 for the keypoint fit.
  static let boxSpan = 97.92

  /// Where the rule for faces without keypoints puts the box's centre, in crop pixels.
  static let boxCentre = PixelPoint(x: 55.68, y: 66.25)

  /// The transform from picture to crop for a face: the least-squares similarity of its first
  /// four keypoints when it has them and they are not degenerate, the box rule otherwise.
  static func transform(box: BoundingBox, keypoints: [PixelPoint]) -> SimilarityTransform {
    if keypoints.count >= keypointTargets.count,
      let fit = SimilarityTransform.estimate(
        from: Array(keypoints.prefix(keypointTargets.count)), to: keypointTargets)
    {
      return fit
    }
    return transform(box: box)
  }

  /// The fixed rule for a face without keypoints: scale ``boxSpan`` / width, no rotation, the
  /// box's centre onto ``boxCentre``.
  static func transform(box: BoundingBox) -> SimilarityTransform {
    let scale = boxSpan / Double(max(1, box.width))
    let centreX = Double(box.x) + Double(box.width) / 2
    let centreY = Double(box.y) + Double(box.height) / 2
    return SimilarityTransform(
      scale: scale, tx: boxCentre.x - scale * centreX, ty: boxCentre.y - scale * centreY)
  }

  /// The `side` x `side` crop of `face` from `image`.
  static func alignedFace(_ face: DetectedFace, in image: RGBImage) -> RGBImage {
    image.warped(by: transform(box: face.box, keypoints: face.keypoints), width: side, height: side)
  }

  /// The `side` x `side` crop of a recognised `face` from `image`.
  static func alignedFace(_ face: RecognizedFace, in image: RGBImage) -> RGBImage {
    image.warped(by: transform(box: face.box, keypoints: face.keypoints), width: side, height: side)
  }
}
