/// Asking the terminal what it shows: the kitty graphics query (a 1x1 picture with `a=q`,
/// which a kitty terminal answers `OK` without showing it), `CSI 16 t` (the cell size in
/// pixels) and DA1 (`CSI c`), which every terminal answers, last, so that its answer ends the
/// wait; a `4` among its attributes means sixel.
///
/// ```swift
/// var query = GraphicsQuery()
/// device.write(GraphicsQuery.request)
/// query.feed(bytesRead)            // until query.isComplete or a timeout
/// query.supportsKitty, query.supportsSixel, query.cellSize, query.otherInput
/// ```
struct GraphicsQuery: Sendable {
  /// The id of the kitty query's picture.
  static let queryID = 31

  /// What to write: the kitty query, the cell-size report and DA1.
  static let request: [UInt8] = Array(
    "\u{1B}_Gi=\(queryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c".utf8)

  /// Whether the kitty query was answered `OK`.
  private(set) var supportsKitty = false
  /// Whether DA1 listed sixel graphics (attribute 4).
  private(set) var supportsSixel = false
  /// The cell size in pixels from `CSI 6 ; height ; width t`, if the terminal said.
  private(set) var cellSize: Size?
  /// Whether the DA1 answer came (it comes last).
  private(set) var isComplete = false
  /// Bytes that were no answer (keys typed meanwhile), in order.
  private(set) var otherInput: [UInt8] = []

  private var pending: [UInt8] = []

  /// Creates a query that has read nothing.
  init() {}

  /// Reads bytes from the terminal, taking out the answers.
  mutating func feed(_ bytes: [UInt8]) {
    pending += bytes
    var index = 0
    while index < pending.count {
      guard pending[index] == 0x1B else {
        otherInput.append(pending[index])
        index += 1
        continue
      }
      guard index + 1 < pending.count else { break }
      switch pending[index + 1] {
      case UInt8(ascii: "_"):
        guard let end = stringTerminator(from: index + 2) else {
          pending.removeSubrange(0..<index)
          return
        }
        let body = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        if body.hasPrefix("G"), body.contains("i=\(Self.queryID)"), body.hasSuffix(";OK") {
          supportsKitty = true
        }
        index = end + 2
      case UInt8(ascii: "["):
        var final = index + 2
        while final < pending.count, !(0x40...0x7E).contains(pending[final]) { final += 1 }
        guard final < pending.count else {
          pending.removeSubrange(0..<index)
          return
        }
        let body = String(decoding: pending[(index + 2)..<final], as: UTF8.self)
        if !answer(body, final: pending[final]) { otherInput += pending[index...final] }
        index = final + 1
      default:
        otherInput.append(pending[index])
        index += 1
      }
    }
    pending = []
  }

  /// The bytes that were no answer, taken out: keys to hand on.
  mutating func takeOtherInput() -> [UInt8] {
    defer { otherInput = [] }
    return otherInput
  }

  /// Gives up waiting: an unfinished sequence held back counts as keys.
  mutating func flush() -> [UInt8] {
    otherInput += pending
    pending = []
    return takeOtherInput()
  }

  /// Takes in a CSI answer; false when it is no answer to the query (a key).
  private mutating func answer(_ body: String, final: UInt8) -> Bool {
    switch final {
    case UInt8(ascii: "c") where body.hasPrefix("?"):
      let attributes = body.dropFirst().split(separator: ";").compactMap { Int($0) }
      supportsSixel = attributes.dropFirst().contains(4)
      isComplete = true
      return true
    case UInt8(ascii: "t"):
      let numbers = body.split(separator: ";").compactMap { Int($0) }
      guard numbers.count == 3, numbers[0] == 6 else { return false }
      if numbers[1] > 0, numbers[2] > 0 { cellSize = Size(width: numbers[2], height: numbers[1]) }
      return true
    default:
      return false
    }
  }

  /// The index of the `ESC \` that ends a string sequence, searching from `start`.
  private func stringTerminator(from start: Int) -> Int? {
    var index = start
    while index + 1 < pending.count {
      if pending[index] == 0x1B, pending[index + 1] == 0x5C { return index }
      index += 1
    }
    return nil
  }

  /// The graphics to use: kitty when it answered, sixel when DA1 lists it and `canSixel`,
  /// half blocks otherwise.
  func choice(canSixel: Bool) -> TerminalGraphics {
    if supportsKitty { return .kitty }
    if supportsSixel, canSixel { return .sixel }
    return .blocks
  }
}
