import FaceAnalysisInterface

/// The people of a stream the Vision screen lists: each person's steady emotion and the recent
/// smoothed score of it, and when they were last in a frame. A person who leaves stays listed
/// (the screen shows them dim), so that when they come back, the tracker knowing them again,
/// they take up their own row under their id. Only past ``capacity`` people does the one out of
/// view longest go, so the list stays small however long the stream runs.
struct PeopleHistory: Equatable {
  /// One person.
  struct Person: Equatable {
    /// The track's id.
    var id: Int
    /// Their steady emotion in the last frame they were in.
    var emotion: Emotion
    /// Their smoothed scores over the last seconds they were in view, for the sparkline.
    var history: ScoreHistory
    /// The time of the last frame they were in, on the source's clock (``RecognizedFrame/time``).
    var lastSeen: Double
  }

  /// The most people kept.
  let capacity: Int
  /// The people listed, in id order.
  private(set) var people: [Person] = []

  init(capacity: Int = 100) {
    self.capacity = max(1, capacity)
  }

  /// Takes in a frame: each tracked face's person is updated, or added. When there are more
  /// than ``capacity``, those not in the frame who were seen longest ago go.
  mutating func add(_ frame: RecognizedFrame) {
    for face in frame.faces {
      guard let track = face.track else { continue }
      if let index = people.firstIndex(where: { $0.id == track.id }) {
        people[index].emotion = track.emotion
        people[index].history.add(time: frame.time, scores: track.scores)
        people[index].lastSeen = frame.time
      } else {
        var history = ScoreHistory()
        history.add(time: frame.time, scores: track.scores)
        people.append(Person(id: track.id, emotion: track.emotion, history: history, lastSeen: frame.time))
        people.sort { $0.id < $1.id }
      }
    }
    guard people.count > capacity else { return }
    let inView = Set(frame.faces.compactMap { $0.track?.id })
    let leaving = people.filter { !inView.contains($0.id) }.sorted { $0.lastSeen < $1.lastSeen }
      .prefix(people.count - capacity).map(\.id)
    people.removeAll { leaving.contains($0.id) }
  }

  /// Forgets everyone (a new source).
  mutating func removeAll() { people.removeAll() }
}
