/// What ``FlowConformance/check(seed:steps:)`` found: the failures, and how much it tried.
public struct ConformanceReport: Sendable, CustomStringConvertible {
  /// The flow's id.
  public var flowID: String
  /// Every broken promise, in the order found; empty when the flow keeps the contract.
  public var failures: [ConformanceFailure]
  /// How many distinct links were opened on a new flow.
  public var linksOpened: Int
  /// How many steps the random walk took (fewer than asked when it failed), and its seed.
  public var walk: (steps: Int, seed: UInt64)
  /// How many declared routes some stack showed, of how many declared.
  public var routes: (reached: Int, declared: Int)

  /// Whether the flow kept every promise.
  public var isConformant: Bool { failures.isEmpty }

  /// A summary line, then one line a failure.
  public var description: String {
    let summary =
      "flow \(flowID): \(linksOpened) links opened, \(walk.steps) walk steps (seed \(walk.seed)), "
      + "\(routes.reached) of \(routes.declared) routes reached, \(failures.count) failures"
    return ([summary] + failures.map(\.description)).joined(separator: "\n")
  }
}
