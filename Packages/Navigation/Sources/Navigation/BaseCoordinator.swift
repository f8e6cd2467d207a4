/// A coordinator with a list of children and a typed result, delivered exactly once.
///
/// ```swift
/// final class AboutAppCoordinator: BaseCoordinator<ConsentDecision> {
///   override func start() { router.push(…, owner: self) }
///   func userAccepted() { finish(with: .accepted) }
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

  /// Receives the result, once. Closures stored here must capture coordinators weakly.
  public var onFinish: ((CoordinatorResult<Output>) -> Void)?

  private var finishObservers: [@MainActor () -> Void] = []

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

  /// Adds a child and drops it again as soon as it finishes.
  public func addChild(_ child: any Coordinator) {
    guard !children.contains(where: { $0 === child }) else { return }
    children.append(child)
    child.whenFinished { [weak self, weak child] in
      guard let self, let child else { return }
      self.removeChild(child)
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

  /// Registers `body` to run once the coordinator finishes; runs it now if it already has.
  public func whenFinished(_ body: @escaping @MainActor () -> Void) {
    if isFinished { body() } else { finishObservers.append(body) }
  }

  private func finish(_ result: CoordinatorResult<Output>) {
    guard !isFinished else { return }
    isFinished = true
    let handler = onFinish
    let observers = finishObservers
    onFinish = nil
    finishObservers = []
    handler?(result)
    for observer in observers { observer() }
  }
}
