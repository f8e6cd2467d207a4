import Foundation
import Media
import System
import SystemTesting
import Testing

@testable import FaceAnalysis

/// People on the Vision screen: a stream's tracker is given the embeddings it asks for, so a
/// person who leaves and comes back keeps their id, and is fed each frame's own time, so tracks
/// confirm and hold when frames reach it far apart.
@Suite("Live people", .serialized)
struct LiveTrackingTests {
  /// The clip every test reads, made once by ffmpeg: the astronaut in view for 2 s, gone for
  /// 3 s (three times the tracker's memory of motion), then back elsewhere for 3 s; 10 fps.
  static let clip: Result<String, any Error> = Result {
    let folder = try TestFiles.temporaryFolder()
    let path = folder.appendingPathComponent("leaves.mp4").path
    let made = try ChildProcess.run(
      [
        "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=0x506070:s=320x240:r=10:d=8",
        "-i", try TestFiles.fixture("astronaut.png"), "-filter_complex",
        "[1]scale=140:140[f];[0][f]overlay=x='if(lt(t,5),20,170)':y=50:enable='lt(t,2)+gte(t,5)'",
        "-c:v", "libx264", "-pix_fmt", "yuv420p", path,
      ], environment: ProcessInfo.processInfo.environment, deadline: .seconds(60))
    guard made.status == 0 else {
      throw ChildProcess.Failure(
        description: "ffmpeg failed: \(String(decoding: made.errors, as: UTF8.self))")
    }
    return path
  }

  /// The folder of the repository's models, SFace's among them.
  static func modelFolder() throws -> String {
    (try TestFiles.model(FaceEmbedder.modelName) as NSString).deletingLastPathComponent
  }

  /// A folder with the emotion model and BlazeFace's, and no SFace, removed by the caller.
  static func foldersWithoutSFace() throws -> URL {
    let folder = try TestFiles.temporaryFolder()
    for name in [ModelFiles.emotionModelName, ModelFiles.detectorModelName(.standard)] {
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path, withDestinationPath: try TestFiles.model(name))
    }
    return folder
  }

  /// Every frame of `stages` recognised in order: each face's track id, nil while tentative.
  static func ids(_ stages: any RecognitionStages) throws -> (ids: [Int?], frames: [RecognizedFrame]) {
    var frames: [RecognizedFrame] = []
    while let frame = try stages.next() { frames.append(frame) }
    return (frames.flatMap { $0.faces.map { $0.track?.id } }, frames)
  }

  @Test func aPersonWhoLeavesForThreeSecondsKeepsTheirIdWhenKnownByTheirFace() throws {
    let service = LiveRecognitionService(modelDirectory: try Self.modelFolder())
    let stages = try service.open(source: try Self.clip.get())
    defer { stages.close() }
    #expect(!stages.summary.hasSuffix(LiveRecognitionStages.motionAlone), "\(stages.summary)")
    let (ids, frames) = try Self.ids(stages)
    #expect(ids.count == 50, "a face in each of the 50 frames the astronaut is in view")
    // A face shows its person once the track is confirmed: the first frame or two of each
    // appearance have none yet (the live screen holds no frame back).
    #expect(Set(ids.compactMap { $0 }) == [1] && ids.compactMap { $0 }.count >= 46, "\(ids)")
    #expect(
      frames.allSatisfy { $0.faces.allSatisfy { $0.embedding == nil } },
      "the embeddings feed the tracker, not the screen")
    let people = try #require(service.facts().first { $0.label == "People" }).value
    #expect(people.hasPrefix("known again by their faces"), "\(people)")
  }

  @Test func withoutSFacesModelPeopleAreFollowedByMotionAloneAndTheScreenSaysSo() throws {
    let folder = try Self.foldersWithoutSFace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = LiveRecognitionService(modelDirectory: folder.path)
    let stages = try service.open(source: try Self.clip.get())
    defer { stages.close() }
    #expect(stages.summary.hasSuffix(LiveRecognitionStages.motionAlone), "\(stages.summary)")
    let (ids, _) = try Self.ids(stages)
    #expect(ids.count == 50)
    #expect(
      Set(ids.compactMap { $0 }) == [1, 2], "gone three seconds, by motion alone, is someone new: \(ids)")
    let people = try #require(service.facts().first { $0.label == "People" }).value
    #expect(
      people.hasPrefix("followed by motion alone: \(FaceEmbedder.modelName) not found"), "\(people)")
    #expect(service.facts().contains { $0.label == "Model" && !$0.value.contains("not found") })
    // A picture has no people: its summary says nothing of them.
    let still = try service.open(source: try TestFiles.fixture("astronaut.png"))
    defer { still.close() }
    #expect(!still.summary.contains("people"), "\(still.summary)")
  }

  /// Recognition that falls behind gives the tracker frames a second apart, from a source with
  /// no frame rate: each is tracked at its own time, so the track confirms on its second frame
  /// and the person, gone three of those seconds, comes back under their id.
  @Test func framesASecondApartFromASourceWithNoRateKeepOneIdPerPerson() throws {
    let service = LiveRecognitionService(modelDirectory: try Self.modelFolder())
    let sampled = try FrameSourceFactory.open(try Self.clip.get(), options: FrameSourceOptions(every: 10))
    let stages = LiveRecognitionStages(
      source: RatelessSource(sampled), detector: service.detector, recognizer: try service.recognizer(),
      embedder: try service.embedder().get()
    ) { kind throws(RecognizerError) in try service.recognizer(detector: kind) }
    defer { stages.close() }
    #expect(stages.playback == .video(framesPerSecond: nil))
    let (ids, frames) = try Self.ids(stages)
    #expect(frames.map(\.time) == [0, 1, 2, 3, 4, 5, 6, 7], "each frame at its own time")
    #expect(frames.map(\.faces.count) == [1, 1, 0, 0, 0, 1, 1, 1])
    #expect(ids.count == 5 && ids.dropFirst().first == 1, "confirmed on its second sample: \(ids)")
    #expect(Set(ids.compactMap { $0 }) == [1] && ids.last == 1, "known again on return: \(ids)")
  }
}

/// A video that does not say its frame rate, as some streams do not: its frames still carry
/// their own times.
private final class RatelessSource: FrameSource {
  private let source: any FrameSource

  init(_ source: any FrameSource) { self.source = source }

  var name: String { source.name }
  var kind: FrameSourceKind { source.kind }
  var expectedFrameCount: Int? { nil }
  func next() throws(FrameSourceError) -> Frame? { try source.next() }
  func close() { source.close() }
}
