import FaceAnalysis
import Foundation

/// One line of `detect --json` records read back by `JSONDecoder`: a frame's record, whole, or a
/// part's end-of-input line (`"frame":null`), with the line's ``PartStamp`` in a part.
///
/// Every key ``JSONLinesFormat`` writes is read, so that a record read back and written again is
/// the same text: `emotion` alone is left, as it is the leader of `scores`. A line without
/// `source`, `frame`, `time`, `width`, `height` or `faces` is not a record.
struct JSONRecordLine: Decodable {
  /// The source the line names.
  let source: String
  /// The frame's record; nil for an end-of-input line.
  let record: DetectionRecord?
  /// The line's stamp, in a part of a sharded run.
  let stamp: PartStamp?

  private enum Keys: String, CodingKey {
    case source, frame, time, width, height, faces
    case box, scores, keypoints, embedding, track, id, emotion
    case detectorConfidence = "detector_confidence"
  }

  /// Reads one line's object.
  init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Keys.self)
    source = try object.decode(String.self, forKey: .source)
    stamp = try PartStamp.decodeIfPresent(from: decoder)
    guard let frame = try object.decodeIfPresent(Int.self, forKey: .frame) else {
      // An end-of-input line stands only in a part.
      guard stamp != nil else {
        throw DecodingError.valueNotFound(
          Int.self, DecodingError.Context(codingPath: [Keys.frame], debugDescription: "a record has a frame"))
      }
      record = nil
      return
    }
    var faces = try object.nestedUnkeyedContainer(forKey: .faces)
    var read: [RecognizedFace] = []
    while !faces.isAtEnd {
      read.append(try Self.face(try faces.nestedContainer(keyedBy: Keys.self)))
    }
    record = DetectionRecord(
      key: FrameKey(source: source, frame: frame), time: try object.decode(Double.self, forKey: .time),
      width: try object.decode(Int.self, forKey: .width),
      height: try object.decode(Int.self, forKey: .height),
      faces: read)
  }

  /// One face's object: `box`, `scores`, and what the detector, the embedder and the tracker
  /// added where they did.
  private static func face(_ object: KeyedDecodingContainer<Keys>) throws -> RecognizedFace {
    let box = try object.decode([Int].self, forKey: .box)
    guard box.count == 4 else {
      throw DecodingError.dataCorruptedError(
        forKey: .box, in: object, debugDescription: "a box is four numbers")
    }
    let keypoints = try object.decodeIfPresent([[Double]].self, forKey: .keypoints) ?? []
    guard keypoints.allSatisfy({ $0.count == 2 }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .keypoints, in: object, debugDescription: "a keypoint is two numbers")
    }
    var track: FaceTrack?
    if object.contains(.track) {
      let person = try object.nestedContainer(keyedBy: Keys.self, forKey: .track)
      guard let emotion = Emotion(rawValue: try person.decode(String.self, forKey: .emotion)) else {
        throw DecodingError.dataCorruptedError(
          forKey: .emotion, in: person, debugDescription: "not an emotion")
      }
      track = FaceTrack(
        id: try person.decode(Int.self, forKey: .id), emotion: emotion,
        scores: try person.decode(JSONScores.self, forKey: .scores).scores)
    }
    return RecognizedFace(
      box: BoundingBox(x: box[0], y: box[1], width: box[2], height: box[3]),
      scores: try object.decode(JSONScores.self, forKey: .scores).scores,
      detectorConfidence: try JSONScores.number(in: object, forKey: .detectorConfidence),
      keypoints: keypoints.map { PixelPoint(x: $0[0], y: $0[1]) },
      embedding: try object.decodeIfPresent([JSONScores.Number].self, forKey: .embedding)?.map(\.value),
      track: track)
  }
}
