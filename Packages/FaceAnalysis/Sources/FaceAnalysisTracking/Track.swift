import FaceAnalysisInterface

/// One face followed through a source: its motion filter, where and when it was last seen,
/// its smoothed scores, and, while it is tentative, the frames it was seen in.
struct Track: Sendable, Equatable {
  /// A frame of a tentative track, kept for its summary once the track is confirmed.
  struct PendingFrame: Sendable, Equatable {
    var time: Double
    var scores: EmotionScores
  }

  /// Where a track was seen, and when.
  struct Observation: Sendable, Equatable {
    var time: Double
    var box: TrackBox
  }

  /// The tracker's serial number of the track, confirmed or not.
  let key: Int
  /// The track's id, once it is confirmed.
  var id: Int?
  var filter: BoxKalmanFilter
  /// The filter right after the last observation, to re-run over a gap (OC-SORT's
  /// observation-centric re-update).
  var filterAtLastObservation: BoxKalmanFilter
  var lastObservation: Observation
  /// The times of the frames since the last observation in which the track was not found.
  var missedTimes: [Double] = []
  /// The observations within ``TrackerConfiguration/directionInterval`` of the last one, and the
  /// newest before it, oldest first.
  var recentObservations: [Observation]
  var firstTime: Double
  /// The box the track was first seen in.
  let firstObservation: TrackBox
  var smoother: ScoreSmoother
  var pendingFrames: [PendingFrame]
  /// Whether a face of the track had the detector's high confidence (or none, as Haar's).
  var hasConfidentFace: Bool
  /// The mean of the embeddings of the track's faces that had one.
  var appearance = Appearance()
  /// When the track's face last had an embedding.
  var lastEmbeddingTime: Double?

  /// A tentative track started by a face at `time`.
  init(
    key: Int, face: RecognizedFace, sample: DeferredEmbedding?, time: Double,
    configuration: TrackerConfiguration
  ) {
    self.key = key
    let box = TrackBox(face.box)
    filter = BoxKalmanFilter(box: box, noise: configuration.motion)
    filterAtLastObservation = filter
    lastObservation = Observation(time: time, box: box)
    recentObservations = [lastObservation]
    firstTime = time
    firstObservation = box
    smoother = ScoreSmoother(first: face.scores, at: time, settings: configuration.smoothing)
    pendingFrames = [PendingFrame(time: time, scores: face.scores)]
    hasConfidentFace = face.isConfident(configuration)
    noteEmbedding(sample, at: time)
  }

  /// Adds the face's embedding, when it has one, to the track's appearance.
  private mutating func noteEmbedding(_ sample: DeferredEmbedding?, at time: Double) {
    guard let sample else { return }
    appearance.add(sample)
    lastEmbeddingTime = time
  }

  /// How long the track must be followed before it is confirmed.
  func confirmationTime(_ configuration: TrackerConfiguration) -> Double {
    hasConfidentFace ? configuration.confirmationTime : configuration.unsureConfirmationTime
  }

  /// Whether the track was found in the last frame.
  var wasSeenInLastFrame: Bool { missedTimes.isEmpty }

  /// The track as a face in the current frame shows it, once it is confirmed.
  var faceTrack: FaceTrack? {
    id.map { FaceTrack(id: $0, emotion: smoother.label, scores: smoother.scores) }
  }

  /// The unit vector of the track's recent motion, when it moved at least a tenth of its size
  /// over the last ``TrackerConfiguration/directionInterval``.
  var direction: (x: Double, y: Double)? {
    guard let reference = recentObservations.first else { return nil }
    let last = lastObservation.box
    let dx = last.centreX - reference.box.centreX
    let dy = last.centreY - reference.box.centreY
    let distance = (dx * dx + dy * dy).squareRoot()
    guard distance >= 0.1 * last.size, distance > 0 else { return nil }
    return (dx / distance, dy / distance)
  }

  /// Notes a frame at `time` in which no face continued the track.
  mutating func miss(at time: Double) {
    missedTimes.append(time)
  }

  /// Continues the track with `face`, seen at `time`. After a gap, the filter is first run again
  /// from the last observation through boxes interpolated over the missed frames, so that the
  /// velocity it carries is the one the two observations imply, not the guess that drifted
  /// while the face was hidden.
  mutating func observe(
    _ face: RecognizedFace, sample: DeferredEmbedding?, at time: Double, configuration: TrackerConfiguration
  ) {
    let box = TrackBox(face.box)
    let gap = time - lastObservation.time
    if !missedTimes.isEmpty, gap > 0 {
      var replayed = filterAtLastObservation
      var replayedTime = lastObservation.time
      for missed in missedTimes where missed > replayedTime && missed < time {
        replayed.predict(by: missed - replayedTime)
        replayed.update(
          with: lastObservation.box.interpolated(to: box, fraction: (missed - lastObservation.time) / gap))
        replayedTime = missed
      }
      replayed.predict(by: time - replayedTime)
      filter = replayed
    }
    filter.update(with: box)
    filterAtLastObservation = filter
    lastObservation = Observation(time: time, box: box)
    missedTimes = []
    recentObservations.append(lastObservation)
    let start = time - configuration.directionInterval
    while recentObservations.count > 1, recentObservations[1].time <= start {
      recentObservations.removeFirst()
    }
    smoother.add(face.scores, at: time)
    hasConfidentFace = hasConfidentFace || face.isConfident(configuration)
    noteEmbedding(sample, at: time)
    if id == nil {
      pendingFrames.append(PendingFrame(time: time, scores: face.scores))
    }
  }
}

extension RecognizedFace {
  /// Whether the detector was sure of the face (``TrackerConfiguration/highConfidence``).
  func isConfident(_ configuration: TrackerConfiguration) -> Bool {
    detectorConfidence.map { $0 >= configuration.highConfidence } ?? true
  }
}
