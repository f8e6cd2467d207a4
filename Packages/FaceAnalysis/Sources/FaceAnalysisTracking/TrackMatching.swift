import FaceAnalysisInterface
import Foundation

/// One frame's matching of faces to tracks, in the passes ``FaceTracker`` describes, each an
/// optimal assignment.
struct TrackMatching {
  /// How a pass scores a track against a face; nil for a pair that may not match.
  enum Criterion {
    /// Overlap with the predicted box, plus the agreement of directions.
    case predictedWithDirection
    /// Overlap with the box the track was last seen in.
    case lastSeen
    /// Nearness to where a track was last seen or is predicted, for faces of about its size.
    case nearby
    /// Overlap with the predicted box, at the low-confidence threshold.
    case predictedLowConfidence
    /// Overlap with the predicted box.
    case predicted
  }

  let tracks: [Track]
  let faces: [RecognizedFace]
  /// Each face's embedding, when it has one (computed only where a veto reads it).
  let samples: [DeferredEmbedding?]
  let boxes: [TrackBox]
  let configuration: TrackerConfiguration
  /// The frame's time.
  let time: Double
  /// The faces the detector was sure of, matched first; the others (`unsure`) are matched last.
  let confident: [Int]
  let unsure: [Int]
  var trackOfFace: [Int?]
  var faceOfTrack: [Int?]

  init(
    tracks: [Track], faces: [RecognizedFace], samples: [DeferredEmbedding?], time: Double,
    configuration: TrackerConfiguration
  ) {
    self.tracks = tracks
    self.time = time
    self.faces = faces
    self.samples = samples
    self.configuration = configuration
    boxes = faces.map { TrackBox($0.box) }
    let isConfident = faces.map { $0.isConfident(configuration) }
    confident = faces.indices.filter { isConfident[$0] }
    unsure = faces.indices.filter { !isConfident[$0] }
    trackOfFace = Array(repeating: nil, count: faces.count)
    faceOfTrack = Array(repeating: nil, count: tracks.count)
  }

  /// Runs the passes.
  mutating func run() {
    let seen = tracks.indices.filter { tracks[$0].id != nil && tracks[$0].wasSeenInLastFrame }
    let lost = tracks.indices.filter { tracks[$0].id != nil && !tracks[$0].wasSeenInLastFrame }
    let tentative = tracks.indices.filter { tracks[$0].id == nil }
    assign(seen, confident, by: .predictedWithDirection)
    assign(lost, confident, by: .predictedWithDirection)
    assign(seen + lost, confident, by: .lastSeen)
    assign(seen + lost, confident, by: .nearby)
    assign(seen, unsure, by: .predictedLowConfidence)
    assign(lost, unsure, by: .predictedLowConfidence)
    assign(tentative, confident, by: .predicted)
    assign(tentative, confident, by: .nearby)
    assign(tentative, unsure, by: .predictedLowConfidence)
  }

  /// Matches the free tracks among `trackIndices` to the free faces among `faceIndices`.
  private mutating func assign(_ trackIndices: [Int], _ faceIndices: [Int], by criterion: Criterion) {
    let candidates = trackIndices.filter { faceOfTrack[$0] == nil }
    let free = faceIndices.filter { trackOfFace[$0] == nil }
    guard !candidates.isEmpty, !free.isEmpty else { return }
    let scores = candidates.map { track in free.map { face in score(track: track, face: face, by: criterion) }
    }
    let pairs = OptimalAssignment.bestPairs(
      scores: scores.map { row in row.map { max($0 ?? 0, Double.leastNormalMagnitude) } },
      allowed: scores.map { row in row.map { $0 != nil } })
    for pair in pairs {
      faceOfTrack[candidates[pair.row]] = free[pair.column]
      trackOfFace[free[pair.column]] = candidates[pair.row]
    }
  }

  func score(track index: Int, face: Int, by criterion: Criterion) -> Double? {
    let track = tracks[index]
    let box = boxes[face]
    let score: Double?
    switch criterion {
    case .predictedWithDirection:
      let overlap = track.filter.box.overlap(with: box)
      score =
        overlap >= configuration.matchingOverlap
        ? overlap + directionAgreement(track: track, face: face) : nil
    case .lastSeen:
      let overlap = track.lastObservation.box.overlap(with: box)
      score = overlap >= configuration.matchingOverlap ? overlap : nil
    case .nearby:
      score = nearness(track: track, face: face)
    case .predictedLowConfidence:
      let overlap = track.filter.box.overlap(with: box)
      score = overlap >= configuration.lowConfidenceMatchingOverlap ? overlap : nil
    case .predicted:
      let overlap = track.filter.box.overlap(with: box)
      score = overlap >= configuration.matchingOverlap ? overlap : nil
    }
    guard let score, !isVetoed(track: track, face: face) else { return nil }
    return score
  }

  /// Whether the face's embedding says it is clearly not the track's person, whatever the boxes
  /// say (``TrackerConfiguration/appearanceVeto``); never without embeddings on both sides. Where
  /// motion is unsure (a track lost for ``TrackerConfiguration/recoveryCheckTime`` or more, where
  /// someone else may have taken its place, or a face far from where the track was headed), the
  /// face's embedding and, if the track has none computed, its latest are computed; elsewhere only
  /// those computed already are compared.
  func isVetoed(track: Track, face: Int) -> Bool {
    guard let sample = samples[face] else { return false }
    let lostLong =
      !track.wasSeenInLastFrame
      && time - track.lastObservation.time >= configuration.recoveryCheckTime - FaceTracker.timeTolerance
    let unsure = lostLong || track.filter.box.overlap(with: boxes[face]) < configuration.steadyOverlap
    guard unsure || sample.isComputed, let embedding = sample.value else { return false }
    let similarity =
      unsure
      ? track.appearance.checkedSimilarity(to: embedding) : track.appearance.computedSimilarity(to: embedding)
    return similarity.map { $0 < configuration.appearanceVeto } ?? false
  }

  /// How near a face is to a track, from 1 (on it) down to 0 at the edge of the region the
  /// face may have reached since the track was last seen: ``TrackerConfiguration/lostSearchSpeed``
  /// face sizes per second around both the box it was last seen in and the predicted one (a face
  /// covered little by little is seen shrinking toward its visible side, which misleads the
  /// filter's velocity). Nil when the face is outside, or not within a factor of 1.5 of the
  /// track's size.
  func nearness(track: Track, face: Int) -> Double? {
    let last = track.lastObservation.box
    let radius = configuration.lostSearchSpeed * (time - track.lastObservation.time) * last.size
    let box = boxes[face]
    guard radius > 0, box.size <= 1.5 * last.size, box.size * 1.5 >= last.size else { return nil }
    func distance(_ other: TrackBox) -> Double {
      let dx = box.centreX - other.centreX
      let dy = box.centreY - other.centreY
      return (dx * dx + dy * dy).squareRoot()
    }
    let nearest = min(distance(last), distance(track.filter.box))
    return nearest < radius ? 1 - nearest / radius : nil
  }

  /// OC-SORT's velocity direction consistency: from `+weight / 2` for a face straight ahead of
  /// where the track was last seen, along its direction of motion, to `-weight / 2` for one
  /// straight behind; 0 for a track that has not been moving or a face that has not moved from
  /// where the track was last seen. Weighted by the detector's confidence, when it gives one.
  func directionAgreement(track: Track, face: Int) -> Double {
    guard configuration.directionWeight != 0, let direction = track.direction else { return 0 }
    let dx = boxes[face].centreX - track.lastObservation.box.centreX
    let dy = boxes[face].centreY - track.lastObservation.box.centreY
    let distance = (dx * dx + dy * dy).squareRoot()
    guard distance >= 1 else { return 0 }
    let cosine = min(max((dx * direction.x + dy * direction.y) / distance, -1), 1)
    let agreement = (Double.pi / 2 - acos(cosine)) / Double.pi
    return configuration.directionWeight * agreement * Double(faces[face].detectorConfidence ?? 1)
  }
}
