/// How the report writes numbers: in fixed notation with integer arithmetic, so the same value
/// is always the same text whatever the locale or the platform (no `String(format:)`), and
/// never in exponent form.
enum ReportNumber {
  /// `value` rounded half away from zero to `digits` decimals (0 to 6): `12.35` with 2 digits
  /// is `12.35`, `2` with 1 is `2.0`; `n/a` for NaN, the infinities and values beyond 1e12.
  static func fixed(_ value: Double, digits: Int) -> String {
    let digits = min(max(digits, 0), 6)
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * Double(scale)).rounded()
    guard scaled.isFinite, abs(value) < 1e12 else { return "n/a" }
    let whole = Int64(scaled)
    let sign = whole < 0 ? "-" : ""
    let magnitude = whole.magnitude
    let integer = String(magnitude / UInt64(scale))
    guard digits > 0 else { return sign + integer }
    let fraction = String(magnitude % UInt64(scale))
    return sign + integer + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  /// A time in seconds to a tenth: `4.2 s` under a minute, then `1:02.3` and `1:02:03.4`.
  static func time(_ seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e9 else { return "n/a" }
    guard abs(seconds) >= 59.95 else { return fixed(seconds, digits: 1) + " s" }
    let tenths = Int64((abs(seconds) * 10).rounded())
    let hours = tenths / 36_000
    let minutes = tenths / 600 % 60
    let rest = tenths % 600
    let secondsText = (rest < 100 ? "0" : "") + String(rest / 10) + "." + String(rest % 10)
    let sign = seconds < 0 ? "-" : ""
    guard hours > 0 else { return sign + String(minutes) + ":" + secondsText }
    return sign + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes) + ":" + secondsText
  }

  /// `part` as a whole percentage of `whole`, rounded half up; 0 when `whole` is 0.
  static func percent(_ part: Int, of whole: Int) -> Int {
    guard whole > 0 else { return 0 }
    return (part * 200 + whole) / (whole * 2)
  }

  /// `count` with the noun that fits it: `1 face`, `0 faces`, `3 people`.
  static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }

  /// A colour component as two lower-case hex digits.
  static func hex(_ value: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
  }
}
