import FaceAnalysisTracking
import Pixels

extension LazyFaceEmbedder {
  /// For each of `faces` of `image`, the embedding `tracker` wants of it at `time`
  /// (``FaceTracker/needsEmbeddings(at:faces:)``), or nil: the face aligned now and its embedding
  /// computed on `threads` threads only if the tracker reads it. A face whose embedding cannot be
  /// computed has none, and is followed by motion alone.
  public func samplesForTracking(
    _ faces: [RecognizedFace], of image: RGBImage, by tracker: FaceTracker, at time: Double, threads: Int
  ) -> [DeferredEmbedding?] {
    let wanted = tracker.needsEmbeddings(at: time, faces: faces)
    return faces.indices.map { index in
      guard wanted[index] else { return nil }
      if let embedding = faces[index].embedding { return DeferredEmbedding(embedding) }
      let face = DetectedFace(
        box: faces[index].box, detectorConfidence: faces[index].detectorConfidence,
        keypoints: faces[index].keypoints)
      let aligned = FaceEmbedder.alignedFace(face, in: image)
      return DeferredEmbedding { [self] in
        // An embedding is a hint to the tracker: without one, motion alone decides.
        guard case .success(let embedder) = embedder else { return nil }
        return try? embedder.embeddings(ofAligned: [aligned], threads: threads).first
      }
    }
  }
}
