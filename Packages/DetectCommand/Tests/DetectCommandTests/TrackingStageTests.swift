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
    var stage = TrackingStage()
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
    var stage = TrackingStage()
    #expect(stage.add(Self.frame(0, faces: 1)).isEmpty)
    #expect(stage.add(Self.frame(1, faces: nil)).isEmpty)
    let rest = stage.finish()
    #expect(rest.map(\.frame.index) == [0, 1])
    #expect(rest.map { $0.faces?.map(\.track) } == [[nil], nil])
    #expect(stage.summaries.isEmpty, "a track never confirmed is nobody")
  }

  /// Frames a killed run recorded are fed with their recorded faces and handed on marked, so
  /// that the frames after them get the ids a run never stopped gives.
  @Test func passedOverFramesAreTrackedAndStayMarked() {
    var stage = TrackingStage()
    var released: [DetectedFrame] = []
    for index in 0..<3 { released += stage.add(Self.frame(index, faces: 1, passedOver: index < 2)) }
    #expect(released.map(\.isPassedOver) == [true, true, false])
    #expect(released.map { $0.faces?.first?.track?.id } == [1, 1, 1])
  }

  /// Following a finished video's recorded faces again gives the people the stage gave.
  @Test func theRecordedFramesGiveThePeopleTheStageGave() {
    var stage = TrackingStage()
    var recorded: [RecordedFrame] = []
    for index in 0..<6 {
      let frame = Self.frame(index, faces: index == 3 ? 0 : 1)
      _ = stage.add(frame)
      recorded.append(RecordedFrame(time: frame.frame.timestamp, faces: frame.faces ?? []))
    }
    _ = stage.finish()
    #expect(stage.summaries.map(\.frames) == [5])
    #expect(TrackingStage.people(of: recorded) == stage.summaries)
  }

  /// A photo has no time of its own: it is at 0; a video frame is at its own time.
  @Test func aPhotoIsAtZero() {
    #expect(Frame(source: "p.png", index: 0, time: nil, image: Self.image).timestamp == 0)
    #expect(Frame(source: "v.mp4", index: 9, time: 0.375, image: Self.image).timestamp == 0.375)
  }
}
