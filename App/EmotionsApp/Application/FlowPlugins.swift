import Navigation

/// The flows the app is made of: one factory for each flow package it was built with
/// (``FlowRegistry``, made from the manifest), all made from one ``FlowEnvironment``, the home
/// flow first (the highest ``FlowFactory/homePriority``, then by id).
@MainActor
final class FlowPlugins {
  /// The factories, home first.
  private(set) var factories: [any FlowFactory] = []

  /// Makes every registered factory from `environment`, whose ``FlowEnvironment/canOpen`` is
  /// answered by this list.
  init(environment: FlowEnvironment, types: [any FlowFactory.Type] = FlowRegistry.factoryTypes) {
    var environment = environment
    environment.canOpen = { [weak self] link in self?.factory(opening: link) != nil }
    factories = types.map { $0.init(environment: environment) }
      .sorted { ($0.homePriority, $1.id) > ($1.homePriority, $0.id) }
  }

  /// The flows' declarations only, made with no services: for the map of routes and for
  /// checking links before anything runs.
  static func declarations() -> FlowPlugins {
    FlowPlugins(
      environment: FlowEnvironment(host: HostApplication(name: "Emotions", version: Emotions.version)))
  }

  /// The home flow, if the app has any flow.
  var home: (any FlowFactory)? { factories.first }

  /// The first flow that opens `link`.
  func factory(opening link: DeepLink) -> (any FlowFactory)? { factories.first { $0.canOpen(link) } }

  /// What the flows require on launch, in plugin order.
  var launchRequirements: [LaunchRequirement] { factories.compactMap(\.launchRequirement) }

  /// Where the launch instructor starts these flows, for the state read at launch.
  func launchPlan(state: AppState, options: LaunchInstructor.Options) -> LaunchInstructor.Plan {
    LaunchInstructor.plan(
      state: state, requirements: launchRequirements, options: options, scheme: Emotions.linkScheme,
      canOpen: { self.factory(opening: $0) != nil })
  }

  /// The ids of the flows, home first.
  var ids: [String] { factories.map(\.id) }
}
