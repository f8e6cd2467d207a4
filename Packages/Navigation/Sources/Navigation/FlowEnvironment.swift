/// What the app offers its flows: one value, made by the app and given to every factory.
///
/// It holds what any flow may need from its host (``host``, ``storage``, ``canOpen``) and,
/// by type, the services the app provides, such as a recognition service or a run loop. A
/// flow asks for a service by its type and decides what to do when the app has none:
///
/// ```swift
/// var environment = FlowEnvironment(host: HostApplication(name: "Demo", version: "1.0"))
/// environment.provide(LiveWeather() as any WeatherService)
/// let weather: (any WeatherService)? = environment.service()
/// ```
@MainActor
public struct FlowEnvironment {
  /// The app that runs the flows.
  public var host: HostApplication
  /// Small values the app keeps between runs for its flows.
  public var storage: any FlowStorage
  /// Whether some flow of the app opens `link`, for a flow that offers a way elsewhere only
  /// when it leads somewhere.
  public var canOpen: @MainActor (DeepLink) -> Bool

  private var services: [ObjectIdentifier: Any] = [:]

  /// An environment with no services, keeping values in memory and opening no links.
  public init(
    host: HostApplication, storage: any FlowStorage = MemoryFlowStorage(),
    canOpen: @escaping @MainActor (DeepLink) -> Bool = { _ in false }
  ) {
    self.host = host
    self.storage = storage
    self.canOpen = canOpen
  }

  /// Offers `service` to the flows as a `Service`, replacing any given before.
  public mutating func provide<Service>(_ service: Service, as type: Service.Type = Service.self) {
    services[ObjectIdentifier(type)] = service
  }

  /// The service provided as a `Service`, if any.
  public func service<Service>(_ type: Service.Type = Service.self) -> Service? {
    services[ObjectIdentifier(type)] as? Service
  }
}
