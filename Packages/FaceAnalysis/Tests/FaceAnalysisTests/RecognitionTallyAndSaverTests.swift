import FaceAnalysisTesting
import Foundation
import Media
import Testing

@testable import FaceAnalysis

@Suite("Recognition tally and saved frames")
struct RecognitionTallyAndSaverTests {
  static func frame(index: Int = 0, time: Double = 0, faces: [RecognizedFace]) throws -> RecognizedFrame {
    RecognizedFrame(
      index: index, time: time, name: "/videos/clip.mp4",
      image: try RGBImage(width: 4, height: 4, red: 0, green: 0, blue: 0),
      faces: faces, detectionSeconds: 0.02, classificationSeconds: 0.01)
  }

  static let sad = FakeScript.face(x: 0, y: 0, width: 10, height: 10, scores: [0, 0, 0, 0.1, 0.8, 0, 0.1])
  static let happy = FakeScript.face(
    x: 5, y: 5, width: 20, height: 20, scores: [0, 0, 0, 0.9, 0.05, 0, 0.05])

  @Test func theTallyCountsSharesAndMeanTime() throws {
    var tally = RecognitionTally()
    #expect(tally.description == "0 frames, 0 faces")
    try tally.add(Self.frame(faces: [Self.sad, Self.happy]))
    try tally.add(Self.frame(faces: []))
    try tally.add(Self.frame(faces: [Self.happy]))
    tally.dropped = 4
    #expect(tally.shares.map(\.emotion.rawValue) == ["happy", "sad"])
    #expect(
      tally.description
        == "3 frames, 3 faces, happy 67%, sad 33%, 30 ms a frame, 4 dropped")
  }

  @Test func equalSharesKeepModelOrder() throws {
    var tally = RecognitionTally()
    try tally.add(Self.frame(faces: [Self.sad, Self.happy]))
    #expect(tally.shares.map(\.emotion.rawValue) == ["happy", "sad"])
  }

  @Test func theLargestFaceIsTheBiggestBox() throws {
    #expect(try Self.frame(faces: [Self.sad, Self.happy]).largestFace == Self.happy)
    #expect(try Self.frame(faces: []).largestFace == nil)
  }

  @Test func aFaceIsCaptionedWithItsEmotionAndScore() throws {
    #expect(Self.happy.caption == "happy 90%")
    #expect(FrameAnnotator.marks(for: try Self.frame(faces: [Self.sad])).map(\.label) == ["sad 80%"])
  }

  @Test func savedFramesGoToThePicturesFolderOrTheCurrentOne() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vision-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      FrameSaver.defaultDirectory(environment: ["XDG_PICTURES_DIR": folder.path], currentDirectory: "/here")
        == folder.path)
    #expect(
      FrameSaver.defaultDirectory(
        environment: ["XDG_PICTURES_DIR": "/no/such/folder"], currentDirectory: "/here")
        == "/here")
    #expect(FrameSaver.defaultDirectory(environment: [:], currentDirectory: "/here") == "/here")

    let saver = FrameSaver(directory: folder.path) { Date(timeIntervalSince1970: 0) }
    let frame = try Self.frame(index: 7, faces: [Self.happy])
    let first = try saver.save(frame, source: "clip.mp4")
    let second = try saver.save(frame, source: "clip.mp4")
    let stem = folder.path + "/emotions-clip-frame7-" + Self.stamp(Date(timeIntervalSince1970: 0))
    #expect(first == stem + ".png")
    #expect(second == stem + "-2.png", "an existing file is never overwritten")
    // A dangling symbolic link is a name taken too, and the folder being shown takes no frame.
    try FileManager.default.createSymbolicLink(atPath: stem + "-3.png", withDestinationPath: "/no/such/file")
    #expect(try saver.save(frame, source: "clip.mp4") == stem + "-4.png")
    #expect(throws: MediaWriteError.self) { try saver.save(frame, source: folder.path + "/.") }
    #expect(throws: MediaWriteError.self) {
      try FrameSaver(directory: "/no/such/folder").save(frame, source: "clip.mp4")
    }
  }

  private static func stamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: date)
  }
}
