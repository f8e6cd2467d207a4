import FaceAnalysisInterface
import Testing

@testable import FaceAnalysisTracking

@Suite("Face tracker")
struct FaceTrackerTests {
  /// A walks right across the frame, B walks left along nearly the same line, and A passes in
  /// front: B is not found while their centres are less than 70 px apart (1.71 s to 2.29 s,
  /// six frames at 10 fps).
  static func crossing(confidence: Float? = nil, jitter: Int = 0) -> Scene {
    let a = Person(
      name: "A", keys: [.init(time: 0, x: 80, y: 180, size: 100), .init(time: 4, x: 560, y: 180, size: 100)],
      confidence: confidence)
    var b = Person(
      name: "B", keys: [.init(time: 0, x: 560, y: 190, size: 100), .init(time: 4, x: 80, y: 190, size: 100)],
      confidence: confidence)
    b.isFound = { time in abs(480 - 240 * time) >= 70 }
    return Scene(people: [a, b], duration: 4, jitter: jitter)
  }

  @Test func twoPeopleCrossingKeepTheirIDs() {
    let identities = Self.crossing().trackedIDs(rate: 10)
    #expect(identities.sequences == ["A": [1], "B": [2]], "\(identities)")
    #expect(identities.untracked.isEmpty, "the first frames have their ids too")
  }

  @Test func aFaceWalkingInFrontOfAStillOneKeepsItsIDAndSoDoesTheHiddenOne() {
    // A large near face walks across a smaller still one, which is hidden while they overlap
    // by more than half its width.
    let walker = Person(
      name: "walker",
      keys: [.init(time: 0, x: 60, y: 200, size: 140), .init(time: 3, x: 600, y: 200, size: 140)])
    var still = Person(
      name: "still",
      keys: [.init(time: 0, x: 330, y: 180, size: 90), .init(time: 3, x: 330, y: 180, size: 90)])
    still.isFound = { time in abs(60 + 180 * time - 330) >= 60 }
    let identities = Scene(people: [walker, still], duration: 3, jitter: 2).trackedIDs(rate: 15)
    #expect(identities.sequences == ["walker": [1], "still": [2]], "\(identities)")
  }

  @Test func crossingWithNoisyBoxesKeepsTheIDs() {
    for rate in [10.0, 24, 30] {
      let identities = Self.crossing(jitter: 4).trackedIDs(rate: rate)
      #expect(identities.sequences == ["A": [1], "B": [2]], "at \(rate) fps: \(identities)")
    }
  }

  @Test func theSameScenesAtOtherFrameRatesAndEveryNGiveTheSameIDs() {
    let scene = Self.crossing(jitter: 3)
    let reference = scene.trackedIDs(rate: 10).sequences
    #expect(reference == ["A": [1], "B": [2]])
    for (rate, every) in [(30.0, 1), (24, 1), (60, 1), (30, 3), (24, 2), (25, 5)] {
      #expect(
        scene.trackedIDs(rate: rate, every: every).sequences == reference, "\(rate) fps, every \(every)")
    }
  }

  /// `detect --every 10` of a 10 fps video: one frame a second, in which a face has moved its
  /// own width (as the fixture video's astronaut does), so boxes a step apart never overlap. Each face keeps one id from
  /// its first frame, and two people walking side by side keep theirs.
  @Test func facesSampledASecondApartKeepTheirIDs() {
    let one = Person(
      name: "A", keys: [.init(time: 0, x: 90, y: 120, size: 60), .init(time: 5, x: 390, y: 120, size: 60)])
    let alone = Scene(people: [one], duration: 5).trackedIDs(rate: 10, every: 10)
    #expect(alone.sequences == ["A": [1]] && alone.untracked.isEmpty, "\(alone)")
    let two = Person(
      name: "B", keys: [.init(time: 0, x: 90, y: 260, size: 60), .init(time: 5, x: 390, y: 260, size: 60)])
    let pair = Scene(people: [one, two], duration: 5).trackedIDs(rate: 10, every: 10)
    #expect(pair.sequences == ["A": [1], "B": [2]] && pair.untracked.isEmpty, "\(pair)")
  }

  @Test func aMissOfAFewFramesKeepsTheID() {
    for (gap, rate) in [(0.35, 10.0), (0.35, 30), (0.8, 10), (0.8, 24)] {
      var person = Person(
        name: "P", keys: [.init(time: 0, x: 100, y: 150, size: 90), .init(time: 4, x: 420, y: 170, size: 90)])
      person.isFound = { time in time < 1.5 || time >= 1.5 + gap }
      let identities = Scene(people: [person], duration: 4).trackedIDs(rate: rate)
      #expect(identities.sequences == ["P": [1]], "a gap of \(gap) s at \(rate) fps: \(identities)")
    }
  }

  @Test func someoneEnteringWhereAnotherLeftIsANewPersonAfterTheLostTime() {
    // The first stands still and is gone at 2 s; the second appears in the same place.
    func scene(secondArrives arrival: Double) -> Scene {
      let first = Person(
        name: "first",
        keys: [.init(time: 0, x: 500, y: 180, size: 100), .init(time: 2, x: 500, y: 180, size: 100)])
      let second = Person(
        name: "second",
        keys: [
          .init(time: arrival, x: 505, y: 182, size: 100),
          .init(time: arrival + 2, x: 380, y: 182, size: 100),
        ])
      return Scene(people: [first, second], duration: arrival + 2)
    }
    for rate in [10.0, 30] {
      #expect(scene(secondArrives: 3.2).trackedIDs(rate: rate).sequences == ["first": [1], "second": [2]])
      // Within the lost time, nothing tells them apart: the track goes on (1 s by default).
      #expect(scene(secondArrives: 2.7).trackedIDs(rate: rate).sequences == ["first": [1], "second": [1]])
    }
    var quick = TrackerConfiguration()
    quick.maximumLostTime = 0.5
    #expect(
      scene(secondArrives: 2.7).trackedIDs(rate: 10, configuration: quick).sequences
        == ["first": [1], "second": [2]])
  }

  @Test func aFaceWhoseSizeChangesQuicklyKeepsItsID() {
    // Walking toward the camera: 60 px to 240 px in one second while drifting right, then
    // back again in 0.8 s, beside a still face.
    let walker = Person(
      name: "walker",
      keys: [
        .init(time: 0, x: 360, y: 200, size: 60), .init(time: 1, x: 400, y: 190, size: 240),
        .init(time: 1.8, x: 430, y: 200, size: 70), .init(time: 2.5, x: 440, y: 200, size: 70),
      ])
    let still = Person(
      name: "still",
      keys: [.init(time: 0, x: 100, y: 100, size: 80), .init(time: 2.5, x: 100, y: 100, size: 80)])
    for rate in [10.0, 24, 30] {
      let identities = Scene(people: [walker, still], duration: 2.5, jitter: 2).trackedIDs(rate: rate)
      // Both appear at 0 s: numbered from left to right.
      #expect(identities.sequences == ["still": [1], "walker": [2]], "at \(rate) fps: \(identities)")
    }
  }

  @Test func aOneFrameFalsePositiveUsesUpNoID() {
    var scene = Self.crossing()
    scene.falsePositives = [
      (time: 1.0, box: BoundingBox(x: 520, y: 20, width: 60, height: 60), confidence: nil)
    ]
    let identities = scene.trackedIDs(rate: 10)
    #expect(identities.sequences == ["A": [1], "B": [2], "false positive": [nil]], "\(identities)")
  }

  @Test func blazeFaceLowConfidenceFacesContinueTracksButStartNone() {
    // B is found with a low confidence while it is half hidden, before and after it vanishes;
    // a low-confidence false positive in a corner stays without a track.
    var scene = Self.crossing(confidence: 0.93)
    scene.people[1].isFound = { time in abs(480 - 240 * time) >= 40 }
    let confident = scene.people[1]
    scene.people[1].confidence = 0.6
    scene.people[1].isFound = { time in abs(480 - 240 * time) >= 40 && abs(480 - 240 * time) < 110 }
    scene.people.append(confident)
    scene.people[2].isFound = { time in abs(480 - 240 * time) >= 110 }
    scene.falsePositives = [
      (time: 0.5, box: BoundingBox(x: 560, y: 10, width: 50, height: 50), confidence: 0.55),
      (time: 0.6, box: BoundingBox(x: 560, y: 10, width: 50, height: 50), confidence: 0.55),
    ]
    let identities = scene.trackedIDs(rate: 10)
    #expect(identities.sequences == ["A": [1], "B": [2], "false positive": [nil]], "\(identities)")
    #expect(identities.untracked["B"] == nil, "B's low-confidence faces continue its track")
  }

  static let happy = EmotionScores(modelOrder: [0, 0, 0, 0.8, 0.05, 0.05, 0.1]) ?? EmotionScores { _ in 0 }

  /// A new person's first frames take the label their scores have settled on when the track
  /// is confirmed, not the leader of the very first frame: angry 0.5 / neutral 0.45, then
  /// neutral 0.55 / angry 0.4 0.1 s later, whose mean has neutral ahead by less than the margin.
  @Test func aNewPersonsFirstFramesTakeTheLabelTheirScoresSettleOn() {
    let first = EmotionScores(modelOrder: [0.5, 0, 0, 0, 0, 0.05, 0.45]) ?? Self.happy
    let second = EmotionScores(modelOrder: [0.4, 0, 0, 0, 0, 0.05, 0.55]) ?? Self.happy
    let box = BoundingBox(x: 40, y: 40, width: 80, height: 80)
    var queue = TrackedFrameQueue<Int>()
    var released = queue.add(0, at: 0, faces: [RecognizedFace(box: box, scores: first)])
    released += queue.add(1, at: 0.1, faces: [RecognizedFace(box: box, scores: second)])
    #expect(released.map(\.frame) == [0, 1])
    #expect(released.map { $0.tracks.first??.emotion } == [.neutral, .neutral])
    #expect(queue.tracker.summaries.first?.emotion == .neutral)
  }

  /// A face the detector is unsure of is a person once followed for 0.3 s, not 0.1 s; one sure
  /// face makes it 0.1 s; an unsure face seen twice and missed uses up no id.
  @Test func aFaceTheDetectorIsUnsureOfIsConfirmedLater() {
    let unsure = RecognizedFace(
      box: BoundingBox(x: 10, y: 10, width: 80, height: 80), scores: Self.happy, detectorConfidence: 0.6)
    let sure = RecognizedFace(
      box: BoundingBox(x: 12, y: 10, width: 80, height: 80), scores: Self.happy, detectorConfidence: 0.9)
    var alone = FaceTracker()
    for time in [0, 0.1, 0.2] { #expect(alone.update(at: time, faces: [unsure]) == [nil], "at \(time) s") }
    #expect(alone.update(at: 0.3, faces: [unsure]).map { $0?.id } == [1])
    #expect(alone.update(at: 0.4, faces: [sure]).map { $0?.id } == [1])

    var helped = FaceTracker()
    #expect(helped.update(at: 0, faces: [unsure]) == [nil])
    #expect(helped.update(at: 0.1, faces: [unsure]) == [nil])
    #expect(helped.update(at: 0.2, faces: [sure]).map { $0?.id } == [1])

    var passing = FaceTracker()
    #expect(passing.update(at: 0, faces: [unsure]) == [nil])
    #expect(passing.update(at: 0.1, faces: [unsure]) == [nil])
    #expect(passing.update(at: 0.2, faces: []) == [])
    let later = RecognizedFace(
      box: BoundingBox(x: 300, y: 10, width: 80, height: 80), scores: Self.happy, detectorConfidence: 0.9)
    #expect(passing.update(at: 0.3, faces: [later]) == [nil])
    #expect(passing.update(at: 0.4, faces: [later]).map { $0?.id } == [1], "the dropped track took no id")
  }

  @Test func theTrackerAloneNumbersATrackOnceConfirmed() {
    let face = RecognizedFace(box: BoundingBox(x: 100, y: 100, width: 80, height: 80), scores: Self.happy)
    var tracker = FaceTracker()
    #expect(tracker.update(at: 0, faces: [face]) == [nil])
    #expect(tracker.update(at: 0.05, faces: [face]) == [nil])
    let confirmed = tracker.update(at: 0.1, faces: [face])
    #expect(confirmed == [FaceTrack(id: 1, emotion: .happy, scores: Self.happy)])
    var immediate = FaceTracker(configuration: TrackerConfiguration(confirmationTime: 0))
    #expect(immediate.update(at: 0, faces: [face]).map { $0?.id } == [1])
  }

  @Test func aTentativeTrackMissedOnceIsDroppedAndItsFramesReleasedWithoutID() {
    var queue = TrackedFrameQueue<Int>()
    let face = RecognizedFace(box: BoundingBox(x: 100, y: 100, width: 80, height: 80), scores: Self.happy)
    #expect(queue.add(0, at: 0, faces: [face]).isEmpty)
    #expect(queue.waitingCount == 1)
    let released = queue.add(1, at: 0.04, faces: [])
    #expect(released.map(\.frame) == [0, 1])
    #expect(released.map(\.tracks) == [[nil], []])
    // The next face starts again, and its first frame gets id 1 when it is confirmed.
    #expect(queue.add(2, at: 0.08, faces: [face]).isEmpty)
    #expect(queue.add(3, at: 0.12, faces: [face]).isEmpty)
    let confirmed = queue.add(4, at: 0.18, faces: [face])
    #expect(confirmed.map(\.frame) == [2, 3, 4])
    #expect(confirmed.map { $0.tracks.map { $0?.id } } == [[1], [1], [1]])
    #expect(
      queue.add(5, at: 0.22, faces: [face, face]).map(\.frame) == [], "a new tentative face holds frame 5")
    #expect(queue.finish().map { $0.tracks.map { $0?.id } } == [[1, nil]])
  }

  /// A frame without faces to track waits behind a tentative one, goes straight out when none
  /// waits, and is never told to the tracker: the track is still confirmed at 0.1 s.
  @Test func aPassedFrameWaitsBehindTheFramesBeforeIt() {
    var queue = TrackedFrameQueue<Int>()
    let face = RecognizedFace(box: BoundingBox(x: 100, y: 100, width: 80, height: 80), scores: Self.happy)
    #expect(queue.pass(0, at: 0).map(\.frame) == [0], "nothing waits before it")
    #expect(queue.add(1, at: 0, faces: [face]).isEmpty)
    #expect(queue.pass(2, at: 0.05).isEmpty)
    #expect(queue.waitingCount == 2)
    let released = queue.add(3, at: 0.1, faces: [face])
    #expect(released.map(\.frame) == [1, 2, 3])
    #expect(released.map { $0.tracks.map { $0?.id } } == [[1], [], [1]])
    #expect(released.map(\.time) == [0, 0.05, 0.1])
    #expect(queue.tracker.summaries.map(\.frames) == [2])
  }

  @Test func theSameFramesGiveTheSameTracksBitForBit() {
    let frames = Self.crossing(confidence: 0.9, jitter: 5).frames(rate: 24)
    func run() -> ([FaceTracker.Step], [TrackSummary]) {
      var tracker = FaceTracker()
      let steps = frames.map { tracker.step(at: $0.time, faces: $0.faces) }
      return (steps, tracker.summaries)
    }
    let (first, firstSummaries) = run()
    let (second, secondSummaries) = run()
    #expect(first == second)
    #expect(firstSummaries == secondSummaries)
  }

  @Test func summariesCountEveryTrackedFaceOnce() {
    var queue = TrackedFrameQueue<SceneFrame>()
    var tracked: [Int: (count: Int, first: Double, last: Double)] = [:]
    for frame in Self.crossing(jitter: 2).frames(rate: 10) {
      for released in queue.add(frame, at: frame.time, faces: frame.faces) {
        for track in released.tracks.compactMap({ $0 }) {
          let seen = tracked[track.id] ?? (0, released.time, released.time)
          tracked[track.id] = (seen.count + 1, seen.first, released.time)
        }
      }
    }
    #expect(queue.finish().isEmpty)
    let summaries = queue.tracker.summaries
    #expect(summaries.map(\.id) == [1, 2])
    for summary in summaries {
      #expect(summary.frames == tracked[summary.id]?.count)
      #expect(summary.firstTime == tracked[summary.id]?.first)
      #expect(summary.lastTime == tracked[summary.id]?.last)
      #expect(summary.emotion == .happy)
    }
    // A: 41 frames (0 to 4 s); B: 41 less the 5 hidden ones.
    #expect(summaries.map(\.frames) == [41, 36])
  }
}
