import FaceAnalysis
import FaceAnalysisTracking
import Media
import Testing

@testable import DetectCommand

/// A stream's frames through ``TrackingStage``: held until their faces' tracks are settled,
/// handed on in order with the frames read between them, and each face given its person. The
/// tracker confirms a person followed for 0.1 s (``TrackerConfiguration``'s default).
@Suite("the tracking stage")
struct TrackingStageTests {
  static let image = RGBImage(uncheckedWidth: 1, height: 1, pixels: [0, 0, 0])
  static let happy = EmotionScores { $0 == .happy ? 0.9 : 0.1 / 6 }

  static func frame(_ index: Int, faces: Int?, passedOver: Bool = false) -> DetectedFrame {
    let face = RecognizedFace(box: BoundingBox(x: 40, y: 40, width: 80, height: 80), scores: happy)
    return DetectedFrame(
      frame: Frame(source: "v.mp4", index: index, time: Double(index) * 0.05, image: image),
      faces: faces.map { Array(repeating: face, count: $0) }, isPassedOver: passedOver)
  }

  @Test func framesWaitUntilTheirPersonIsConfirmedAndComeOutInOrder() {
    var stage = TrackingStage(embedder: nil, threads: 1)
    #expect(stage.add(Self.frame(0, faces: nil)).map(\.frame.index) == [0], "nothing waits before it")
    #expect(stage.add(Self.frame(1, faces: 1)).isEmpty, "a new face's track is tentative")
    #expect(stage.add(Self.frame(2, faces: nil)).isEmpty, "a read frame waits behind it")
    let released = stage.add(Self.frame(3, faces: 1))
    #expect(released.map(\.frame.index) == [1, 2, 3], "confirmed 0.1 s after its first frame")
    #expect(released.map { $0.faces?.map { $0.track?.id } } == [[1], nil, [1]])
    #expect(released.first?.faces?.first?.track?.emotion == .happy)
    #expect(stage.add(Self.frame(4, faces: 1)).map(\.frame.index) == [4], "a confirmed person holds nothing")
    #expect(stage.summaries.map(\.frames) == [3])
  }

  @Test func theEndReleasesWhatWaitsWithoutATrack() {
    var stage = TrackingStage(embedder: nil, threads: 1)
    #expect(stage.add(Self.frame(0, faces: 1)).isEmpty)
    #expect(stage.add(Self.frame(1, faces: nil)).isEmpty)
    let rest = stage.finish()
    #expect(rest.map(\.frame.index) == [0, 1])
    #expect(rest.map { $0.faces?.map(\.track) } == [[nil], nil])
    #expect(stage.summaries.isEmpty, "a track never confirmed is nobody")
  }

  /// A finished video's records give the people the stage gave: each face's recorded id, steady
  /// emotion and scores, added in frame order.
  @Test func theRecordedFramesGiveThePeopleTheStageGave() {
    var stage = TrackingStage(embedder: nil, threads: 1)
    var released: [DetectedFrame] = []
    for index in 0..<6 { released += stage.add(Self.frame(index, faces: index == 3 ? 0 : 1)) }
    released += stage.finish()
    let recorded = released.map { RecordedFrame(time: $0.frame.timestamp, faces: $0.faces ?? []) }
    #expect(stage.summaries.map(\.frames) == [5])
    #expect(TrackingStage.people(of: recorded) == stage.summaries)
  }

  /// People are summed by their recorded id, whatever the order they appear in, and a face with
  /// no id is nobody's.
  @Test func recordedPeopleAreSummedById() {
    let sad = EmotionScores { $0 == .sad ? 0.7 : 0.05 }
    func face(_ id: Int?, _ scores: EmotionScores) -> RecognizedFace {
      RecognizedFace(
        box: BoundingBox(x: 0, y: 0, width: 9, height: 9), scores: scores,
        track: id.map { FaceTrack(id: $0, emotion: scores.dominant, scores: scores) })
    }
    let recorded = [
      RecordedFrame(time: 0.5, faces: [face(2, Self.happy), face(nil, sad)]),
      RecordedFrame(time: 1.5, faces: [face(1, sad)]),
      RecordedFrame(time: 4, faces: [face(2, sad), face(1, sad)]),
    ]
    let people = TrackingStage.people(of: recorded)
    #expect(people.map(\.id) == [1, 2])
    #expect(people.map(\.frames) == [2, 2])
    #expect(people.map(\.firstTime) == [1.5, 0.5] && people.map(\.lastTime) == [4, 4])
    #expect(abs(people[1].meanScores[.happy] - (0.9 + 0.05) / 2) < 1e-6)
  }

  /// A photo has no time of its own: it is at 0; a video frame is at its own time.
  @Test func aPhotoIsAtZero() {
    #expect(Frame(source: "p.png", index: 0, time: nil, image: Self.image).timestamp == 0)
    #expect(Frame(source: "v.mp4", index: 9, time: 0.375, image: Self.image).timestamp == 0.375)
  }
}
