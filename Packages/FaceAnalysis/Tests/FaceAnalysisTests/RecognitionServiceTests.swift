import Foundation
import Media
import SystemTesting
import Testing

@testable import FaceAnalysis

/// The live recognition service as the Vision screen uses it: how each kind of source plays,
/// the two pipeline stages, and slides.
@Suite("Live recognition service")
struct RecognitionServiceTests {
  func service() throws -> LiveRecognitionService {
    let model = try TestFiles.model("emotion_model.hdf5")
    return LiveRecognitionService(modelDirectory: (model as NSString).deletingLastPathComponent)
  }

  @Test func eachKindOfSourcePlaysItsOwnWay() throws {
    let service = try service()
    let cases: [(String, Playback)] = [
      (try TestFiles.fixture("astronaut.png"), .still),
      (try TestFiles.fixture("faces.mp4"), .video(framesPerSecond: 10)),
      ("lavfi:testsrc2=size=64x48:rate=25:duration=1", .live(framesPerSecond: 25, isCamera: false)),
    ]
    for (source, playback) in cases {
      let session = try service.open(source: source)
      defer { session.close() }
      #expect(session.playback == playback, "\(source)")
    }
    let folder = try TestFiles.fixture("astronaut.png")
    let slides = try service.open(source: (folder as NSString).deletingLastPathComponent)
    defer { slides.close() }
    guard case .slideShow(let count) = slides.playback else {
      Issue.record("a folder is a slide show, not \(slides.playback)")
      return
    }
    #expect(count >= 3)
  }

  @Test func readingAndRecognisingAreSeparateStages() throws {
    let session = try service().open(source: try TestFiles.fixture("faces.mp4"))
    defer { session.close() }
    #expect(session.summary.hasSuffix("faces.mp4 (video, 640x360, 10 fps)"))
    let first = try #require(try session.read())
    let second = try #require(try session.read())
    #expect(first.index == 0 && second.index == 1 && second.time == 0.1)
    let recognized = try session.recognize(second)
    #expect(recognized.index == 1 && recognized.time == 0.1 && recognized.image == second.image)
    #expect(recognized.detectionSeconds > 0)
    #expect(!recognized.faces.isEmpty, "faces.mp4 shows a face from the first frames")
  }

  @Test func slidesAreReadByIndex() throws {
    let image = try TestFiles.fixture("astronaut.png")
    let folder = (image as NSString).deletingLastPathComponent
    let session = try service().open(source: folder)
    defer { session.close() }
    let files = try FolderSource(path: folder).files
    let second = try session.frame(at: 1)
    #expect(second.index == 1 && second.source == files[1] && second.time == nil)
    #expect(second.image == (try ImageDecoder().decode(contentsOfFile: files[1])))
    #expect(throws: RecognitionStagesError.noSlide(index: files.count)) {
      try session.frame(at: files.count)
    }
    let video = try service().open(source: try TestFiles.fixture("faces.mp4"))
    defer { video.close() }
    #expect(throws: RecognitionStagesError.noSlide(index: 0)) { try video.frame(at: 0) }
  }
}
