import FaceAnalysis

/// One row of `detect --format csv` records, as ``CSVFormat`` writes it and reads it back: a
/// face of a frame, a frame without a face (its face fields empty), or a part's end-of-input
/// row (every field but the source empty).
struct CSVRow: Equatable {
  /// The person a face belongs to, as the row has it: the track's id and steady emotion.
  struct Person: Equatable {
    /// The track's id.
    var id: Int
    /// The track's steady emotion.
    var emotion: Emotion
  }

  /// The source, as in every format.
  var source: String
  /// The frame's index; nil in an end-of-input row.
  var frame: Int?
  /// The frame's time in seconds; nil in an end-of-input row.
  var time: Double?
  /// The face: box, scores and the detector's confidence; nil for a frame without a face.
  var face: RecognizedFace?
  /// The face's person; nil in a photo, for a face no track took, or without the columns.
  var person: Person?

  /// The rows of `record`: one per face, or one for a frame without a face.
  static func rows(of record: DetectionRecord) -> [CSVRow] {
    let row = CSVRow(source: record.key.source, frame: record.key.frame, time: record.time)
    guard !record.faces.isEmpty else { return [row] }
    return record.faces.map { face in
      var faceRow = row
      faceRow.face = face
      faceRow.person = face.track.map { Person(id: $0.id, emotion: $0.emotion) }
      return faceRow
    }
  }

  /// The row's fields in ``CSVFormat/columns`` order, unquoted; `tracks` adds the person's two.
  func fields(tracks: Bool) -> [String] {
    var fields = [source, frame.map(String.init) ?? "", time.map(RecordNumber.text) ?? ""]
    if let face {
      fields += face.box.array.map(String.init) + [face.emotion.rawValue]
      fields += face.scores.probabilities.map(RecordNumber.text)
      fields.append(face.detectorConfidence.map(RecordNumber.text) ?? "")
    } else {
      fields += Array(repeating: "", count: CSVFormat.columns.count - fields.count)
    }
    if tracks { fields += [person.map { String($0.id) } ?? "", person?.emotion.rawValue ?? ""] }
    return fields
  }

  /// The row `fields` make (without a stamp's), written with the person columns or not; nil when
  /// they are not a row of records.
  init?(fields: ArraySlice<String>, tracks: Bool) {
    let fields = Array(fields)
    let emotions = Emotion.allCases.count
    guard fields.count == CSVFormat.columns.count + (tracks ? 2 : 0) else { return nil }
    source = fields[0]
    if fields[1...].allSatisfy(\.isEmpty) {
      // An end-of-input row: nothing but its source.
      return
    }
    guard let frame = Int(fields[1]), let time = Double(fields[2]) else { return nil }
    self.frame = frame
    self.time = time
    if tracks, !fields[fields.count - 2].isEmpty {
      guard let id = Int(fields[fields.count - 2]), let emotion = Emotion(rawValue: fields[fields.count - 1])
      else { return nil }
      person = Person(id: id, emotion: emotion)
    }
    guard !fields[3...(8 + emotions)].allSatisfy(\.isEmpty) else { return }
    let box = fields[3..<7].compactMap { Int($0) }
    let scores = fields[8..<(8 + emotions)].compactMap(RecordNumber.float)
    let confidence = fields[8 + emotions]
    guard box.count == 4, Emotion(rawValue: fields[7]) != nil,
      let probabilities = EmotionScores(modelOrder: scores),
      confidence.isEmpty || RecordNumber.float(confidence) != nil
    else { return nil }
    face = RecognizedFace(
      box: BoundingBox(x: box[0], y: box[1], width: box[2], height: box[3]), scores: probabilities,
      detectorConfidence: confidence.isEmpty ? nil : RecordNumber.float(confidence))
  }

  /// A row from its parts.
  init(source: String, frame: Int?, time: Double?, face: RecognizedFace? = nil, person: Person? = nil) {
    self.source = source
    self.frame = frame
    self.time = time
    self.face = face
    self.person = person
  }
}
