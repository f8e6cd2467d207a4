import FaceAnalysisTracking
import Pixels

extension FaceEmbedder {
  /// `faces` of `image`, each that `tracker` wants an embedding of at `time`
  /// (``FaceTracker/needsEmbeddings(at:faces:)``) and has none given one, all in one batch on up
  /// to `threads` threads. Faces whose embedding cannot be computed keep none, and are followed by
  /// motion alone.
  public func facesForTracking(
    _ faces: [RecognizedFace], of image: RGBImage, by tracker: FaceTracker, at time: Double, threads: Int
  ) -> [RecognizedFace] {
    let wanted = zip(faces, tracker.needsEmbeddings(at: time, faces: faces)).enumerated().compactMap {
      index, pair in pair.1 && pair.0.embedding == nil ? index : nil
    }
    guard !wanted.isEmpty else { return faces }
    let detected = wanted.map { index in
      DetectedFace(
        box: faces[index].box, detectorConfidence: faces[index].detectorConfidence,
        keypoints: faces[index].keypoints)
    }
    // An embedding is a hint to the tracker: without one, motion alone decides, as with --no-reid.
    guard let vectors = try? embeddings(of: detected, in: image, threads: threads) else { return faces }
    var embedded = faces
    for (index, vector) in zip(wanted, vectors) { embedded[index].embedding = vector }
    return embedded
  }
}
