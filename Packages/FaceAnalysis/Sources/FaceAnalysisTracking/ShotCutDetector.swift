import FaceAnalysisInterface

/// Tells a cut from one shot to another between two frames a tracker is given: the background
/// changed. Each frame is shrunk to ``columns`` x ``rows`` cells (the mean colour of a sample of
/// the pixels under each); the cells near a face in either frame are left out, since people move,
/// and the frame is a cut when most of the others changed colour by more than ``colourChange``.
///
/// A tracker told of a cut (``FaceTracker/cut()``) continues no track by motion across it: a face
/// in the new shot is someone seen before only when it looks like them. The same frames give the
/// same answer, so a resumed run finds the cuts a run never stopped found.
public struct ShotCutDetector: Sendable {
  /// The cells across a frame is compared in.
  public static let columns = 32
  /// The cells down a frame is compared in.
  public static let rows = 18
  /// The change of a cell's red, green or blue mean (0...255) that counts as a change.
  public static let colourChange = 32
  /// The share of compared cells that must change for a cut: on the fixture clips a cut changes
  /// 0.86 to 0.91 of them, moving people at most 0.19 (1.25 s apart, with `--every 30`).
  public static let cutShare = 0.5
  /// The least share of the frame that must be compared: a frame filled with faces says nothing.
  public static let comparedShare = 0.25
  /// How far around a face's box its cells are left out, in face widths and heights.
  static let faceMargin = 0.25

  private var previous: (cells: [UInt8], width: Int, height: Int, faces: [BoundingBox])?

  /// A detector that has seen no frame yet.
  public init() {}

  /// Takes in the next frame a tracker is given and its faces: whether it starts another shot
  /// than the frame before (never the first, nor a frame of another size).
  public mutating func isCut(_ image: RGBImage, faces: [BoundingBox]) -> Bool {
    let cells = Self.cells(of: image)
    defer { previous = (cells, image.width, image.height, faces) }
    guard let previous, previous.width == image.width, previous.height == image.height else { return false }
    let near = (previous.faces + faces).map { box in
      (
        left: Double(box.x) - Self.faceMargin * Double(box.width),
        top: Double(box.y) - Self.faceMargin * Double(box.height),
        right: Double(box.x + box.width) + Self.faceMargin * Double(box.width),
        bottom: Double(box.y + box.height) + Self.faceMargin * Double(box.height)
      )
    }
    let cellWidth = Double(image.width) / Double(Self.columns)
    let cellHeight = Double(image.height) / Double(Self.rows)
    var compared = 0
    var changed = 0
    for row in 0..<Self.rows {
      for column in 0..<Self.columns {
        let (left, top) = (Double(column) * cellWidth, Double(row) * cellHeight)
        let isNearAFace = near.contains {
          left < $0.right && left + cellWidth > $0.left && top < $0.bottom && top + cellHeight > $0.top
        }
        if isNearAFace { continue }
        compared += 1
        let offset = (row * Self.columns + column) * 3
        let difference =
          (0..<3).map { abs(Int(cells[offset + $0]) - Int(previous.cells[offset + $0])) }.max() ?? 0
        if difference > Self.colourChange { changed += 1 }
      }
    }
    guard Double(compared) >= Self.comparedShare * Double(Self.columns * Self.rows) else { return false }
    return Double(changed) > Self.cutShare * Double(compared)
  }

  /// Each cell's mean colour (red, green, blue; cells row by row) over every `step`-th row and
  /// column under it: a 640x360 frame's cells are 20 pixels square, and their 16 pixels sampled
  /// tell a cut as well as their 400, reading a fifth of the frame's rows.
  static func cells(of image: RGBImage) -> [UInt8] {
    let step = max(1, min(image.width / columns, image.height / rows) / 4)
    var cells = [UInt8](repeating: 0, count: columns * rows * 3)
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rows {
        let top = row * image.height / rows
        let bottom = max(top + 1, (row + 1) * image.height / rows)
        for column in 0..<columns {
          let left = column * image.width / columns
          let right = max(left + 1, (column + 1) * image.width / columns)
          var sums = (0, 0, 0)
          var count = 0
          for y in stride(from: top, to: bottom, by: step) {
            for x in stride(from: left, to: right, by: step) {
              let offset = (y * image.width + x) * 3
              sums = (
                sums.0 + Int(pixels[offset]), sums.1 + Int(pixels[offset + 1]),
                sums.2 + Int(pixels[offset + 2])
              )
              count += 1
            }
          }
          let cell = (row * columns + column) * 3
          (cells[cell], cells[cell + 1], cells[cell + 2]) = (
            UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count)
          )
        }
      }
    }
    return cells
  }
}
