/// The plugin interface of a flow package: the one public type a flow exports.
///
/// The app finds the factories of the flow packages it was built with, makes each from the
/// one ``FlowEnvironment`` it provides, asks them for the links they open, and builds a
/// flow's coordinator when the user or a link needs it.
@MainActor
public protocol FlowFactory {
  /// Makes the factory; `environment` holds what the app offers its flows.
  init(environment: FlowEnvironment)

  /// A stable, unique name for the flow, such as `about`.
  var id: String { get }

  /// How strongly the flow wants to be the home flow, whose first screen is the root of the
  /// stack: the app picks the highest, and every other flow is built on top of it.
  var homePriority: Int { get }

  /// Something the user must do before anything else on launch, such as accepting terms,
  /// which this flow runs when opened with the requirement's link; `nil` for none.
  var launchRequirement: LaunchRequirement? { get }

  /// The screens the flow can show, in the order a user meets them; the app's map of routes
  /// prints these, and the coordinator navigates with the same values.
  var routes: [Route] { get }

  /// The links the flow documents, for the map of routes and for tests.
  var exampleLinks: [DeepLink] { get }

  /// Whether the flow can open `link`, decided without touching any screen, so that the app
  /// can leave the stack as it was when no flow can.
  func canOpen(_ link: DeepLink) -> Bool

  /// The link to reopen on the next launch for a stack that shows `link`, or `nil` to start
  /// afresh; a flow maps a place that should not resume by itself (a running camera) to a
  /// calmer one.
  func restorableLink(for link: DeepLink) -> DeepLink?

  /// Builds the flow's coordinator, showing its screens through `router`.
  func makeCoordinator(router: any Routing) -> FlowCoordinator

  /// What older versions of the app kept for this flow at the top of the state file, for the
  /// app to read into today's values; a fact of the type, known before any factory is made.
  nonisolated static var legacyStateEntries: [LegacyStateEntry] { get }
}

extension FlowFactory {
  /// No preference: a flow is home only when no other flow asks to be.
  public var homePriority: Int { 0 }

  /// No launch requirement.
  public var launchRequirement: LaunchRequirement? { nil }

  /// Nothing kept by an older app.
  public nonisolated static var legacyStateEntries: [LegacyStateEntry] { [] }

  /// By default a place is reopened as it was.
  public func restorableLink(for link: DeepLink) -> DeepLink? { link }
}
