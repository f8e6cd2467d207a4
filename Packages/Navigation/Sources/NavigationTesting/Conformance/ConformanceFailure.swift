/// One broken promise found by ``FlowConformance``: which check, where (the link, or the
/// random walk's seed and steps), what was expected and what happened instead.
///
/// ```
/// [round-trip] example link detail: expected the link its stack writes, details, to be
/// one the flow opens; found canOpen(details) is false
/// ```
///
/// Made only by the checker: its fields are read-only and its initializer internal.
public struct ConformanceFailure: Hashable, Sendable, CustomStringConvertible {
  /// The promise that was broken.
  public let check: ConformanceCheck
  /// Where: `example link about/terms`, or `random walk (seed 1), step 12: open about → back`.
  public let place: String
  /// What the contract expects there.
  public let expected: String
  /// What the flow did instead.
  public let found: String

  /// `[check] place: expected …; found …`, on one line.
  public var description: String { "[\(check)] \(place): expected \(expected); found \(found)" }
}
