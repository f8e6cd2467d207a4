import FaceAnalysisInterface
import Navigation
import TerminalUI

/// The Main flow: the app's home screen and live recognition on the Vision screen. The
/// only public type of this package.
///
/// ```swift
/// let main = MainFlowFactory(service: LiveRecognitionService(files: files), scheduler: app)
/// ```
///
/// It opens `emotions://main`, `emotions://vision?source=<path>`, `emotions://vision` and
/// `emotions://picker` (the source picker), and `emotions://vision/picker?source=<path>`.
/// "About this app" is a request to the parent to open `emotions://<aboutPath>`.
public struct MainFlowFactory: FlowFactory {
  private let environment: MainFlowEnvironment

  /// Creates the factory.
  ///
  /// - Parameters:
  ///   - service: Checks sources and runs recognition; a fake in tests and demos.
  ///   - scheduler: The run loop recognition results are delivered on.
  ///   - aboutPath: The link path that shows "About this app"; another flow opens it.
  ///   - lastSource: The source to suggest in the picker.
  ///   - sourceChosen: Called with each source the user opens.
  public init(
    service: any RecognitionService, scheduler: any LoopScheduling, aboutPath: String = "about",
    lastSource: @escaping @MainActor () -> String? = { nil },
    sourceChosen: @escaping @MainActor (String) -> Void = { _ in }
  ) {
    environment = MainFlowEnvironment(
      service: service, scheduler: scheduler, aboutPath: aboutPath, lastSource: lastSource,
      sourceChosen: sourceChosen)
  }

  /// `main`.
  public var id: String { "main" }

  /// `main`, `vision` and `picker`.
  public var deepLinkPaths: [String] {
    [MainRoutes.main.segment, MainRoutes.vision.segment, MainRoutes.sourcePicker.segment]
  }

  /// Main, SourcePicker, Vision.
  public var routes: [Route] { [MainRoutes.main, MainRoutes.sourcePicker, MainRoutes.vision] }

  /// The Main screen, the picker, and recognition on a source.
  public var exampleLinks: [DeepLink] {
    let source = DeepLink.QueryItem(name: MainRoutes.sourceQuery, value: "clip.mp4")
    return [
      try? DeepLink(path: [MainRoutes.main.segment]),
      try? DeepLink(path: [MainRoutes.vision.segment]),
      try? DeepLink(path: [MainRoutes.vision.segment], query: [source]),
      try? DeepLink(path: [MainRoutes.vision.segment, MainRoutes.sourcePicker.segment], query: [source]),
    ].compactMap { $0 }
  }

  /// Whether the link names a place in this flow.
  public func canOpen(_ link: DeepLink) -> Bool { MainDestination(link) != nil }

  /// Builds the flow's coordinator.
  public func makeCoordinator(router: any Routing) -> any FlowCoordinator {
    MainCoordinator(router: router, environment: environment)
  }
}
