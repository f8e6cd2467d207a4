import FaceAnalysisTesting
import Foundation
import SystemTesting
import Testing

@testable import FaceAnalysis

/// Switching a running session's face detector: the pipeline over scripted stages (the events,
/// the order, a request made before the source opens, a slide shown again), and the live
/// service on the fixture video, where the frames after the switch carry BlazeFace's
/// confidence and keypoints and a missing model leaves the Haar cascade running.
@MainActor
@Suite("Detector switch")
struct DetectorSwitchTests {
  /// The detectors the session reported running, in order.
  static func detectors(_ loop: TestLoop) -> [FaceDetectorKind] {
    loop.events.compactMap { if case .detector(let kind) = $0 { kind } else { nil } }
  }

  /// The detectors the session could not switch to, with their messages.
  static func unavailable(_ loop: TestLoop) -> [(FaceDetectorKind, String)] {
    loop.events.compactMap {
      if case .detectorUnavailable(let kind, let message) = $0 { (kind, message) } else { nil }
    }
  }

  /// Where `event` is among the loop's events.
  static func position(of loop: TestLoop, _ matches: (RecognitionEvent) -> Bool) -> Int? {
    loop.events.firstIndex(where: matches)
  }

  // MARK: - The pipeline

  @Test func theDetectorIsReportedAfterOpeningAndAfterEachSwitch() {
    let loop = TestLoop()
    let stages = FakeStages(name: "photos", frames: 0, playback: .slideShow(count: 3))
    let pipeline = RecognitionPipeline(
      source: stages.summary, policy: .realTime, delivery: loop.delivery,
      saving: FrameSaving(saver: FrameSaver())
    ) { stages }
    pipeline.start()
    defer { pipeline.stop() }
    #expect(loop.pump { loop.frames.count == 1 })
    guard case .opened = loop.events.first, case .detector(.haar) = loop.events.dropFirst().first else {
      Issue.record("opened, then the detector, not \(loop.events)")
      return
    }
    pipeline.setDetector(.blazeFace)
    #expect(loop.pump { Self.detectors(loop) == [.haar, .blazeFace] })
    #expect(stages.detector == .blazeFace)
    // The slide is shown again, found by the new detector.
    #expect(loop.pump { loop.frames.count == 2 })
    #expect(loop.frames.map(\.name) == ["slide1.png", "slide1.png"])
    pipeline.setDetector(.blazeFaceShort)
    #expect(loop.pump { Self.detectors(loop) == [.haar, .blazeFace, .blazeFaceShort] })
  }

  @Test func aDetectorThatCannotLoadIsReportedAndTheOldOneKeepsRunning() {
    let loop = TestLoop()
    let stages = FakeStages(
      name: "photos", frames: 0, playback: .slideShow(count: 2), missingDetectors: [.blazeFace])
    let pipeline = RecognitionPipeline(
      source: stages.summary, policy: .realTime, delivery: loop.delivery,
      saving: FrameSaving(saver: FrameSaver())
    ) { stages }
    pipeline.start()
    defer { pipeline.stop() }
    #expect(loop.pump { loop.frames.count == 1 })
    pipeline.setDetector(.blazeFace)
    #expect(loop.pump { !Self.unavailable(loop).isEmpty })
    #expect(Self.unavailable(loop).map(\.0) == [.blazeFace])
    #expect(Self.unavailable(loop).first?.1 == "no model for blazeface")
    #expect(Self.detectors(loop) == [.haar], "no switch is reported")
    #expect(stages.detector == .haar)
    pipeline.showSlide(1)
    #expect(loop.pump { loop.frames.count == 2 }, "the session goes on")
  }

  @Test func aSwitchAskedForBeforeTheSourceOpensWaitsForIt() {
    let loop = TestLoop()
    let stages = FakeStages(name: "photos", frames: 0, playback: .slideShow(count: 1))
    let gate = DispatchSemaphore(value: 0)
    let pipeline = RecognitionPipeline(
      source: stages.summary, policy: .realTime, delivery: loop.delivery,
      saving: FrameSaving(saver: FrameSaver())
    ) {
      gate.wait()
      return stages
    }
    pipeline.start()
    defer { pipeline.stop() }
    pipeline.setDetector(.blazeFaceShort)
    gate.signal()
    #expect(loop.pump { Self.detectors(loop) == [.haar, .blazeFaceShort] })
    #expect(stages.detector == .blazeFaceShort)
  }

  @Test func aStoppedPipelineSwitchesNothing() {
    let loop = TestLoop()
    let stages = FakeStages(name: "photos", frames: 0, playback: .slideShow(count: 1))
    let pipeline = RecognitionPipeline(
      source: stages.summary, policy: .realTime, delivery: loop.delivery,
      saving: FrameSaving(saver: FrameSaver())
    ) { stages }
    pipeline.start()
    #expect(loop.pump { loop.frames.count == 1 })
    pipeline.stop()
    pipeline.setDetector(.blazeFace)
    loop.pump(limit: .milliseconds(200)) { false }
    #expect(stages.detector == .haar)
    #expect(Self.detectors(loop) == [.haar])
  }

  // MARK: - The live service

  /// A folder holding only the emotion model and the Haar cascade, so that BlazeFace's
  /// models are missing.
  static func haarOnlyModels() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-haar-only-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in [ModelFiles.emotionModelName, ModelFiles.cascadeName] {
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path, withDestinationPath: try TestFiles.model(name))
    }
    return folder.path
  }

  @Test func theLiveServiceSwitchesToBlazeFaceMidVideo() throws {
    let model = try TestFiles.model(ModelFiles.emotionModelName)
    _ = try TestFiles.model(ModelFiles.detectorModelName(.blazeFace))
    let service = LiveRecognitionService(
      modelDirectory: (model as NSString).deletingLastPathComponent,
      options: RecognitionOptions(detector: .haar))
    let loop = TestLoop()
    // Every frame, so the session waits for the loop: nothing moves while the test looks.
    let session = service.startSession(
      source: try TestFiles.fixture("faces.mp4"), policy: .everyFrame, delivery: loop.delivery)
    defer { session.stop() }
    #expect(loop.pump(limit: .seconds(60)) { loop.frames.count >= 5 || loop.failure != nil })
    let beforeSwitch = loop.frames
    session.setDetector(.blazeFace)
    #expect(loop.pump(limit: .seconds(60)) { loop.finished != nil || loop.failure != nil })
    #expect(loop.failure == nil)
    #expect(Self.detectors(loop) == [.haar, .blazeFace])
    #expect(loop.frames.map(\.index) == Array(0..<30), "no frame is lost to the switch")

    let haarFaces = beforeSwitch.flatMap(\.faces)
    #expect(!haarFaces.isEmpty, "the cascade finds the face in the first frames")
    #expect(haarFaces.allSatisfy { $0.detectorConfidence == nil && $0.keypoints.isEmpty })
    let switched = try #require(
      Self.position(of: loop) { if case .detector(.blazeFace) = $0 { true } else { false } })
    // A frame being recognised as the switch happens may still come from the cascade.
    let after = loop.events[(switched + 1)...].compactMap {
      if case .frame(let frame, _) = $0 { frame } else { nil }
    }
    .dropFirst()
    let blazeFaces = after.flatMap(\.faces)
    #expect(after.count >= 10 && !blazeFaces.isEmpty, "\(after.count) frames after the switch")
    for face in blazeFaces {
      #expect((face.detectorConfidence ?? 0) > 0.5, "\(face.box)")
      #expect(face.keypoints.count == 6)
    }
  }

  @Test func aMissingModelKeepsTheCascadeRunning() throws {
    let models = try Self.haarOnlyModels()
    defer { try? FileManager.default.removeItem(atPath: models) }
    let service = LiveRecognitionService(modelDirectory: models, options: RecognitionOptions(detector: .haar))
    let loop = TestLoop()
    let session = service.startSession(
      source: try TestFiles.fixture("faces.mp4"), policy: .everyFrame, delivery: loop.delivery)
    defer { session.stop() }
    #expect(loop.pump(limit: .seconds(60)) { loop.frames.count >= 2 || loop.failure != nil })
    session.setDetector(.blazeFace)
    #expect(loop.pump(limit: .seconds(60)) { loop.finished != nil || loop.failure != nil })
    #expect(loop.failure == nil)
    let failures = Self.unavailable(loop)
    #expect(failures.map(\.0) == [.blazeFace])
    let message = failures.first?.1 ?? ""
    #expect(
      message.hasPrefix("face_detection_full_range.tflite not found (looked in \(models))"), "\(message)")
    #expect(message.contains("run Tools/setup"), "says how to get it: \(message)")
    #expect(Self.detectors(loop) == [.haar])
    #expect(loop.frames.map(\.index) == Array(0..<30))
    let faces = loop.frames.flatMap(\.faces)
    #expect(!faces.isEmpty && faces.allSatisfy { $0.detectorConfidence == nil && $0.keypoints.isEmpty })
  }
}
