/// One promise of the plugin contract that ``FlowConformance`` checks; every failure names
/// the check it broke, as `[round-trip]`.
public enum ConformanceCheck: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Every example link, and every link `canOpen` accepts, opens on a new flow and shows its screens.
  case linksOpen = "links-open"
  /// The link a stack writes reopens an equal stack, which writes the same link again.
  case roundTrip = "round-trip"
  /// Every screen the flow shows was shown under one of the routes it declares.
  case declaredRoutes = "declared-routes"
  /// Every route the flow declares is shown on some stack its links open.
  case reachableRoutes = "reachable-routes"
  /// The back key, pressed at any depth until the flow's screens are gone, finishes it exactly once.
  case finishesOnce = "finishes-once"
  /// No coordinator, screen or object a screen holds of its own module (its presenter) is
  /// alive once it left the stack or its flow finished.
  case noLeaks = "no-leaks"
  /// A restorable link opens, reopens an equal stack, and a restored stack restores to itself.
  case restorableLink = "restorable-link"
  /// A link the flow does not own is refused, by `canOpen` and by a running coordinator,
  /// and a refused link leaves the stack untouched.
  case foreignLinkRefused = "foreign-link-refused"
  /// The launch requirement opens on an empty stack, completes when met, and cancels when the
  /// app closes it, each exactly once and leaving nothing alive.
  case launchRequirement = "launch-requirement"

  /// The check's name, as failures print it: `round-trip`.
  public var description: String { rawValue }
}
