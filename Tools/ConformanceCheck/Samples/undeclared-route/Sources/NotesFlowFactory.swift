import Navigation

/// A sample flow for the conformance kit's tests: a list of notes and a note pushed on it.
public struct NotesFlowFactory: FlowFactory {
  /// Creates the factory; the flow needs nothing from the app.
  public init(environment: FlowEnvironment) {}

  /// `notes`.
  public var id: String { "notes" }

  /// Notes. Broken: Note, which the coordinator pushes, is not declared.
  public var routes: [Route] { [NotesRoutes.notes] }

  /// The list, and a note over it.
  public var exampleLinks: [DeepLink] {
    [NotesDestination.list.link, NotesDestination.note(id: 1).link].compactMap { $0 }
  }

  /// Whether the link names a place in this flow.
  public func canOpen(_ link: DeepLink) -> Bool { NotesDestination(link) != nil }

  /// Builds the flow's coordinator.
  public func makeCoordinator(router: any Routing) -> FlowCoordinator { NotesCoordinator(router: router) }
}
