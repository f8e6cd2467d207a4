import FaceAnalysisTesting
import Foundation
import Media
import SystemTesting
import Testing

@testable import FaceAnalysis

/// The pipeline behind every recognition session: two threads, pacing, dropping, pausing,
/// slides, saving and stopping, over scripted stages.
@MainActor
@Suite("Recognition pipeline")
struct RecognitionPipelineTests {
  /// A pipeline over `stages` delivering to `loop`, started.
  func start(
    _ stages: FakeStages, policy: RecognitionPolicy = .realTime, loop: TestLoop,
    saver: FrameSaver = FrameSaver(directory: NSTemporaryDirectory())
  ) -> RecognitionPipeline {
    let pipeline = RecognitionPipeline(
      source: stages.summary, policy: policy, delivery: loop.delivery, saving: FrameSaving(saver: saver)
    ) { stages }
    pipeline.start()
    return pipeline
  }

  @Test func aSourceOpensPlaysEveryFrameAndFinishes() throws {
    let loop = TestLoop()
    let stages = FakeStages(name: "clip.mp4", frames: 4)
    let pipeline = start(stages, policy: .everyFrame, loop: loop)
    defer { pipeline.stop() }
    #expect(loop.pump { loop.finished != nil })
    guard case .opened(let summary, let playback) = loop.events.first else {
      Issue.record("the first event is opened, not \(String(describing: loop.events.first))")
      return
    }
    #expect(summary == "fake clip.mp4" && playback == .video(framesPerSecond: nil))
    #expect(loop.frames.map(\.index) == [0, 1, 2, 3])
    #expect(loop.finished?.frames == 4 && loop.finished?.faces == 4)
    #expect(stages.closed.withLock { $0 }, "the reader closes the source at the end")
  }

  @Test func aSourceThatCannotOpenIsOneFailure() {
    let loop = TestLoop()
    let pipeline = RecognitionPipeline(
      source: "missing.mp4", policy: .realTime, delivery: loop.delivery,
      saving: FrameSaving(saver: FrameSaver())
    ) { throw FakeFailure(description: "missing.mp4: no such file") }
    pipeline.start()
    defer { pipeline.stop() }
    #expect(loop.pump { loop.failure != nil })
    #expect(loop.failure == "missing.mp4: no such file")
    #expect(loop.events.count == 1)
  }

  @Test func aSlowRecognizerDropsFramesInsteadOfQueueingThem() {
    let loop = TestLoop()
    let stages = FakeStages(
      name: "lavfi:testsrc2", frames: 50, playback: .live(framesPerSecond: nil, isCamera: false),
      waitsForTheEnd: true)
    let pipeline = start(stages, loop: loop)
    defer { pipeline.stop() }
    #expect(loop.pump { loop.finished != nil })
    // Recognition is held until the source has ended: at most the frame it holds and the
    // newest one, waiting in the single slot, are recognised; every other frame is dropped.
    let recognized = stages.recognized.withLock { $0 }
    #expect(stages.framesRead.withLock { $0 } == 51)
    #expect((1...2).contains(recognized))
    let tally = loop.finished
    #expect(tally?.frames == recognized && tally?.faces == recognized)
    // Dropped: those never recognised, and a recognised one the loop had no time to take.
    #expect(tally?.dropped == 50 - recognized || tally?.dropped == 49, "\(String(describing: tally))")
  }

  @Test func aLoopThatFallsBehindGetsOneFrameNotAQueue() {
    // The loop runs no job until the live stream has been read to its end: one frame waits
    // for it, however many went by, and every other one counts as dropped. (The frame in
    // recognition when the loop wakes, and the one after it, may still reach it.)
    let loop = TestLoop()
    let stages = FakeStages(
      name: "lavfi:testsrc2", frames: 2000, playback: .live(framesPerSecond: nil, isCamera: false))
    let pipeline = start(stages, loop: loop)
    defer { pipeline.stop() }
    let deadline = ContinuousClock.now + .seconds(20)
    while stages.framesRead.withLock({ $0 }) <= 2000, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(loop.pump { loop.finished != nil })
    let recognized = stages.recognized.withLock { $0 }
    #expect(loop.finished?.frames == recognized && loop.finished?.faces == recognized)
    #expect(loop.frames.count <= 3, "one frame waited, not a queue")
    #expect((1997...1999).contains(loop.finished?.dropped ?? 0), "\(String(describing: loop.finished))")
  }

  @Test func everyFrameOfAFileIsReportedEvenWhenTheRecognizerIsSlow() {
    // A file read for a report waits for recognition instead of dropping, so the reader
    // never reaches the end while recognition holds the first frame; open the gate.
    let loop = TestLoop()
    let stages = FakeStages(name: "clip.mp4", frames: 30, waitsForTheEnd: true)
    let pipeline = start(stages, policy: .everyFrame, loop: loop)
    defer { pipeline.stop() }
    stages.endGate?.signal()
    #expect(loop.pump { loop.finished != nil })
    #expect(loop.frames.map(\.index) == Array(0..<30))
    #expect(loop.finished?.frames == 30 && loop.finished?.dropped == 0)
  }

  @Test func aPausedFileIsNotReadUntilResumed() {
    let loop = TestLoop()
    let stages = FakeStages(name: "clip.mp4", frames: 100_000, playback: .video(framesPerSecond: 200))
    let pipeline = start(stages, loop: loop)
    defer { pipeline.stop() }
    #expect(loop.pump { loop.frames.count > 2 })
    pipeline.setPaused(true)
    Thread.sleep(forTimeInterval: 0.05)
    let read = stages.framesRead.withLock { $0 }
    Thread.sleep(forTimeInterval: 0.2)
    #expect(stages.framesRead.withLock { $0 } <= read + 1, "nothing is read while paused")
    pipeline.setPaused(false)
    #expect(loop.pump { stages.framesRead.withLock { $0 } > read + 5 })
  }

  @Test func aCameraThatStopsIsLostAndAFileThatFailsIsAFailure() {
    let message = "/dev/video0: video decoding failed: No such device"
    let camera = TestLoop()
    let lost = start(
      FakeStages(
        name: "/dev/video0", frames: 1000, playback: .live(framesPerSecond: 100, isCamera: true),
        failure: (after: 3, error: FakeFailure(description: message))),
      loop: camera)
    defer { lost.stop() }
    #expect(camera.pump { camera.failure != nil })
    #expect(camera.events.contains { if case .sourceLost(message) = $0 { true } else { false } })
    let file = TestLoop()
    let failed = start(
      FakeStages(
        name: "clip.mp4", frames: 10, failure: (after: 2, error: FakeFailure(description: "truncated"))),
      policy: .everyFrame, loop: file)
    defer { failed.stop() }
    #expect(file.pump { file.failure != nil })
    #expect(file.events.contains { if case .failed("truncated") = $0 { true } else { false } })
  }

  @Test func slidesAreShownWhenAskedForAndAMissingOneIsReported() {
    let loop = TestLoop()
    let pipeline = start(FakeStages(name: "photos", frames: 0, playback: .slideShow(count: 3)), loop: loop)
    defer { pipeline.stop() }
    #expect(loop.pump { loop.frames.map(\.name) == ["slide1.png"] })
    pipeline.showSlide(2)
    #expect(loop.pump { loop.frames.map(\.name) == ["slide1.png", "slide3.png"] })
    pipeline.showSlide(7)
    #expect(loop.pump { loop.events.contains { if case .slideFailed(7, _) = $0 { true } else { false } } })
  }

  @Test func stoppingEndsBothThreadsAndClosesTheSource() {
    let loop = TestLoop()
    let stages = FakeStages(name: "clip.mp4", frames: 1_000_000, recognitionDelay: 0.02)
    let pipeline = start(stages, policy: .everyFrame, loop: loop)
    #expect(loop.pump { stages.recognized.withLock { $0 } > 3 })
    // Returns once both threads are done: nothing may still run when the app then ends.
    pipeline.stop()
    #expect(stages.closed.withLock { $0 }, "the reader closed the source before stop() returned")
    #expect(stages.recognizing.withLock { $0 } == 0, "no recognition runs after stop() returned")
    let (read, recognized) = (stages.framesRead.withLock { $0 }, stages.recognized.withLock { $0 })
    Thread.sleep(forTimeInterval: 0.1)
    #expect(stages.framesRead.withLock { $0 } == read, "nothing is read after the stop")
    #expect(stages.recognized.withLock { $0 } == recognized, "nothing is recognised after the stop")
  }

  /// A frame whose recognition takes longer than ``SessionThreads/stopTimeout`` (a huge
  /// photo through the Haar cascade): stop() still returns only once it is done, since an app
  /// that ended during it would free OpenBLAS's buffers under the thread.
  @Test func stoppingWaitsForASlowFrameBeyondTheStopTimeout() {
    let loop = TestLoop()
    let stages = FakeStages(
      name: "huge.png", frames: 1, playback: .still,
      recognitionDelay: SessionThreads.stopTimeout + 0.5)
    let pipeline = start(stages, loop: loop)
    #expect(loop.pump { stages.recognizing.withLock { $0 } == 1 })
    pipeline.stop()
    #expect(stages.recognizing.withLock { $0 } == 0, "a recognition still ran after stop() returned")
  }

  @Test func aSavedFrameIsAPNGWithItsBoxesInTheSaversFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipeline-save-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let loop = TestLoop()
    let pipeline = start(
      FakeStages(name: "still.png", frames: 1, playback: .still), loop: loop,
      saver: FrameSaver(directory: folder.path))
    defer { pipeline.stop() }
    let happy = FakeScript.face(x: 8, y: 8, width: 16, height: 16, scores: [0, 0, 0, 0.75, 0.05, 0.1, 0.1])
    let sad = FakeScript.face(x: 40, y: 10, width: 12, height: 12, scores: [0.1, 0, 0, 0.1, 0.6, 0.1, 0.1])
    let frame = RecognizedFrame(
      index: 0, time: 0, name: "fake still.png",
      image: try RGBImage(width: 64, height: 32, red: 200, green: 100, blue: 50),
      faces: [happy, sad])
    pipeline.save(frame)
    #expect(loop.pump { loop.events.contains { if case .saved = $0 { true } else { false } } })
    let path = try #require(
      loop.events.lazy.compactMap { if case .saved(let path) = $0 { path } else { nil } }.first)
    #expect(path.hasPrefix(folder.path + "/emotions-fake_still-frame0-") && path.hasSuffix(".png"))
    let image = try ImageDecoder().decode(contentsOfFile: path)
    #expect(image.width == 64 && image.height == 32)
    #expect(image[8, 20] == (230, 159, 0), "the happy face's left edge, Okabe–Ito's orange")
    #expect(image[52 - 1, 18] == (0, 114, 178), "the sad face's right edge, Okabe–Ito's blue")
    #expect(image[16, 20] == (200, 100, 50), "inside the box, the picture")
    let tab = (8..<40).flatMap { x in (8..<17).map { y in image[x, y] } }
    #expect(tab.contains { $0 == (0, 0, 0) }, "the label is written in black on its tab")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1, "no temporary left")
  }

  @Test func aFrameThatCannotBeSavedSaysWhy() throws {
    let loop = TestLoop()
    let pipeline = start(
      FakeStages(name: "still.png", frames: 1, playback: .still), loop: loop,
      saver: FrameSaver(directory: "/no/such/folder"))
    defer { pipeline.stop() }
    pipeline.save(
      RecognizedFrame(
        index: 0, time: 0, name: "x", image: try RGBImage(width: 2, height: 2, red: 0, green: 0, blue: 0),
        faces: []))
    #expect(loop.pump { loop.failure != nil })
    #expect(loop.failure?.contains("/no/such/folder") == true, "\(loop.failure ?? "")")
  }

  @Test func theLiveServicePlaysTheFixtureVideo() throws {
    let model = try TestFiles.model("emotion_model.hdf5")
    let service = LiveRecognitionService(modelDirectory: (model as NSString).deletingLastPathComponent)
    let loop = TestLoop()
    let session = service.startSession(
      source: try TestFiles.fixture("faces.mp4"), policy: .everyFrame, delivery: loop.delivery)
    defer { session.stop() }
    #expect(loop.pump(limit: .seconds(60)) { loop.finished != nil || loop.failure != nil })
    #expect(loop.failure == nil)
    #expect(loop.frames.map(\.index) == Array(0..<30))
    #expect((loop.finished?.faces ?? 0) > 0)
  }
}
