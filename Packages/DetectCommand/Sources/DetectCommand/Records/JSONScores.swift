import FaceAnalysis

/// Each emotion's score as JSON lines write them, an object keyed by the emotions' names in
/// model order (`{"angry":0.01,…}`), read back: every emotion must be there, and `null` (what
/// ``RecordNumber`` writes for NaN) is NaN again.
struct JSONScores: Decodable {
  /// The scores read.
  let scores: EmotionScores

  /// One number that may be `null`, for NaN.
  struct Number: Decodable {
    /// The number, NaN for `null`.
    let value: Float

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      value = container.decodeNil() ? .nan : try container.decode(Float.self)
    }
  }

  private struct Name: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Name.self)
    var probabilities: [Float] = []
    for emotion in Emotion.allCases {
      probabilities.append(try object.decode(Number.self, forKey: Name(stringValue: emotion.rawValue)).value)
    }
    guard let scores = EmotionScores(modelOrder: probabilities) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a score for each emotion"))
    }
    self.scores = scores
  }

  /// The number at `key` when there is one (`null` is NaN), nil when the key is missing.
  static func number<Key: CodingKey>(in object: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Float?
  {
    guard object.contains(key) else { return nil }
    return try object.decode(Number.self, forKey: key).value
  }
}
