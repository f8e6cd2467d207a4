import FaceAnalysisInterface

/// Follows the faces of one video or stream from frame to frame, so that each person keeps one
/// id through crossings, misses, short occlusions and changes of size, and gives each person
/// smoothed scores and a steady label.
///
/// It is a value with no I/O, threads or clocks: it is fed one frame's faces at a time with the
/// frame's time in seconds, and the same frames give the same ids and labels bit for bit, so a
/// run can be rebuilt by replaying its recorded faces. Make one per source; photos have none.
///
/// Each frame, every track's box is predicted by a constant-velocity Kalman filter
/// (``BoxKalmanFilter``, SORT's), and faces are matched to tracks by overlap with an optimal
/// assignment, in passes (``TrackMatching``), the confirmed tracks before the tentative ones:
/// 1. confident faces to the tracks seen in the last frame, by overlap with the predicted box
///    plus OC-SORT's agreement between the track's direction of motion and the face's;
/// 2. the confident faces left to the lost tracks, in the same way: a face that stays in view
///    keeps its track while it passes over one it hides;
/// 3. the confident faces left to the confirmed tracks left, seen or lost, by overlap with the
///    box each was last seen in (OC-SORT's observation-centric recovery), then by nearness,
///    within the distance a face may have moved since it was last seen
///    (``TrackerConfiguration/lostSearchSpeed``), which also follows faces sampled far apart
///    (`--every N`), where boxes no longer overlap;
/// 4. low-confidence faces to the confirmed tracks left, those seen in the last frame first,
///    by a larger overlap with the predicted box
///    (``TrackerConfiguration/lowConfidenceMatchingOverlap``): ByteTrack's second pass, open to
///    lost tracks too, since a face coming out from behind another is often found with a low
///    confidence first;
/// 5. the faces left to tentative tracks, by overlap and then by nearness (low-confidence ones
///    by the larger overlap); the faces left over start tentative tracks.
///
/// A tentative track is confirmed, and numbered 1, 2, 3… in order, once followed without a miss
/// for ``TrackerConfiguration/confirmationTime`` (``TrackerConfiguration/unsureConfirmationTime``
/// while the detector was unsure of every face of it); a miss before then drops it, so a
/// passing false positive uses up no id. ``update(at:faces:)`` gives a tentative track's faces no id;
/// ``TrackedFrameQueue`` holds frames back until their tracks are settled and gives the first
/// frames of a confirmed track its id too.
///
/// Faces may carry embeddings (``needsEmbeddings(at:faces:)`` says which it wants), given
/// computed or deferred (``DeferredEmbedding``, computed only where a decision reads it): a track
/// keeps their mean, a motion match to a face clearly someone else's is refused
/// (``TrackerConfiguration/appearanceVeto``), and a new track whose first faces look like a person
/// seen before in the source who is not in view takes that person's id again
/// (``TrackerConfiguration/reidentification``), however long they were gone. Without
/// embeddings, motion alone decides. A lost track is kept at least
/// ``TrackerConfiguration/lostSamples`` frame spacings, so faces sampled far apart keep theirs.
public struct FaceTracker: Sendable {
  /// How the tracker matches faces and smooths scores.
  public let configuration: TrackerConfiguration
  /// One summary per confirmed track, in id order (the track with id `n` at index `n - 1`),
  /// covering every frame it was seen in, its tentative ones included.
  public private(set) var summaries: [TrackSummary] = []
  /// Each person's appearance over the whole source (the person with id `n` at index `n - 1`),
  /// kept after their track is lost, so that they take their id again when they come back.
  private var people: [Appearance] = []
  private var tracks: [Track] = []
  /// Slack in comparisons of times, so that frame times computed as `index / rate` meet the
  /// thresholds they should.
  static let timeTolerance = 1e-9
  private var lastTime: Double?
  private var nextKey = 0
  /// The tentative tracks a cut let go, reported as dropped by the next step.
  private var droppedByCut: [Int] = []

  /// A tracker with no track yet.
  public init(configuration: TrackerConfiguration = TrackerConfiguration()) {
    self.configuration = configuration
  }

  /// Takes in the faces found in the frame at `time` (in seconds; a time that is not after the
  /// last frame's, or not finite, counts as the last frame's) and gives, for each face in order,
  /// its track, or nil while the track is tentative. The faces' own scores are read, never changed.
  public mutating func update(
    at time: Double, faces: [RecognizedFace], samples: [DeferredEmbedding?] = []
  ) -> [FaceTrack?] {
    step(at: time, faces: faces, samples: samples).assignments.map(\.faceTrack)
  }

  /// For each face of the frame at `time`, whether the tracker wants its embedding with it
  /// (a ``DeferredEmbedding``, computed only where a decision reads it): a face that no track
  /// followed in the last frame covers (a new face, one coming back, one a lost track may take),
  /// one that a lost track covers with another, one that its track's predicted box covers less
  /// than ``TrackerConfiguration/steadyOverlap`` (a jump, as at a cut), one on a tentative track
  /// (its first frames decide who it is), and otherwise one whose track's last embedding is
  /// ``TrackerConfiguration/embeddingInterval`` old. Faces between tracks that were all seen are
  /// not asked for: a picture of one may show the other. Faces given without one are tracked by
  /// motion alone.
  public func needsEmbeddings(at time: Double, faces: [RecognizedFace]) -> [Bool] {
    let now = lastTime.map { time.isFinite ? max(time, $0) : $0 } ?? (time.isFinite ? time : 0)
    let elapsed = lastTime.map { now - $0 } ?? 0
    let predicted = tracks.map { track in
      var filter = track.filter
      filter.predict(by: elapsed)
      return (track, filter.box)
    }
    let samples = samplesForNewTrack
    return faces.map { face in
      let box = TrackBox(face.box)
      let overlaps = predicted.map { $0.1.overlap(with: box) }
      let covering = predicted.indices.filter { overlaps[$0] >= configuration.matchingOverlap }
      guard let only = covering.first else { return true }
      guard covering.count == 1 else { return covering.contains { !predicted[$0].0.wasSeenInLastFrame } }
      let track = predicted[only].0
      guard overlaps[only] >= configuration.steadyOverlap else { return true }
      guard track.id != nil else { return track.appearance.count < samples }
      guard track.wasSeenInLastFrame, let last = track.lastEmbeddingTime else { return true }
      return now - last >= configuration.embeddingInterval - Self.timeTolerance
    }
  }

  /// How many embeddings a new track's first faces are asked for: enough to decide who it is
  /// (``TrackerConfiguration/appearanceSamples``) while someone seen before is out of view, and
  /// otherwise one, which starts the new person's appearance: no one else could it be.
  private var samplesForNewTrack: Int {
    let inView = Set(tracks.filter(\.wasSeenInLastFrame).compactMap(\.id))
    return people.indices.contains { !inView.contains($0 + 1) } ? configuration.appearanceSamples : 1
  }

  /// Tells the tracker that the next frame starts another shot (a cut, ``ShotCutDetector``): no
  /// face continues a track by motion across it. Every track is let go (a tentative one as
  /// dropped); the people seen so far stay, each known again by their face when they show.
  public mutating func cut() {
    droppedByCut += tracks.filter { $0.id == nil }.map(\.key)
    tracks.removeAll()
  }

  /// What one frame did: each face's assignment, the tentative tracks confirmed (their earlier
  /// frames take the id now) and those dropped (their earlier frames have no track).
  struct Step: Sendable, Equatable {
    enum Assignment: Sendable, Equatable {
      case confirmed(FaceTrack)
      case tentative(key: Int, scores: EmotionScores)
      case untracked

      var faceTrack: FaceTrack? {
        if case .confirmed(let track) = self { return track }
        return nil
      }
    }

    /// A tentative track numbered in this frame, with the steady label its frames so far take:
    /// the one their scores settled on by now, so a face's first frames do not show the
    /// leader of its very first frame.
    struct Confirmation: Sendable, Equatable {
      var key: Int
      var id: Int
      var emotion: Emotion
    }

    var assignments: [Assignment]
    var confirmed: [Confirmation]
    var dropped: [Int]
  }

  /// Takes in one frame: see ``update(at:faces:)``.
  mutating func step(
    at time: Double, faces: [RecognizedFace], samples given: [DeferredEmbedding?] = []
  ) -> Step {
    let now = lastTime.map { time.isFinite ? max(time, $0) : $0 } ?? (time.isFinite ? time : 0)
    let elapsed = lastTime.map { now - $0 } ?? 0
    lastTime = now
    let lostTime = max(configuration.maximumLostTime, configuration.lostSamples * elapsed)
    tracks.removeAll { $0.id != nil && now - $0.lastObservation.time > lostTime + Self.timeTolerance }
    for index in tracks.indices { tracks[index].filter.predict(by: elapsed) }

    // As many as needsEmbeddings asked for, in the frame before.
    let wanted = samplesForNewTrack
    let samples = faces.indices.map { index in
      (given.indices.contains(index) ? given[index] : nil)
        ?? faces[index].embedding.map(DeferredEmbedding.init)
    }
    var matching = TrackMatching(
      tracks: tracks, faces: faces, samples: samples, time: now, configuration: configuration)
    matching.run()
    var step = Step(
      assignments: Array(repeating: .untracked, count: faces.count), confirmed: [], dropped: droppedByCut)
    droppedByCut = []
    var confirming: [Int] = []
    for (index, face) in matching.faceOfTrack.enumerated() {
      guard let face else {
        if tracks[index].id == nil {
          step.dropped.append(tracks[index].key)
        } else {
          tracks[index].miss(at: now)
        }
        continue
      }
      tracks[index].observe(faces[face], sample: samples[face], at: now, configuration: configuration)
      if let id = tracks[index].id {
        summaries[id - 1].add(time: now, scores: faces[face].scores, label: tracks[index].smoother.label)
        if let sample = samples[face] { people[id - 1].add(sample) }
      } else if isReadyToConfirm(tracks[index], at: now, samples: wanted) {
        confirming.append(index)
      }
    }
    for face in matching.confident + matching.unsure where matching.trackOfFace[face] == nil {
      tracks.append(
        Track(key: nextKey, face: faces[face], sample: samples[face], time: now, configuration: configuration)
      )
      nextKey += 1
      matching.trackOfFace[face] = tracks.count - 1
      if tracks[tracks.count - 1].confirmationTime(configuration) <= 0 { confirming.append(tracks.count - 1) }
    }
    // Numbered in order of first appearance; people who appeared together, from left to right.
    confirming.sort { Self.numberingOrder(tracks[$0]) < Self.numberingOrder(tracks[$1]) }
    var retired: [Int] = []
    for index in confirming {
      let id = confirmTrack(at: index, at: now, retiring: &retired)
      step.confirmed.append(
        Step.Confirmation(key: tracks[index].key, id: id, emotion: tracks[index].smoother.label))
    }
    for (face, track) in matching.trackOfFace.enumerated() {
      guard let track else { continue }
      let followed = tracks[track]
      step.assignments[face] =
        followed.faceTrack.map(Step.Assignment.confirmed)
        ?? .tentative(key: followed.key, scores: followed.smoother.scores)
    }
    tracks.removeAll { step.dropped.contains($0.key) || retired.contains($0.key) }
    return step
  }

  /// Whether a tentative track has been followed long enough to be confirmed: for its
  /// confirmation time, and, when its faces have embeddings, until its appearance rests on
  /// as many as it is asked for (``samplesForNewTrack``) or on two frames a quarter second apart.
  private func isReadyToConfirm(_ track: Track, at now: Double, samples wanted: Int) -> Bool {
    let followed = now - track.firstTime
    guard followed >= track.confirmationTime(configuration) - Self.timeTolerance else { return false }
    let samples = track.appearance.count
    return samples == 0 || samples >= wanted
      || (track.pendingFrames.count >= 2 && followed >= 0.25 - Self.timeTolerance)
  }

  /// Tracks confirmed together are numbered by first appearance, then left to right, top to
  /// bottom (where their first faces were), then in the tracker's order.
  private static func numberingOrder(_ track: Track) -> (Double, Double, Double, Int) {
    let first = track.firstObservation
    return (track.firstTime, first.x, first.y, track.key)
  }

  /// Gives a tentative track its id, that of the person seen before whom it looks like
  /// (``reidentifiedPerson(for:at:)``; a lost track of theirs is retired) or a new one, and adds
  /// the frames it was seen in so far to that person's summary, each with the label the track has
  /// now.
  private mutating func confirmTrack(at index: Int, at now: Double, retiring retired: inout [Int]) -> Int {
    tracks[index].smoother.settle()
    let label = tracks[index].smoother.label
    let frames = tracks[index].pendingFrames
    let id: Int
    if let person = reidentifiedPerson(for: tracks[index], at: now) {
      id = person
      retired += tracks.filter { $0.id == person }.map(\.key)
      people[id - 1].merge(tracks[index].appearance)
      for frame in frames { summaries[id - 1].add(time: frame.time, scores: frame.scores, label: label) }
    } else {
      id = summaries.count + 1
      people.append(tracks[index].appearance)
      for (offset, frame) in frames.enumerated() {
        if offset == 0 {
          summaries.append(TrackSummary(id: id, time: frame.time, scores: frame.scores, label: label))
        } else {
          summaries[id - 1].add(time: frame.time, scores: frame.scores, label: label)
        }
      }
    }
    tracks[index].id = id
    tracks[index].pendingFrames = []
    return id
  }

  /// The person seen before in the source whom a new track looks like most, at
  /// ``TrackerConfiguration/reidentification`` or more; only people not followed in this frame
  /// (gone, or lost for less than the lost time) can be. Nil without embeddings.
  private func reidentifiedPerson(for track: Track, at now: Double) -> Int? {
    guard track.appearance.count > 0 else { return nil }
    let present = Set(tracks.filter { $0.lastObservation.time >= now - Self.timeTolerance }.compactMap(\.id))
    var best: (id: Int, similarity: Double)?
    for (index, person) in people.enumerated() where !present.contains(index + 1) {
      guard let similarity = track.appearance.similarity(to: person),
        similarity >= configuration.reidentification, similarity > (best?.similarity ?? -1)
      else { continue }
      best = (index + 1, similarity)
    }
    return best?.id
  }
}
