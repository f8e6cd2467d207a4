import Navigation

/// The Main flow: the app's home screen and live recognition on the Vision screen. The
/// only public type of this package.
///
/// It takes from the app's ``FlowEnvironment`` a `RecognitionService` and a
/// `LoopScheduling` run loop (without them the picker says why nothing can be recognised),
/// and keeps the last source in the environment's storage. It opens `main`,
/// `vision?source=<path>`, `vision` and `picker` (the source picker, `picker?source=<path>`
/// suggesting a source), and `vision/picker?source=<path>`. "About this app" asks the app to
/// open `about`, and shows only when some flow of the app opens it.
public struct MainFlowFactory: FlowFactory {
  private let environment: MainFlowEnvironment

  /// Creates the factory from what the app provides.
  public init(environment: FlowEnvironment) {
    self.environment = MainFlowEnvironment(environment)
  }

  /// `main`.
  public var id: String { "main" }

  /// Main is the app's home screen when this flow is there.
  public var homePriority: Int { 100 }

  /// Main, SourcePicker, Vision.
  public var routes: [Route] { [MainRoutes.main, MainRoutes.sourcePicker, MainRoutes.vision] }

  /// The Main screen, the picker, and recognition on a source.
  public var exampleLinks: [DeepLink] {
    [
      MainDestination.main.link, try? DeepLink(path: [MainRoutes.vision.segment]),
      MainDestination.vision(source: "clip.mp4").link,
      MainDestination.pickerOverVision(source: "clip.mp4").link,
    ].compactMap { $0 }
  }

  /// Whether the link names a place in this flow.
  public func canOpen(_ link: DeepLink) -> Bool { MainDestination(link) != nil }

  /// Version 0.1's last source, `{"lastSource": "clip.mp4"}`.
  public nonisolated static let legacyStateEntries: [LegacyStateEntry] = [
    .flowValue(
      legacyKey: MainFlowEnvironment.legacyLastSourceKey, key: MainFlowEnvironment.lastSourceKey)
  ]

  /// A Vision screen is reopened as the picker suggesting its source.
  public func restorableLink(for link: DeepLink) -> DeepLink? { MainDestination(link)?.restored.link }

  /// Builds the flow's coordinator.
  public func makeCoordinator(router: any Routing) -> FlowCoordinator {
    MainCoordinator(router: router, environment: environment)
  }
}
