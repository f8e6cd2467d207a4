import FaceAnalysisInterface
import FaceAnalysisTesting
import Testing

@testable import MainFlow

/// The Vision screen's reducer and view-model builder, without threads or clocks: events and
/// requests in, state, effects and the model out.
@Suite("Vision state")
struct VisionStateTests {
  static func frame(
    _ index: Int, time: Double, faces: [RecognizedFace] = [FakeScript.happyFace]
  ) -> RecognizedFrame {
    FakeScript(name: "clip.mp4", playback: .video(framesPerSecond: 10)) { _ in faces }.frame(index)
  }

  /// `frame` as the session delivers it: with its count, as if it were the first frame
  /// recognised, and the frames dropped so far.
  static func delivered(_ frame: RecognizedFrame, dropped: Int) -> RecognitionEvent {
    var tally = RecognitionTally()
    tally.add(frame)
    tally.dropped = dropped
    return .frame(frame, tally: tally)
  }

  func opened(_ playback: Playback = .video(framesPerSecond: 10)) -> VisionState {
    var state = VisionState(source: "clip.mp4")
    #expect(state.reduce(.recognition(.opened(summary: "fake clip.mp4", playback: playback)), now: 0) == [])
    return state
  }

  @Test func beforeTheSourceOpensTheStatusSaysSo() {
    let model = VisionViewModelBuilder.model(for: VisionState(source: "clip.mp4"))
    #expect(model.status == "Opening clip.mp4…")
    #expect(model.image == nil && !model.canPause && !model.canSave)
  }

  @Test func eachFrameIsReportedShownAndTimed() {
    var state = opened()
    let effects = state.reduce(.recognition(Self.delivered(Self.frame(0, time: 0), dropped: 0)), now: 10)
    #expect(effects == [.report("frame 0 (0.00 s): 1 face: happy 75% at 1,0 2x2")])
    _ = state.reduce(.recognition(Self.delivered(Self.frame(1, time: 0.1), dropped: 3)), now: 10.5)
    _ = state.reduce(.recognition(Self.delivered(Self.frame(2, time: 0.2), dropped: 3)), now: 11)
    let model = VisionViewModelBuilder.model(for: state)
    #expect(model.status == "fake clip.mp4 · frame 2")
    #expect(model.details == "fake clip.mp4 · 4x2 · 2.0 fps · detect 0 ms · classify 0 ms · 3 dropped")
    #expect(model.scoreTitle == "Largest face: happy 75%")
    #expect(model.trend?.values == [0.75, 0.75, 0.75])
    #expect(model.canPause && model.canSave && model.isMoving)
  }

  /// A face of `emotion` followed as person `id`, with a smoothed score of `score`.
  static func person(_ id: Int, _ emotion: Emotion, score: Float, x: Int = 0) -> RecognizedFace {
    RecognizedFace(
      box: BoundingBox(x: x, y: 0, width: 2, height: 2), scores: FakeScript.happyFace.scores,
      track: FaceTrack(id: id, emotion: emotion, scores: EmotionScores { $0 == emotion ? score : 0 }))
  }

  /// The people of a stream are listed in id order with their steady emotion and its own
  /// sparkline; one out of view is listed dim, and stays listed however long they are gone.
  @Test func peopleAreListedEachWithTheirLabelAndHistoryAndStayListedDimAfterLeaving() {
    var state = opened()
    let both = [Self.person(2, .sad, score: 0.6, x: 2), Self.person(1, .happy, score: 0.9)]
    _ = state.reduce(.recognition(Self.delivered(Self.frame(0, time: 0, faces: both), dropped: 0)), now: 0)
    _ = state.reduce(.recognition(Self.delivered(Self.frame(1, time: 0.1, faces: both), dropped: 0)), now: 1)
    let alone = [Self.person(1, .happy, score: 0.8)]
    _ = state.reduce(.recognition(Self.delivered(Self.frame(2, time: 0.2, faces: alone), dropped: 0)), now: 3)
    var model = VisionViewModelBuilder.model(for: state)
    #expect(model.people.map(\.name) == ["#1", "#2"])
    #expect(model.people.map(\.emotion) == ["happy", "sad"])
    #expect(model.people[0].values.map { Float($0) } == [0.9, 0.9, 0.8])
    #expect(model.people.map(\.isInView) == [true, false])
    #expect(model.people.map(\.lastSeen) == [0.2, 0.1])
    #expect(model.trend == nil, "people replace the one mixed history")
    #expect(model.boxes.map(\.label) == ["#1 happy 0.80"])
    // A minute later, on both clocks, #2 is still listed, dim, with their last sparkline.
    _ = state.reduce(
      .recognition(Self.delivered(Self.frame(603, time: 60.3, faces: alone), dropped: 0)), now: 63)
    model = VisionViewModelBuilder.model(for: state)
    #expect(model.people.map(\.name) == ["#1", "#2"], "#2 left a minute ago and is still listed")
    #expect(model.people.map(\.isInView) == [true, false])
    #expect(model.people[1].values.map { Float($0) } == [0.6, 0.6] && model.people[1].emotion == "sad")
  }

  /// A person who comes back under their id (the tracker knew them again) takes up their own
  /// row again, in view, their emotion and sparkline carried on; nobody new is listed.
  @Test func aPersonWhoComesBackIsShownAgainUnderTheirId() {
    var state = opened()
    let both = [Self.person(1, .happy, score: 0.9), Self.person(2, .sad, score: 0.6, x: 2)]
    _ = state.reduce(.recognition(Self.delivered(Self.frame(0, time: 0, faces: both), dropped: 0)), now: 0)
    let alone = [Self.person(1, .happy, score: 0.8)]
    _ = state.reduce(.recognition(Self.delivered(Self.frame(50, time: 5, faces: alone), dropped: 0)), now: 5)
    #expect(VisionViewModelBuilder.model(for: state).people.map(\.isInView) == [true, false])
    let back = [Self.person(1, .happy, score: 0.8), Self.person(2, .surprise, score: 0.7, x: 2)]
    _ = state.reduce(.recognition(Self.delivered(Self.frame(80, time: 8, faces: back), dropped: 0)), now: 8)
    let model = VisionViewModelBuilder.model(for: state)
    #expect(model.people.map(\.name) == ["#1", "#2"], "one row for #2, not a new one")
    #expect(model.people.map(\.isInView) == [true, true])
    #expect(model.people[1].emotion == "surprise" && model.people[1].lastSeen == 8)
    #expect(state.people.people[1].history.samples.map(\.time) == [0, 8], "their history goes on")
  }

  /// Past its capacity, the list lets go of those out of view seen longest ago, never of
  /// someone in the frame.
  @Test func peopleBeyondTheCapacityGoLongestGoneFirst() {
    var people = PeopleHistory(capacity: 3)
    let times: [(Int, Double)] = [(1, 0), (2, 1), (3, 2), (4, 3)]
    for (id, time) in times {
      people.add(Self.frame(Int(time * 10), time: time, faces: [Self.person(id, .happy, score: 0.5)]))
    }
    #expect(people.people.map(\.id) == [2, 3, 4], "#1, gone longest, went first")
    people.add(Self.frame(40, time: 4, faces: [Self.person(1, .sad, score: 0.5)]))
    #expect(people.people.map(\.id) == [1, 3, 4], "#1 is back in view; #2 goes")
    #expect(people.people.map(\.lastSeen) == [4, 2, 3])
  }

  @Test func framesShownLongerThanTwoSecondsAgoLeaveTheRate() {
    var state = opened()
    _ = state.reduce(.recognition(Self.delivered(Self.frame(0, time: 0), dropped: 0)), now: 0)
    _ = state.reduce(.recognition(Self.delivered(Self.frame(1, time: 0.1), dropped: 0)), now: 5)
    _ = state.reduce(.recognition(Self.delivered(Self.frame(2, time: 0.2), dropped: 0)), now: 5.25)
    #expect(state.shownAt == [5, 5.25])
    #expect(VisionViewModelBuilder.model(for: state).details.contains("4.0 fps"))
  }

  @Test func pausingAsksTheSessionAndHoldsThePicture() {
    var state = opened()
    _ = state.reduce(.recognition(Self.delivered(Self.frame(0, time: 0), dropped: 0)), now: 0)
    #expect(state.reduce(.togglePause, now: 1) == [.setPaused(true)])
    // A frame already on its way is reported but not shown.
    let effects = state.reduce(.recognition(Self.delivered(Self.frame(1, time: 0.1), dropped: 0)), now: 1.1)
    #expect(effects.count == 1)
    #expect(VisionViewModelBuilder.model(for: state).status == "fake clip.mp4 · paused at frame 0")
    #expect(state.reduce(.togglePause, now: 2) == [.setPaused(false)])
    #expect(state.shownAt.isEmpty, "the rate starts again after a pause")
  }

  @Test func aStillOrAnEndedSourceDoesNotPause() {
    var still = opened(.still)
    #expect(still.reduce(.togglePause, now: 0) == [])
    var ended = opened()
    let tally = RecognitionTally()
    #expect(ended.reduce(.recognition(.finished(tally)), now: 0) == [.report("summary: 0 frames, 0 faces")])
    #expect(ended.reduce(.togglePause, now: 0) == [])
    #expect(VisionViewModelBuilder.model(for: ended).status == "finished · 0 frames, 0 faces")
  }

  /// The session counts; the screen keeps its latest count, whatever it was shown: here the
  /// session recognised three frames, of which the screen was shown one.
  @Test func theCountIsTheSessionsNotTheFramesShown() {
    var state = opened()
    var tally = RecognitionTally()
    for index in 0..<3 { tally.add(Self.frame(index, time: Double(index) / 10)) }
    tally.dropped = 2
    _ = state.reduce(.recognition(.frame(Self.frame(2, time: 0.2), tally: tally)), now: 0)
    #expect(state.tally == tally)
    #expect(VisionViewModelBuilder.model(for: state).details.hasSuffix("· 2 dropped"))
    tally.add(Self.frame(3, time: 0.3))
    tally.dropped = 5
    _ = state.reduce(.recognition(.finished(tally)), now: 1)
    #expect(state.tally == tally)
    #expect(
      VisionViewModelBuilder.model(for: state).status
        == "finished · 4 frames, 4 faces, happy 100%, 0 ms a frame, 5 dropped")
  }

  @Test func slidesStepWithinTheFolderAndSayWhereTheyEnd() {
    var state = opened(.slideShow(count: 3))
    #expect(state.reduce(.step(by: 1), now: 0) == [.showSlide(1)])
    #expect(state.reduce(.step(by: 5), now: 0) == [.showSlide(2)])
    #expect(state.reduce(.step(by: 1), now: 0) == [.expireNotice])
    #expect(VisionViewModelBuilder.model(for: state).status == "This is the last image.")
    #expect(state.reduce(.noticeExpired, now: 0) == [])
    #expect(VisionViewModelBuilder.model(for: state).status == "fake clip.mp4 · image 3 of 3")
    #expect(
      state.reduce(.recognition(.slideFailed(index: 2, message: "slide3.png: corrupt")), now: 0) == [
        .expireNotice
      ])
    #expect(VisionViewModelBuilder.model(for: state).tone == .error)
  }

  @Test func savingShowsANoticeThenWhereTheFileWent() {
    var state = opened()
    #expect(state.reduce(.save, now: 0) == [], "nothing to save before a frame")
    let frame = Self.frame(4, time: 0.4)
    _ = state.reduce(.recognition(Self.delivered(frame, dropped: 0)), now: 0)
    #expect(state.reduce(.save, now: 0) == [.expireNotice, .save(frame)])
    #expect(VisionViewModelBuilder.model(for: state).status == "Saving frame 4…")
    #expect(
      state.reduce(.recognition(.saved(path: "/p/a.png")), now: 0) == [
        .report("saved /p/a.png"), .expireNotice,
      ])
    #expect(VisionViewModelBuilder.model(for: state).status == "Saved the frame to /p/a.png")
  }

  @Test func aLostCameraEndsTheSourceAndTellsTheCoordinator() {
    var state = opened(.live(framesPerSecond: 30, isCamera: true))
    let text = "The camera went away: /dev/video0: gone. Choose another source."
    #expect(
      state.reduce(.recognition(.sourceLost("/dev/video0: gone")), now: 0) == [
        .report("error: \(text)"), .sourceLost(text),
      ])
    let model = VisionViewModelBuilder.model(for: state)
    #expect(model.status == text && model.tone == .error && !model.canPause)
  }

  // MARK: - The detector

  @Test func theDetectorIsShownOnceTheSessionSaysWhichRuns() {
    var state = opened()
    #expect(state.reduce(.nextDetector, now: 0) == [], "d does nothing before the session says")
    #expect(VisionViewModelBuilder.model(for: state).nextDetector == "")
    #expect(state.reduce(.recognition(.detector(.haar)), now: 0) == [.report("detector: Haar cascade")])
    var model = VisionViewModelBuilder.model(for: state)
    #expect(model.detector == "Haar cascade" && model.details == "Haar cascade", "no notice for the first")
    #expect(model.nextDetector == "BlazeFace (full range)")
    #expect(model.status == "fake clip.mp4 · waiting for the first frame")
    _ = state.reduce(.recognition(Self.delivered(Self.frame(0, time: 0), dropped: 0)), now: 0)
    model = VisionViewModelBuilder.model(for: state)
    #expect(model.details == "fake clip.mp4 · 4x2 · Haar cascade · detect 0 ms · classify 0 ms")
  }

  @Test func dAsksForTheNextDetectorAndTheSessionSaysWhenItRuns() {
    var state = opened()
    _ = state.reduce(.recognition(.detector(.haar)), now: 0)
    #expect(state.reduce(.nextDetector, now: 1) == [.expireNotice, .setDetector(.blazeFace)])
    #expect(VisionViewModelBuilder.model(for: state).status == "Switching to BlazeFace (full range)…")
    #expect(state.detector == .haar, "the old detector runs until the session says")
    // Pressed again before the session answers: the one after the one asked for.
    #expect(state.reduce(.nextDetector, now: 1) == [.expireNotice, .setDetector(.blazeFaceShort)])
    #expect(
      state.reduce(.recognition(.detector(.blazeFace)), now: 2) == [
        .report("detector: BlazeFace (full range)"), .expireNotice,
      ])
    #expect(state.detector == .blazeFace && state.requestedDetector == .blazeFaceShort)
    _ = state.reduce(.recognition(.detector(.blazeFaceShort)), now: 3)
    let model = VisionViewModelBuilder.model(for: state)
    #expect(model.status == "Finding faces with BlazeFace (short range)" && model.tone == .notice)
    #expect(model.detector == "BlazeFace (short range)" && model.nextDetector == "Haar cascade")
    #expect(state.reduce(.nextDetector, now: 4) == [.expireNotice, .setDetector(.haar)], "it wraps around")
  }

  @Test func aDetectorThatCannotLoadSaysWhyAndTheOldOneStays() {
    var state = opened()
    _ = state.reduce(.recognition(.detector(.haar)), now: 0)
    _ = state.reduce(.nextDetector, now: 0)
    let message = "face_detection_full_range.tflite not found: run Tools/setup"
    let text = "Cannot use BlazeFace (full range): \(message)"
    #expect(
      state.reduce(.recognition(.detectorUnavailable(.blazeFace, message: message)), now: 1) == [
        .report("error: \(text)"), .expireNotice,
      ])
    let model = VisionViewModelBuilder.model(for: state)
    #expect(model.status == text && model.tone == .error)
    #expect(model.detector == "Haar cascade" && model.nextDetector == "BlazeFace (full range)")
    #expect(state.requestedDetector == nil)
    #expect(state.reduce(.noticeExpired, now: 6) == [])
    #expect(VisionViewModelBuilder.model(for: state).tone == .normal)
  }

  @Test func anEndedSourceSwitchesNoDetector() {
    var state = opened()
    _ = state.reduce(.recognition(.detector(.haar)), now: 0)
    _ = state.reduce(.recognition(.finished(RecognitionTally())), now: 0)
    #expect(state.reduce(.nextDetector, now: 0) == [])
    let model = VisionViewModelBuilder.model(for: state)
    #expect(model.nextDetector == "" && model.detector == "Haar cascade")
    var slides = opened(.slideShow(count: 2))
    _ = slides.reduce(.recognition(.detector(.haar)), now: 0)
    #expect(
      slides.reduce(.nextDetector, now: 0) == [.expireNotice, .setDetector(.blazeFace)],
      "a slide show runs on")
  }
}
