import Navigation

/// Full-screen drawing: the header, the screen (a modal as a box over the screen under it),
/// the message line, the footer and the overlays.
extension TerminalRouter {
  /// Draws the whole terminal: header, screen (with a modal box when one is on top), the
  /// message line, the footer and any overlay.
  func render(size: Size) -> Canvas {
    var canvas = Canvas(size: size, colorMode: colorMode, showsPictures: showsPictures)
    guard size.width > 0, size.height > 0 else { return canvas }
    guard size.width >= 20, size.height >= 6 else {
      canvas.put("Terminal too small", at: Point(x: 0, y: 0), style: .bold)
      return canvas
    }
    RouterChrome.drawHeader(breadcrumb(width: size.width - 2), into: &canvas, width: size.width)
    let area = Rect(x: 0, y: 2, width: size.width, height: size.height - 4)
    drawStack(into: &canvas, area: area)
    chrome.drawStatus(footer: footer(width: size.width - 2), into: &canvas, size: size)
    if chrome.isHelpVisible { RouterChrome.drawHelp(helpLines(), into: &canvas, area: area) }
    linkPrompt?.draw(into: &canvas, area: area, scheme: linkScheme)
    return canvas
  }

  private func drawStack(into canvas: inout Canvas, area: Rect) {
    guard let top = stack.top else { return }
    let modalIndex = stack.entries.lastIndex { $0.style == .modal }
    guard let modalIndex, modalIndex > 0 else {
      drawScreen(top.screen, into: &canvas, in: area)
      return
    }
    // The screen under the modal, dimmed, then the modal's top screen in a box.
    drawScreen(stack.entries[modalIndex - 1].screen, into: &canvas, in: area)
    canvas.restyle(area) {
      $0.dim = true
      $0.bold = false
    }
    let inner = Size(width: max(1, area.width - 6), height: max(1, area.height - 2))
    var content = (top.screen as? any Screen)?.preferredModalSize(in: inner) ?? Size(width: 40, height: 6)
    content = Size(width: min(content.width, inner.width), height: min(content.height, inner.height))
    let box = Rect(
      x: area.minX + (area.width - content.width - 2) / 2,
      y: area.minY + (area.height - content.height - 2) / 2,
      width: content.width + 2, height: content.height + 2)
    canvas.fill(box)
    canvas.box(box, title: top.screen.title)
    drawScreen(
      top.screen, into: &canvas,
      in: Rect(x: box.minX + 1, y: box.minY + 1, width: content.width, height: content.height))
  }

  private func drawScreen(_ screen: any Presentable, into canvas: inout Canvas, in rect: Rect) {
    var region = Canvas(size: rect.size, colorMode: colorMode, showsPictures: showsPictures)
    if let screen = screen as? any Screen {
      screen.draw(into: &region)
    } else {
      region.put(screen.title, at: Point(x: 1, y: 0))
    }
    canvas.draw(region, at: rect.origin)
  }
}
