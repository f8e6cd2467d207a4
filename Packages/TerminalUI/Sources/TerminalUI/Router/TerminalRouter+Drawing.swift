import Navigation

/// Full-screen drawing: the header, the screen (a modal as a box over the screen under it),
/// the message line, the footer and the overlays.
extension TerminalRouter {
  /// Draws the whole terminal: header, screen (with a modal box when one is on top), the
  /// message line, the footer and any overlay.
  public func render(size: Size) -> Canvas {
    var canvas = Canvas(size: size, colorMode: colorMode, showsPictures: showsPictures)
    guard size.width > 0, size.height > 0 else { return canvas }
    guard size.width >= 20, size.height >= 6 else {
      canvas.put("Terminal too small", at: Point(x: 0, y: 0), style: .bold)
      return canvas
    }
    // Header.
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: .reverse)
    canvas.put(
      " " + breadcrumb(width: size.width - 2), at: Point(x: 0, y: 0), style: Style(bold: true, reverse: true))
    // Screen area.
    let area = Rect(x: 0, y: 2, width: size.width, height: size.height - 4)
    drawStack(into: &canvas, area: area)
    // Message line.
    if let message {
      let style = message.kind == .error ? Style(bold: true, foreground: .red) : Style.bold
      let prefix = message.kind == .error ? "✗ " : ""
      canvas.put(
        prefix + message.text, at: Point(x: 1, y: size.height - 2), style: style, maxWidth: size.width - 2)
    }
    // Footer.
    canvas.put(footer(width: size.width - 2), at: Point(x: 1, y: size.height - 1), style: .dim)
    if isHelpVisible { drawHelp(into: &canvas, area: area) }
    if let linkField { drawLinkPrompt(linkField, into: &canvas, area: area) }
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

  private func drawHelp(into canvas: inout Canvas, area: Rect) {
    let lines = helpLines()
    let width = min(area.width - 4, max(40, lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
    let height = min(area.height, lines.count + 2)
    let box = Rect(
      x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2, width: width,
      height: height)
    canvas.fill(box)
    canvas.box(box, title: "Help")
    for (row, line) in lines.enumerated() where row < height - 2 {
      canvas.put(line, at: Point(x: box.minX + 2, y: box.minY + 1 + row), maxWidth: width - 4)
    }
  }

  private func drawLinkPrompt(_ field: TextField, into canvas: inout Canvas, area: Rect) {
    let width = min(area.width - 2, 72)
    let box = Rect(x: area.minX + (area.width - width) / 2, y: area.maxY - 6, width: width, height: 6)
    canvas.fill(box)
    canvas.box(box, title: "Open link")
    field.draw(into: &canvas, at: Point(x: box.minX + 2, y: box.minY + 1), width: width - 4)
    if case .failure(let error) = parseLink(field.text) {
      let lines = TextWrapper.wrap("✗ " + error.message, width: width - 4).prefix(2)
      for (row, line) in lines.enumerated() {
        canvas.put(line, at: Point(x: box.minX + 2, y: box.minY + 3 + row), style: Style(foreground: .red))
      }
    } else {
      canvas.put(
        "Enter opens it", at: Point(x: box.minX + 2, y: box.minY + 3), style: .dim, maxWidth: width - 4)
    }
  }
}
