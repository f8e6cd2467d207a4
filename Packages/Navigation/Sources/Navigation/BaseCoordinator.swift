/// A coordinator with a list of children and a typed result, delivered exactly once.
///
/// ```swift
/// final class SettingsCoordinator: BaseCoordinator<Theme> {
///   override func start() { router.push(SettingsConfigurator.make(output: self), route: .settings, owner: self) }
///   func userPicked(_ theme: Theme) { finish(with: theme) }
/// }
///
/// addChild(SettingsCoordinator(router: router)) { [weak self] result in
///   if case .completed(let theme) = result { self?.apply(theme) }
/// }
/// ```
///
/// When the router removes the last screen this coordinator owns, it finishes as
/// ``CoordinatorResult/cancelled`` unless it already finished. Its parent then drops it, so
/// a finished flow is released along with its presenters and views.
@MainActor
open class BaseCoordinator<Output>: Coordinator {
  /// The running child coordinators, oldest first.
  public private(set) var children: [any Coordinator] = []

  /// Whether ``finish(with:)`` or ``cancel()`` has run.
  public private(set) var isFinished = false

  /// Receives the result, once: the one way to learn that a coordinator finished.
  /// ``addChild(_:onFinish:)`` sets it for a child; the owner of a coordinator without a
  /// parent sets it directly. Closures stored here must capture coordinators weakly.
  public var onFinish: ((CoordinatorResult<Output>) -> Void)?

  /// Creates a coordinator with no children.
  public init() {}

  /// Shows the first screen. Subclasses override it; the base does nothing.
  open func start() {}

  /// Offers `link` to the children, newest first. Subclasses handle their own paths and call super.
  open func start(with link: DeepLink) -> Bool {
    for child in children.reversed() where child.start(with: link) { return true }
    return false
  }

  /// Finishes as cancelled: the user left this coordinator's last screen.
  open func routerDidRemoveLastEntry() { cancel() }

  /// Does nothing; subclasses refresh a screen that is on top again.
  open func routerDidReveal(_ screen: any Presentable) {}

  /// Adds `child`, and when it finishes drops it and hands its result to `onFinish`.
  ///
  /// This sets the child's ``onFinish``. `onFinish` must capture coordinators weakly.
  public func addChild<ChildOutput>(
    _ child: BaseCoordinator<ChildOutput>,
    onFinish: @escaping @MainActor (CoordinatorResult<ChildOutput>) -> Void = { _ in }
  ) {
    guard !children.contains(where: { $0 === child }) else { return }
    children.append(child)
    child.onFinish = { [weak self, weak child] result in
      if let self, let child { self.removeChild(child) }
      onFinish(result)
    }
  }

  /// Removes a child without finishing it.
  public func removeChild(_ child: any Coordinator) {
    children.removeAll { $0 === child }
  }

  /// Finishes with a value. Later calls, and a later cancel, do nothing.
  public func finish(with output: Output) { finish(.completed(output)) }

  /// Finishes as cancelled, unless already finished.
  public func cancel() { finish(.cancelled) }

  private func finish(_ result: CoordinatorResult<Output>) {
    guard !isFinished else { return }
    isFinished = true
    let handler = onFinish
    onFinish = nil
    handler?(result)
  }
}
