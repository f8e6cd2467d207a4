import FaceAnalysisInterface

@testable import FaceAnalysisTracking

/// A seeded generator (SplitMix64), so that noisy scenes are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// A person in a synthetic scene: a square face whose centre and size move in straight lines
/// between key frames, found by the detector except where the scene says it is not.
struct Person {
  struct Key {
    var time: Double
    var x: Double
    var y: Double
    var size: Double
  }

  var name: String
  var keys: [Key]
  var scores = EmotionScores(modelOrder: [0, 0, 0, 0.8, 0.05, 0.05, 0.1]) ?? EmotionScores { _ in 0 }
  /// The detector's confidence, or nil for a Haar-like detector.
  var confidence: Float? = nil
  /// Whether the detector finds the face at a time (beyond the time the path covers).
  var isFound: (Double) -> Bool = { _ in true }
  /// Who the face is to an embedder: a seed for its unit vector (people with the same seed look
  /// alike), or nil for faces given without embeddings.
  var identity: UInt64? = nil

  /// The face's embedding at `time`: the identity's 128-number unit vector with a little noise of
  /// the moment (a cosine of about 0.9 with the identity's own), as an embedder's vary from frame
  /// to frame.
  func embedding(at time: Double) -> [Float]? {
    guard let identity else { return nil }
    var person = SeededGenerator(seed: identity)
    var moment = SeededGenerator(seed: identity &* 7919 &+ UInt64((time * 1000).rounded()))
    let values = (0..<128).map { _ in
      Double.random(in: -1...1, using: &person) + 0.3 * Double.random(in: -1...1, using: &moment)
    }
    let length = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
    return values.map { Float($0 / length) }
  }

  /// The face's box at `time`, or nil outside its path.
  func box(at time: Double) -> BoundingBox? {
    guard let first = keys.first, let last = keys.last, time >= first.time - 1e-9, time <= last.time + 1e-9
    else { return nil }
    var key = first
    if let after = keys.firstIndex(where: { $0.time > time }), after > 0 {
      let before = keys[after - 1]
      let next = keys[after]
      let t = (time - before.time) / (next.time - before.time)
      key = Key(
        time: time, x: before.x + (next.x - before.x) * t, y: before.y + (next.y - before.y) * t,
        size: before.size + (next.size - before.size) * t)
    } else if time >= last.time {
      key = last
    }
    let size = Int(key.size.rounded())
    return BoundingBox(
      x: Int((key.x - key.size / 2).rounded()), y: Int((key.y - key.size / 2).rounded()), width: size,
      height: size)
  }
}

/// One frame of a scene: the faces the detector gives and whose each one is.
struct SceneFrame {
  var time: Double
  var faces: [RecognizedFace]
  var people: [String]
}

/// People moving in a video of `duration` seconds at `rate` frames a second, of which every
/// `every`th frame is analysed (as `--every`).
struct Scene {
  var people: [Person]
  var duration: Double
  /// Extra faces a detector reports by mistake: time, box and confidence.
  var falsePositives: [(time: Double, box: BoundingBox, confidence: Float?)] = []
  /// The largest shift of a box's edges, in pixels, that the detector's noise adds (the same
  /// noise at the same time whatever the frame rate).
  var jitter = 0

  func frames(rate: Double, every: Int = 1) -> [SceneFrame] {
    let count = Int((duration * rate).rounded(.down)) + 1
    return stride(from: 0, to: count, by: every).map { index in
      let time = Double(index) / rate
      var frame = SceneFrame(time: time, faces: [], people: [])
      for person in people {
        guard var box = person.box(at: time), person.isFound(time) else { continue }
        if jitter > 0 {
          var generator = SeededGenerator(
            seed: UInt64((time * 1000).rounded()) &* 31 &+ UInt64(person.name.count))
          box.x += Int.random(in: -jitter...jitter, using: &generator)
          box.y += Int.random(in: -jitter...jitter, using: &generator)
          box.width += Int.random(in: -jitter...jitter, using: &generator)
          box.height = box.width
        }
        frame.faces.append(
          RecognizedFace(
            box: box, scores: person.scores, detectorConfidence: person.confidence,
            embedding: person.embedding(at: time)))
        frame.people.append(person.name)
      }
      for mistake in falsePositives where abs(mistake.time - time) < 0.5 / rate {
        frame.faces.append(
          RecognizedFace(box: mistake.box, scores: people[0].scores, detectorConfidence: mistake.confidence))
        frame.people.append("false positive")
      }
      return frame
    }
  }

  /// The ids each person's faces were given by a tracker fed every frame, and the faces left
  /// without one, by person.
  func trackedIDs(
    rate: Double, every: Int = 1, configuration: TrackerConfiguration = TrackerConfiguration()
  )
    -> Identities
  {
    var queue = TrackedFrameQueue<SceneFrame>(configuration: configuration)
    var released: [TrackedFrameQueue<SceneFrame>.Released] = []
    for var frame in frames(rate: rate, every: every) {
      // Only the embeddings the tracker asks for are given, as `detect` computes them.
      let needed = queue.tracker.needsEmbeddings(at: frame.time, faces: frame.faces)
      for index in frame.faces.indices where !needed[index] { frame.faces[index].embedding = nil }
      released += queue.add(frame, at: frame.time, faces: frame.faces)
    }
    released += queue.finish()
    return Identities(released: released)
  }
}

/// Which ids each person of a scene was given, in the order they first appear.
struct Identities: Equatable, CustomStringConvertible {
  /// Per person, the sequence of ids their faces carried, with repeats collapsed (nil for none).
  var sequences: [String: [Int?]] = [:]
  /// Per person, how many of their faces had no id.
  var untracked: [String: Int] = [:]

  init(released: [TrackedFrameQueue<SceneFrame>.Released]) {
    for frame in released {
      for (person, track) in zip(frame.frame.people, frame.tracks) {
        if track == nil { untracked[person, default: 0] += 1 }
        if sequences[person]?.last != .some(track?.id) { sequences[person, default: []].append(track?.id) }
      }
    }
  }

  var description: String {
    sequences.keys.sorted().map { "\($0): \(sequences[$0] ?? [])" }.joined(separator: "; ")
  }
}
