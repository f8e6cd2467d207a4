/// How `detect` writes a number in its records, in JSON lines, CSV and `--summary` alike, so
/// that the formats read back to the same values: Swift's shortest text that reads back to the
/// same bits, whole numbers without a fraction, and `null` for NaN and the infinities, which
/// neither JSON nor a column of numbers can hold.
enum RecordNumber {
  /// A time or a mean score: `2`, `0.5`, `1.0000000000000002`.
  static func text(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A probability or an embedding's number in Float's own shortest text, so `0.1` prints as `0.1`.
  static func text(_ value: Float) -> String {
    guard value.isFinite else { return "null" }
    return value == 0 ? "0" : "\(value)"
  }

  /// A pixel coordinate to a hundredth of a pixel, as the detector's accuracy warrants.
  static func pixel(_ value: Double) -> String {
    text((value * 100).rounded() / 100)
  }

  /// The value of a number's text as ``text(_:)-(Float)`` writes it: `null` is NaN; nil for
  /// text that is not a number.
  static func float(_ text: String) -> Float? {
    text == "null" ? .nan : Float(text)
  }
}
