/// What a finished flow reports to the app, in Navigation's own words.
public enum FlowOutcome: Hashable, Sendable {
  /// The flow is done; the app decides what comes next.
  case done
  /// The user accepted what the flow asked them to (for example the terms on first launch).
  case accepted
  /// The user declined and wants to leave the app.
  case declined
}
