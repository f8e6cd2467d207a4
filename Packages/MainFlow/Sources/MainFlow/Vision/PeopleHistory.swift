import FaceAnalysisInterface

/// The people of a stream the Vision screen lists: each person's steady emotion and the recent
/// smoothed score of it, and when they were last in a frame. A person out of view fades from
/// the list once ``fadeAfter`` seconds have passed on the screen's clock.
struct PeopleHistory: Equatable {
  /// One person.
  struct Person: Equatable {
    /// The track's id.
    var id: Int
    /// Their steady emotion in the last frame they were in.
    var emotion: Emotion
    /// Their smoothed scores over the last seconds, for the sparkline.
    var history: ScoreHistory
    /// When they were last in a frame, on the screen's clock.
    var lastSeen: Double
  }

  /// How long a person out of view stays listed, in seconds.
  let fadeAfter: Double
  /// The people listed, in id order.
  private(set) var people: [Person] = []

  init(fadeAfter: Double = 4) {
    self.fadeAfter = fadeAfter
  }

  /// Takes in a frame shown at `now` (the screen's clock): each tracked face's person is
  /// updated, and those out of view for longer than ``fadeAfter`` go.
  mutating func add(_ frame: RecognizedFrame, now: Double) {
    for face in frame.faces {
      guard let track = face.track else { continue }
      if let index = people.firstIndex(where: { $0.id == track.id }) {
        people[index].emotion = track.emotion
        people[index].history.add(time: frame.time, scores: track.scores)
        people[index].lastSeen = now
      } else {
        var history = ScoreHistory()
        history.add(time: frame.time, scores: track.scores)
        people.append(Person(id: track.id, emotion: track.emotion, history: history, lastSeen: now))
        people.sort { $0.id < $1.id }
      }
    }
    people.removeAll { now - $0.lastSeen > fadeAfter }
  }

  /// Forgets everyone (a new source).
  mutating func removeAll() { people.removeAll() }
}
