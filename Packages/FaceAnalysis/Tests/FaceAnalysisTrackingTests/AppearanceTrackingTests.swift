import FaceAnalysisInterface
import Synchronization
import Testing

@testable import FaceAnalysisTracking

/// The tracker with faces' embeddings: people known again after they leave, hide or the scene
/// cuts, and strangers told from them. Synthetic identities (``Person/identity``) stand for an
/// embedder's: each person's vectors near one direction, different people's far apart.
@Suite("Face tracker with appearance")
struct AppearanceTrackingTests {
  /// A person standing at `x` from `start` to `end`.
  static func standing(
    _ name: String, x: Double, y: Double = 180, from start: Double, to end: Double, identity: UInt64?
  )
    -> Person
  {
    Person(
      name: name, keys: [.init(time: start, x: x, y: y, size: 100), .init(time: end, x: x, y: y, size: 100)],
      identity: identity)
  }

  @Test func someoneWhoLeavesForTenSecondsAndComesBackElsewhereKeepsTheirID() {
    func scene(identities: Bool) -> Scene {
      var leaving = Person(
        name: "A",
        keys: [
          .init(time: 0, x: 100, y: 180, size: 100), .init(time: 2, x: 100, y: 180, size: 100),
          .init(time: 12, x: 520, y: 200, size: 110), .init(time: 14, x: 520, y: 200, size: 110),
        ],
        identity: identities ? 1 : nil)
      leaving.isFound = { $0 <= 2 || $0 >= 12 }
      return Scene(
        people: [leaving, Self.standing("B", x: 320, from: 0, to: 14, identity: identities ? 2 : nil)],
        duration: 14)
    }
    #expect(scene(identities: true).trackedIDs(rate: 24).sequences == ["A": [1], "B": [2]])
    #expect(
      scene(identities: false).trackedIDs(rate: 24).sequences == ["A": [1, 3], "B": [2]], "motion alone")
  }

  @Test func twoPeopleWhoSwapSidesBehindAPillarKeepTheirIDs() {
    // A walks in from the left and B from the right; both are hidden behind a pillar in the
    // middle for 2 s, longer than a lost track is kept, and come out on the other's side.
    func scene(identities: Bool) -> Scene {
      var a = Person(
        name: "A", keys: [.init(time: 0, x: 60, y: 180, size: 90), .init(time: 6, x: 580, y: 180, size: 90)],
        identity: identities ? 11 : nil)
      var b = Person(
        name: "B", keys: [.init(time: 0, x: 580, y: 190, size: 90), .init(time: 6, x: 60, y: 190, size: 90)],
        identity: identities ? 12 : nil)
      a.isFound = { $0 < 2 || $0 > 4 }
      b.isFound = { $0 < 2 || $0 > 4 }
      return Scene(people: [a, b], duration: 6)
    }
    #expect(scene(identities: true).trackedIDs(rate: 24).sequences == ["A": [1], "B": [2]])
    // Motion alone: new ids, B's first, as it comes out on the left.
    #expect(scene(identities: false).trackedIDs(rate: 24).sequences == ["A": [1, 4], "B": [2, 3]])
  }

  @Test func aCutToOtherPlacesKeepsEveryonesID() {
    // At 3 s the scene cuts: both people jump to other places and sizes, A where B was.
    func person(_ name: String, before: (Double, Double), after: (Double, Double), identity: UInt64) -> Person
    {
      var person = Person(
        name: name,
        keys: [
          .init(time: 0, x: before.0, y: before.1, size: 100),
          .init(time: 2.99, x: before.0, y: before.1, size: 100),
          .init(time: 3, x: after.0, y: after.1, size: 140),
          .init(time: 6, x: after.0, y: after.1, size: 140),
        ],
        identity: identity)
      person.isFound = { _ in true }
      return person
    }
    let scene = Scene(
      people: [
        person("A", before: (150, 180), after: (480, 200), identity: 21),
        person("B", before: (480, 180), after: (150, 160), identity: 22),
      ], duration: 6)
    let identities = scene.trackedIDs(rate: 24)
    #expect(identities.sequences == ["A": [1], "B": [2]], "\(identities)")
  }

  @Test func aStrangerWhoTakesALostPersonsPlaceIsANewPerson() {
    // The first stands still and is gone at 2 s; a stranger appears in the same place at 2.7 s,
    // within the lost time, where motion alone continues the first's track.
    func scene(identities: Bool) -> Scene {
      Scene(
        people: [
          Self.standing("first", x: 500, from: 0, to: 2, identity: identities ? 31 : nil),
          Self.standing("stranger", x: 505, from: 2.7, to: 4.7, identity: identities ? 32 : nil),
        ], duration: 4.7)
    }
    #expect(scene(identities: true).trackedIDs(rate: 24).sequences == ["first": [1], "stranger": [2]])
    #expect(
      scene(identities: false).trackedIDs(rate: 24).sequences == ["first": [1], "stranger": [1]],
      "motion alone")
  }

  @Test(arguments: [false, true])
  func samplesMoreThanASecondApartKeepTheirIDs(identities: Bool) {
    // `--every 30` at 24 fps: samples 1.25 s apart, longer than the lost time.
    let a = Person(
      name: "A",
      keys: [.init(time: 0, x: 100, y: 180, size: 100), .init(time: 20, x: 300, y: 180, size: 100)],
      identity: identities ? 41 : nil)
    let b = Person(
      name: "B",
      keys: [.init(time: 0, x: 540, y: 180, size: 100), .init(time: 20, x: 420, y: 200, size: 100)],
      identity: identities ? 42 : nil)
    let tracked = Scene(people: [a, b], duration: 20).trackedIDs(rate: 24, every: 30)
    #expect(tracked.sequences == ["A": [1], "B": [2]], "\(tracked)")
    #expect(tracked.untracked.isEmpty, "a track is confirmed by its second sample")
  }

  /// The times of the frames whose face the tracker asked an embedding of, over `scene` at 24 fps;
  /// faces not asked for are given none.
  static func askedTimes(_ scene: Scene) -> [Double] {
    var tracker = FaceTracker()
    var asked: [Double] = []
    for frame in scene.frames(rate: 24) {
      var faces = frame.faces
      let needed = tracker.needsEmbeddings(at: frame.time, faces: faces)
      for index in faces.indices where !needed[index] { faces[index].embedding = nil }
      if needed.contains(true) { asked.append(frame.time) }
      _ = tracker.update(at: frame.time, faces: faces)
    }
    return asked
  }

  @Test func theFirstPersonIsAskedOnceThenEveryTwoSeconds() {
    let asked = Self.askedTimes(
      Scene(people: [Self.standing("A", x: 300, from: 0, to: 5, identity: 51)], duration: 5))
    // No one else it could be: one embedding starts its appearance, then one every 48 frames
    // (2 s), at 0, 2 and 4 s.
    #expect(asked.map { Int(($0 * 24).rounded()) } == [0, 48, 96], "\(asked)")
  }

  @Test func aNewFaceWhileSomeoneIsGoneIsAskedOnItsFirstFrames() {
    let scene = Scene(
      people: [
        Self.standing("A", x: 100, from: 0, to: 1, identity: 51),
        Self.standing("B", x: 400, from: 3, to: 6, identity: 52),
      ], duration: 6)
    let asked = Self.askedTimes(scene).filter { $0 >= 3 }
    // A is gone: B's first three frames decide whether B is A again, then a refresh two seconds
    // after the last of them.
    #expect(asked.map { Int(($0 * 24).rounded()) } == [72, 73, 74, 122], "\(asked)")
  }

  /// Two people and a stranger through a cut the tracker is told of: at 3 s, A stands where B
  /// stood and B elsewhere, and a stranger where A stood. Motion continues nothing across it.
  static func cutScene() -> (scene: Scene, cutTime: Double) {
    func person(_ name: String, _ identity: UInt64, before: Double?, after: Double?) -> Person {
      var keys: [Person.Key] = []
      if let before {
        keys += [
          .init(time: 0, x: before, y: 180, size: 100), .init(time: 2.99, x: before, y: 180, size: 100),
        ]
      }
      if let after {
        keys += [.init(time: 3, x: after, y: 180, size: 100), .init(time: 6, x: after, y: 180, size: 100)]
      }
      return Person(name: name, keys: keys, identity: identity)
    }
    let scene = Scene(
      people: [
        person("A", 61, before: 100, after: 450), person("B", 62, before: 450, after: 250),
        person("stranger", 63, before: nil, after: 100),
      ], duration: 6)
    return (scene, 3)
  }

  @Test func afterACutPeopleAreKnownByTheirFacesAndAStrangerIsNew() {
    let (scene, cutTime) = Self.cutScene()
    var queue = TrackedFrameQueue<SceneFrame>()
    var released: [TrackedFrameQueue<SceneFrame>.Released] = []
    for var frame in scene.frames(rate: 24) {
      if abs(frame.time - cutTime) < 1e-9 { queue.cut() }
      let needed = queue.tracker.needsEmbeddings(at: frame.time, faces: frame.faces)
      for index in frame.faces.indices where !needed[index] { frame.faces[index].embedding = nil }
      released += queue.add(frame, at: frame.time, faces: frame.faces)
    }
    released += queue.finish()
    let identities = Identities(released: released)
    #expect(identities.sequences == ["A": [1], "B": [2], "stranger": [3]], "\(identities)")
    // Without the cut, motion gives A's place to the stranger and B's to A.
    let uncut = scene.trackedIDs(rate: 24)
    #expect(uncut.sequences != identities.sequences, "\(uncut)")
  }

  @Test func appearanceMeansAndSimilarities() {
    var appearance = Appearance()
    #expect(appearance.similarity(to: [1, 0]) == nil)
    appearance.add([1, 0])
    appearance.add([0, 1])
    // The mean (0.5, 0.5) against (1, 0): cos 45°.
    #expect(abs((appearance.similarity(to: [1, 0]) ?? 0) - 0.5.squareRoot()) < 1e-12)
    var other = Appearance()
    other.add([0, -1])
    #expect(abs((appearance.similarity(to: other) ?? 0) + 0.5.squareRoot()) < 1e-12)
    appearance.merge(other)
    #expect(appearance.count == 3)
    #expect(abs((appearance.similarity(to: [1, 0]) ?? 0) - 1) < 1e-12)
    appearance.add([1, 2, 3])
    #expect(abs((appearance.similarity(to: [1, 0]) ?? 0) - 1) < 1e-12, "one of another length is left out")
  }

  @Test func anAppearanceKeepsItsFirstAndLatestEmbeddingsAndComputesThemWhenCompared() {
    let computed = Mutex<[Int]>([])
    var appearance = Appearance()
    // Six embeddings, the nth pointing along axis n: it keeps the first two and the last two.
    for axis in 0..<6 {
      let vector = (0..<6).map { $0 == axis ? Float(1) : 0 }
      appearance.add(
        DeferredEmbedding {
          computed.withLock { $0.append(axis) }
          return vector
        })
    }
    #expect(appearance.count == Appearance.capacity)
    #expect(computed.withLock { $0 }.isEmpty, "kept, not computed")
    #expect(appearance.computedSimilarity(to: [1, 0, 0, 0, 0, 0]) == nil, "nothing computed to compare")
    // A check computes the latest alone: axis 5.
    #expect(appearance.checkedSimilarity(to: [0, 0, 0, 0, 0, 1]) == 1)
    #expect(computed.withLock { $0 } == [5])
    // Against the mean of (1,0,0,0,0,0), (0,1,...), (0,0,0,0,1,0), (0,...,1): cos = 1/2.
    #expect(abs((appearance.similarity(to: [1, 0, 0, 0, 0, 0]) ?? 0) - 0.5) < 1e-12)
    #expect(computed.withLock { $0 }.sorted() == [0, 1, 4, 5], "the third and fourth were let go")
  }

  /// `scene` at 24 fps through a queue, each face the tracker asks about given an embedding that
  /// is computed (and counted) only when the tracker reads it, as `detect` gives them.
  static func trackedWithDeferredEmbeddings(_ scene: Scene) -> (identities: Identities, computed: Int) {
    let computed = Mutex(0)
    var queue = TrackedFrameQueue<SceneFrame>()
    var released: [TrackedFrameQueue<SceneFrame>.Released] = []
    for frame in scene.frames(rate: 24) {
      let needed = queue.tracker.needsEmbeddings(at: frame.time, faces: frame.faces)
      var faces = frame.faces
      let samples = faces.indices.map { index -> DeferredEmbedding? in
        guard needed[index], let embedding = faces[index].embedding else { return nil }
        return DeferredEmbedding {
          computed.withLock { $0 += 1 }
          return embedding
        }
      }
      for index in faces.indices { faces[index].embedding = nil }
      released += queue.add(frame, at: frame.time, faces: faces, samples: samples)
    }
    released += queue.finish()
    return (Identities(released: released), computed.withLock { $0 })
  }

  @Test func embeddingsAreComputedOnlyWhereADecisionReadsThem() {
    // Two people who stay in view: no one could be anyone else, and nothing is computed.
    let staying = Scene(
      people: [
        Self.standing("A", x: 120, from: 0, to: 6, identity: 71),
        Self.standing("B", x: 480, from: 0, to: 6, identity: 72),
      ], duration: 6)
    let still = Self.trackedWithDeferredEmbeddings(staying)
    #expect(still.identities.sequences == ["A": [1], "B": [2]])
    #expect(still.computed == 0)
    // One leaves for 10 s and comes back elsewhere: their first three frames back and A's kept
    // embeddings (at most ``Appearance/capacity``) are computed, and nothing else.
    var leaving = Person(
      name: "A",
      keys: [
        .init(time: 0, x: 100, y: 180, size: 100), .init(time: 2, x: 100, y: 180, size: 100),
        .init(time: 12, x: 520, y: 200, size: 110), .init(time: 14, x: 520, y: 200, size: 110),
      ],
      identity: 73)
    leaving.isFound = { $0 <= 2 || $0 >= 12 }
    let back = Self.trackedWithDeferredEmbeddings(
      Scene(people: [leaving, Self.standing("B", x: 320, from: 0, to: 14, identity: 74)], duration: 14))
    #expect(back.identities.sequences == ["A": [1], "B": [2]], "\(back.identities)")
    #expect(back.computed > 3 && back.computed <= 3 + Appearance.capacity, "\(back.computed)")
  }
}
