import TerminalUI

/// Where the parts of the Vision screen go in its area: the picture, the score panel (to
/// the right when the area is wide, under the picture when it is tall) and two status rows
/// at the bottom. When the picture would be too small to read, there is none and the faces
/// are listed as text instead.
struct VisionLayout: Equatable {
  /// The picture's area (the image is scaled into it with its aspect kept); `nil` when too small.
  var picture: Rect?
  /// The score panel's area; `nil` when nothing fits.
  var panel: Rect?
  /// The text shown instead of the picture when it does not fit.
  var fallback: Rect?
  /// The details row (source, resolution, fps, times).
  var detailsRow: Int
  /// The status row.
  var statusRow: Int

  /// Columns of a panel at the side.
  static let sidePanelWidth = 30
  /// Rows of a panel under the picture: heading, seven bars, the sparkline.
  static let bottomPanelHeight = 9
  /// The smallest picture worth drawing, in cells.
  static let minimumPicture = Size(width: 16, height: 5)

  /// The layout for an area of `size` cells.
  init(size: Size) {
    statusRow = max(0, size.height - 1)
    detailsRow = max(0, size.height - 2)
    let content = Size(width: size.width, height: max(0, size.height - 3))
    let minimum = Self.minimumPicture
    let sideWidth = Self.sidePanelWidth
    if content.width - sideWidth - 1 >= max(minimum.width, 40), content.height >= minimum.height {
      picture = Rect(x: 0, y: 0, width: content.width - sideWidth - 1, height: content.height)
      panel = Rect(x: content.width - sideWidth, y: 0, width: sideWidth, height: content.height)
    } else if content.width >= minimum.width, content.height - Self.bottomPanelHeight >= minimum.height {
      let pictureHeight = content.height - Self.bottomPanelHeight
      picture = Rect(x: 0, y: 0, width: content.width, height: pictureHeight)
      panel = Rect(x: 1, y: pictureHeight, width: max(1, content.width - 2), height: Self.bottomPanelHeight)
    } else {
      picture = nil
      panel = nil
      fallback =
        content.height > 0 ? Rect(x: 1, y: 0, width: max(1, content.width - 2), height: content.height) : nil
    }
  }
}
