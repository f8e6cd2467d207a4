/// Something the user can pick on a screen: a menu item or a button, with what to do.
///
/// The closure is the screen's owner's business (usually a presenter, captured weakly):
///
/// ```swift
/// ScreenAction("Accept", key: "a") { [weak presenter] in presenter?.didTapAccept() }
/// ```
@MainActor
public struct ScreenAction {
  /// The label.
  public var title: String
  /// A second, dimmer line or column of text, such as a menu item's description.
  public var detail: String?
  /// A key that picks the action directly in full-screen mode.
  public var key: Character?
  /// Whether it can be picked; disabled actions are drawn dim and skipped.
  public var isEnabled: Bool
  /// Runs when the user picks it.
  public var perform: @MainActor () -> Void

  /// Creates an action.
  public init(
    _ title: String, detail: String? = nil, key: Character? = nil, isEnabled: Bool = true,
    perform: @escaping @MainActor () -> Void
  ) {
    self.title = title
    self.detail = detail
    self.key = key
    self.isEnabled = isEnabled
    self.perform = perform
  }
}
