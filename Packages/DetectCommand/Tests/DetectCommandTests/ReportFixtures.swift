import FaceAnalysis

@testable import DetectCommand

/// Hand-made records for the report's tests: a video of two people, one of whom leaves and
/// comes back, and folders of photos.
enum ReportFixtures {
  /// The video: 50 frames at 25 frames a second (0 to 1.96 s).
  static let video = "clips/party.mp4"
  /// The photos' folder with three photos.
  static let photos = "photos"
  /// The folder with more faces than the grid shows.
  static let crowd = "crowd"
  /// How many photos (one face each) the crowd folder has.
  static let crowdCount = 205

  /// A face whose own scores favour `own`, with a track when `track` is given.
  static func face(
    _ box: [Int], own: Emotion, confidence: Float? = 0.9, track: (id: Int, label: Emotion)? = nil,
    keypoints: Bool = true
  ) -> RecognizedFace {
    let scores = EmotionScores { $0 == own ? 0.7 : 0.05 }
    let points = keypoints ? (0..<6).map { PixelPoint(x: Double(box[0] + $0), y: Double(box[1] + $0)) } : []
    return RecognizedFace(
      box: BoundingBox(x: box[0], y: box[1], width: box[2], height: box[3]), scores: scores,
      detectorConfidence: confidence, keypoints: points,
      track: track.map {
        FaceTrack(id: $0.id, emotion: $0.label, scores: EmotionScores { $0 == own ? 0.8 : 0.03 })
      })
  }

  /// The video's records. Person 1 is in every frame, steadily happy in frames 0-29 and
  /// neutral in 30-49; their largest, surest face is in frame 17. Person 2 is sad, in frames
  /// 0-9 and again in 30-49; their face in frame 5 is the largest, but the detector is unsure
  /// of it, so frame 35's (area x confidence) is shown.
  static var videoRecords: [DetectionRecord] {
    (0..<50).map { frame in
      var faces = [
        face(
          frame == 17 ? [100, 50, 60, 60] : [100, 50, 40, 40], own: frame < 30 ? .happy : .neutral,
          confidence: frame == 17 ? 0.95 : 0.9, track: (1, frame < 30 ? .happy : .neutral))
      ]
      if frame < 10 || frame >= 30 {
        let box = frame == 5 ? [200, 60, 80, 80] : frame == 35 ? [200, 60, 50, 50] : [200, 60, 40, 40]
        let confidence: Float = frame == 5 ? 0.3 : frame == 35 ? 0.99 : 0.8
        faces.append(face(box, own: .sad, confidence: confidence, track: (2, .sad)))
      }
      return DetectionRecord(
        key: FrameKey(source: video, frame: frame), time: Double(frame) / 25, width: 320, height: 240,
        faces: faces)
    }
  }

  /// Three photos: `a.jpg` with a happy and a sad face, `b.png` with none, `c.jpg` with an
  /// angry face.
  static var photoRecords: [DetectionRecord] {
    [
      DetectionRecord(
        key: FrameKey(source: "\(photos)/a.jpg", frame: 0), time: 0, width: 200, height: 200,
        faces: [face([10, 10, 50, 50], own: .happy), face([100, 20, 60, 60], own: .sad)]),
      DetectionRecord(
        key: FrameKey(source: "\(photos)/b.png", frame: 0), time: 0, width: 200, height: 200, faces: []),
      DetectionRecord(
        key: FrameKey(source: "\(photos)/c.jpg", frame: 0), time: 0, width: 200, height: 200,
        faces: [face([30, 30, 70, 70], own: .angry)]),
    ]
  }

  /// `crowdCount` photos of one surprised face each, named so that they sort in number order.
  static var crowdRecords: [DetectionRecord] {
    (0..<crowdCount).map { index in
      let name = "\(crowd)/" + String(1000 + index).dropFirst() + ".jpg"
      return DetectionRecord(
        key: FrameKey(source: name, frame: 0), time: 0, width: 100, height: 100,
        faces: [face([10, 10, 40, 40], own: .surprise)])
    }
  }

  /// The facts of a run.
  static let facts = ReportFacts(version: "9.9.9-test", detector: nil, models: ["emotion_model.hdf5"])
}
