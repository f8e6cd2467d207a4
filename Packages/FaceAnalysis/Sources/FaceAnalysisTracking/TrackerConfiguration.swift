/// What a ``FaceTracker`` tolerates and how it matches faces to tracks. Times are in seconds, so
/// one configuration holds at any frame rate and with `--every N`.
public struct TrackerConfiguration: Sendable, Equatable {
  /// How long a track that no face has matched is kept, in seconds, so that a person hidden
  /// behind another or missed by the detector keeps their id when they are found again.
  public var maximumLostTime: Double
  /// How long a new track must be followed, frame after frame without a miss, before it is
  /// confirmed and numbered, in seconds: a detector's passing false positive uses up no id.
  /// 0 confirms a track at its first face.
  public var confirmationTime: Double
  /// The same for a track whose faces all had a low confidence (below ``highConfidence``): a
  /// face BlazeFace is unsure of for this long is a person, not a passing false positive.
  public var unsureConfirmationTime: Double
  /// The least overlap (IoU) of a face with a track's predicted box, or with the box it was
  /// last seen in, for the face to continue the track.
  public var matchingOverlap: Double
  /// The least overlap (IoU) of a low-confidence face with a track's predicted box, for the face
  /// to continue it (ByteTrack's second pass).
  public var lowConfidenceMatchingOverlap: Double
  /// The detector's confidence from which a face is matched first and confirms a track in
  /// ``confirmationTime``; faces below it are matched last (ByteTrack's second pass) and confirm
  /// a track of their own only in ``unsureConfirmationTime``. Faces without a confidence (the
  /// Haar cascade's) count as confident.
  public var highConfidence: Float
  /// The weight of the agreement between a track's direction of motion and the direction from
  /// where it was last seen to a face (OC-SORT's velocity direction consistency), added to the
  /// overlap when faces and tracks are matched: at most half of it, for a face straight ahead.
  public var directionWeight: Double
  /// How far back, in seconds, a track's direction of motion is measured from its last
  /// observation.
  public var directionInterval: Double
  /// How fast, in face sizes per second, a lost face may have moved from where it was last seen
  /// or predicted and still continue its track when no overlap says where it went.
  public var lostSearchSpeed: Double
  /// How many of the last frames' spacing a lost track is kept at least, whatever
  /// ``maximumLostTime`` says: with frames sampled far apart (`--every N`, a screen that drops
  /// frames), a person missed in one sample keeps their track to the next.
  public var lostSamples: Double
  /// The cosine similarity of embeddings below which a face is another person than a track's:
  /// a match that motion alone would make is refused (an appearance veto).
  public var appearanceVeto: Double
  /// How long, in seconds, a track must have been lost for a face that motion gives it to be
  /// checked against its appearance, their embeddings computed: shorter gaps are the detector's
  /// misses; over longer ones someone else may have taken the person's place.
  public var recoveryCheckTime: Double
  /// The cosine similarity from which a new track is a person seen before in the source (its
  /// mean embedding against theirs), who then takes their id again: re-identification.
  public var reidentification: Double
  /// How many embeddings a new track's appearance is decided from before it is confirmed, when
  /// its faces have them (the tracker asks for them on a track's first frames).
  public var appearanceSamples: Int
  /// The overlap with its track's predicted box below which a face's embedding is asked for
  /// at once, whenever the last was taken, and computed when motion gives the face to the track:
  /// the face moved unlike its track (a cut, another face).
  public var steadyOverlap: Double
  /// How often, in seconds, a followed track asks for a new embedding of its face, to keep its
  /// mean current (``FaceTracker/needsEmbeddings(at:faces:)``; computed only when read).
  public var embeddingInterval: Double
  /// The motion model's noise.
  public var motion: MotionNoise
  /// How each track's scores and label are smoothed.
  public var smoothing: ScoreSmoother.Settings

  /// The configuration the tracker is tuned with (see each property).
  public init(
    maximumLostTime: Double = 1, confirmationTime: Double = 0.1, unsureConfirmationTime: Double = 0.3,
    matchingOverlap: Double = 0.3,
    lowConfidenceMatchingOverlap: Double = 0.5, highConfidence: Float = 0.7, directionWeight: Double = 0.2,
    directionInterval: Double = 0.1, lostSearchSpeed: Double = 1.5, lostSamples: Double = 2.5,
    appearanceVeto: Double = 0.2, recoveryCheckTime: Double = 0.3, reidentification: Double = 0.45,
    appearanceSamples: Int = 3,
    steadyOverlap: Double = 0.6, embeddingInterval: Double = 2,
    motion: MotionNoise = MotionNoise(),
    smoothing: ScoreSmoother.Settings = ScoreSmoother.Settings()
  ) {
    self.maximumLostTime = maximumLostTime
    self.confirmationTime = confirmationTime
    self.unsureConfirmationTime = unsureConfirmationTime
    self.matchingOverlap = matchingOverlap
    self.lowConfidenceMatchingOverlap = lowConfidenceMatchingOverlap
    self.highConfidence = highConfidence
    self.directionWeight = directionWeight
    self.directionInterval = directionInterval
    self.lostSearchSpeed = lostSearchSpeed
    self.lostSamples = lostSamples
    self.appearanceVeto = appearanceVeto
    self.recoveryCheckTime = recoveryCheckTime
    self.reidentification = reidentification
    self.appearanceSamples = appearanceSamples
    self.steadyOverlap = steadyOverlap
    self.embeddingInterval = embeddingInterval
    self.motion = motion
    self.smoothing = smoothing
  }
}
