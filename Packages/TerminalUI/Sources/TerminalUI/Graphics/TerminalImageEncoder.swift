/// Turns a picture into the escape sequence that shows it at the cursor, for one terminal
/// graphics protocol.
public protocol TerminalImageEncoder: Sendable {
  /// The protocol it writes.
  var graphics: TerminalGraphics { get }

  /// Whether the terminal scales the picture to the cells it is given (kitty), rather than
  /// showing its pixels one to one (sixel).
  var scalesToCells: Bool { get }

  /// The bytes that show `image` with its top left corner at the cursor, filling `columns`
  /// by `rows` cells (when ``scalesToCells``), as picture number `id` (from 1), replacing
  /// what that number showed before. The cursor may move.
  func encode(_ image: RGBImage, columns: Int, rows: Int, id: Int) -> [UInt8]

  /// The bytes that take picture `id` off the screen; empty when writing over its cells does
  /// that (sixel).
  func erase(id: Int) -> [UInt8]

  /// The bytes that take every picture off the screen.
  func eraseAll() -> [UInt8]
}
