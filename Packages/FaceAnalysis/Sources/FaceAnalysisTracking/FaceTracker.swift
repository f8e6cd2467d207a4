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
/// assignment, in passes:
/// 1. confident faces to the tracks seen in the last frame, by overlap with the predicted box
///    plus OC-SORT's agreement between the track's direction of motion and the face's;
/// 2. the confident faces left to the tracks lost for a while (at most
///    ``TrackerConfiguration/maximumLostTime``), in the same way: a face that stays in view keeps
///    its track while it passes over one it hides;
/// 3. the faces left to the unmatched tracks by overlap with the box each was last seen in
///    (OC-SORT's observation-centric recovery), then by nearness, within the distance a face
///    may have moved since it was last seen (``TrackerConfiguration/lostSearchSpeed``), which
///    also follows faces sampled far apart (`--every N`), where boxes no longer overlap;
/// 4. low-confidence faces to the tracks seen in the last frame, then to the lost ones, by a
///    larger overlap with the predicted box (ByteTrack's second pass, which leaves lost tracks
///    out: a face coming out from behind another is often found with a low confidence first);
/// 5. the faces left to tentative tracks, by overlap and then by nearness (low-confidence ones
///    by the larger overlap); the faces left over start tentative tracks.
///
/// A tentative track is confirmed, and numbered 1, 2, 3… in order, once followed without a miss
/// for ``TrackerConfiguration/confirmationTime`` (``TrackerConfiguration/unsureConfirmationTime``
/// while the detector was unsure of every face of it); a miss before then drops it, so a
/// passing false positive uses up no id. ``update(at:faces:)`` gives a tentative track's faces no id;
/// ``TrackedFrameQueue`` holds frames back until their tracks are settled and gives the first
/// frames of a confirmed track its id too.
public struct FaceTracker: Sendable {
  /// How the tracker matches faces and smooths scores.
  public let configuration: TrackerConfiguration
  /// One summary per confirmed track, in id order (the track with id `n` at index `n - 1`),
  /// covering every frame it was seen in, its tentative ones included.
  public private(set) var summaries: [TrackSummary] = []
  private var tracks: [Track] = []
  /// Slack in comparisons of times, so that frame times computed as `index / rate` meet the
  /// thresholds they should.
  static let timeTolerance = 1e-9
  private var lastTime: Double?
  private var nextKey = 0

  /// A tracker with no track yet.
  public init(configuration: TrackerConfiguration = TrackerConfiguration()) {
    self.configuration = configuration
  }

  /// Takes in the faces found in the frame at `time` (in seconds; a time that is not after the
  /// last frame's, or not finite, counts as the last frame's) and gives, for each face in order,
  /// its track, or nil while the track is tentative. The faces' own scores are read, never changed.
  public mutating func update(at time: Double, faces: [RecognizedFace]) -> [FaceTrack?] {
    step(at: time, faces: faces).assignments.map(\.faceTrack)
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
  mutating func step(at time: Double, faces: [RecognizedFace]) -> Step {
    let now = lastTime.map { time.isFinite ? max(time, $0) : $0 } ?? (time.isFinite ? time : 0)
    let elapsed = lastTime.map { now - $0 } ?? 0
    lastTime = now
    tracks.removeAll {
      $0.id != nil && now - $0.lastObservation.time > configuration.maximumLostTime + Self.timeTolerance
    }
    for index in tracks.indices { tracks[index].filter.predict(by: elapsed) }

    var matching = TrackMatching(tracks: tracks, faces: faces, time: now, configuration: configuration)
    matching.run()
    var step = Step(assignments: Array(repeating: .untracked, count: faces.count), confirmed: [], dropped: [])
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
      tracks[index].observe(faces[face], at: now, configuration: configuration)
      if let id = tracks[index].id {
        summaries[id - 1].add(time: now, scores: faces[face].scores, label: tracks[index].smoother.label)
      } else if now - tracks[index].firstTime >= tracks[index].confirmationTime(configuration)
        - Self.timeTolerance
      {
        confirming.append(index)
      }
    }
    for face in matching.confident + matching.unsure where matching.trackOfFace[face] == nil {
      tracks.append(Track(key: nextKey, face: faces[face], time: now, configuration: configuration))
      nextKey += 1
      matching.trackOfFace[face] = tracks.count - 1
      if tracks[tracks.count - 1].confirmationTime(configuration) <= 0 { confirming.append(tracks.count - 1) }
    }
    // Numbered in order of first appearance; people who appeared together, from left to right.
    confirming.sort { Self.numberingOrder(tracks[$0]) < Self.numberingOrder(tracks[$1]) }
    for index in confirming {
      let id = confirmTrack(at: index)
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
    tracks.removeAll { step.dropped.contains($0.key) }
    return step
  }

  /// Tracks confirmed together are numbered by first appearance, then left to right, top to
  /// bottom (where their first faces were), then in the tracker's order.
  private static func numberingOrder(_ track: Track) -> (Double, Double, Double, Int) {
    let first = track.firstObservation
    return (track.firstTime, first.x, first.y, track.key)
  }

  /// Numbers a tentative track and opens its summary with the frames it was seen in so far,
  /// each with the label the track has now; gives the id.
  private mutating func confirmTrack(at index: Int) -> Int {
    let id = summaries.count + 1
    tracks[index].id = id
    tracks[index].smoother.settle()
    let label = tracks[index].smoother.label
    for (offset, frame) in tracks[index].pendingFrames.enumerated() {
      if offset == 0 {
        summaries.append(TrackSummary(id: id, time: frame.time, scores: frame.scores, label: label))
      } else {
        summaries[id - 1].add(time: frame.time, scores: frame.scores, label: label)
      }
    }
    tracks[index].pendingFrames = []
    return id
  }
}
