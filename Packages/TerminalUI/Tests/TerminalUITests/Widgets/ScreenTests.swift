import Testing

@testable import TerminalUI

@MainActor
struct ScreenTests {
  private func draw(_ screen: any Screen, width: Int, height: Int, mode: ColorMode = .palette256) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height), colorMode: mode)
    screen.draw(into: &canvas)
    return canvas
  }

  @Test func menuDrawsTextAndItems() {
    var picked: [String] = []
    let menu = MenuScreen(
      title: "Main", text: "Pick one.",
      items: [
        ScreenAction("Camera", detail: "live") { picked.append("camera") },
        ScreenAction("About") { picked.append("about") },
      ])
    #expect(
      draw(menu, width: 30, height: 5).lines == [
        " Pick one.",
        "",
        " ▸ 1  Camera  live",
        "   2  About",
        "",
      ])
    #expect(menu.handle(.down))
    #expect(draw(menu, width: 30, height: 5).lines[3] == " ▸ 2  About")
    #expect(menu.handle(.enter))
    #expect(menu.handle(.character("1")))
    #expect(picked == ["about", "camera"])
    #expect(menu.selection == 0)
    #expect(!menu.handle(.character("x")))
    #expect(!menu.handle(.escape))
    #expect(menu.keyHints == [KeyHint("↑↓", "move"), KeyHint("Enter", "open"), KeyHint("1-2", "choose")])
  }

  @Test func menuSkipsDisabledItemsAndScrolls() {
    let items = (1...6).map { number in ScreenAction("Item \(number)", isEnabled: number != 2) {} }
    let menu = MenuScreen(title: "Long", items: items)
    _ = menu.handle(.down)
    #expect(menu.selection == 2)
    _ = menu.handle(.end)
    #expect(
      draw(menu, width: 20, height: 3).lines == [
        "   4  Item 4       ↑",
        "   5  Item 5",
        " ▸ 6  Item 6",
      ])
    #expect(menu.handleLine("2") == .rejected("“Item 2” is not available."))
    #expect(menu.handleLine("9") == .rejected("Choose a number from 1 to 6."))
    #expect(menu.handleLine(" 3 ") == .handled)
    #expect(menu.selection == 2)
  }

  @Test func textPageScrollsAndPressesButtons() {
    var pressed: [String] = []
    let page = TextPageScreen(
      title: "Terms", text: "one two three four five six seven eight nine ten eleven twelve",
      buttons: [
        ScreenAction("Back") { pressed.append("back") },
        ScreenAction("Next", key: "n") { pressed.append("next") },
      ])
    #expect(
      draw(page, width: 20, height: 5).lines == [
        " one two three four",
        " five six seven",
        " eight nine ten",
        "     lines 1-3 of 4",
        " [ Back ]  [ Next ]",
      ])
    #expect(page.handle(.down))
    #expect(
      draw(page, width: 20, height: 5).lines == [
        " five six seven",
        " eight nine ten",
        " eleven twelve",
        "     lines 2-4 of 4",
        " [ Back ]  [ Next ]",
      ])
    _ = page.handle(.down)
    #expect(page.scrollOffset == 1, "it does not scroll past the end")
    _ = page.handle(.home)
    #expect(page.scrollOffset == 0)
    _ = page.handle(.tab)
    _ = page.handle(.enter)
    _ = page.handle(.character("n"))
    #expect(pressed == ["next", "next"])
    #expect(page.handleLine("1") == .handled)
    #expect(pressed == ["next", "next", "back"])
    #expect(
      page.linePage(width: 80)
        == LinePage(
          lines: ["one two three four five six seven eight nine ten eleven twelve"],
          choices: ["Back", "Next"]))
  }

  @Test func promptEditsValidatesLiveAndSubmits() {
    var submitted: [String] = []
    let prompt = PromptScreen(
      title: "Open", message: "File:", placeholder: "clip.mp4",
      validate: { $0.hasSuffix(".mp4") ? nil : "Must end in .mp4" }, onSubmit: { submitted.append($0) })
    #expect(draw(prompt, width: 24, height: 5).lines == [" File:", "", "  clip.mp4", "", ""])
    for character in "a.mp" { _ = prompt.handle(.character(character)) }
    #expect(draw(prompt, width: 24, height: 5).lines == [" File:", "", " a.mp", " ✗ Must end in .mp4", ""])
    #expect(prompt.handle(.enter))
    #expect(submitted == [])
    _ = prompt.handle(.character("4"))
    #expect(draw(prompt, width: 24, height: 5).lines == [" File:", "", " a.mp4", "", ""])
    #expect(prompt.handle(.character("q")), "q is text here, not quit")
    _ = prompt.handle(.backspace)
    _ = prompt.handle(.enter)
    #expect(submitted == ["a.mp4"])
    #expect(!prompt.handle(.escape), "Esc is left to the router: back")
  }

  @Test func dialogSizesItselfToItsMessage() {
    let dialog = DialogScreen(
      title: "Error", message: "The file is not a video.", buttons: [ScreenAction("OK") {}])
    #expect(dialog.preferredModalSize(in: Size(width: 70, height: 20)) == Size(width: 30, height: 3))
    #expect(
      draw(dialog, width: 30, height: 3).lines == [
        " The file is not a video.",
        "",
        "            [ OK ]",
      ])
  }

  @Test func panelPassesKeysItsButtonsDoNotUseToOnKey() {
    var keys: [Key] = []
    var pressed = 0
    let panel = PanelScreen(
      title: "Vision", widgets: [], buttons: [ScreenAction("Source", key: "s") { pressed += 1 }],
      extraKeyHints: [KeyHint("←→", "frame")],
      onKey: { key in
        keys.append(key)
        return key == .left || key == .right
      })
    #expect(panel.handle(.left))
    #expect(panel.handle(.right))
    #expect(panel.handle(.character("s")))
    #expect(!panel.handle(.character("x")))
    #expect(panel.handle(.enter))
    #expect(keys == [.left, .right, .character("x")])
    #expect(pressed == 2)
    #expect(panel.keyHints == [KeyHint("←→", "frame"), KeyHint("s", "source"), KeyHint("Enter", "press")])
  }

  @Test func panelStacksWidgetsAndFillsWithTheImage() {
    let image = RGBImage(width: 2, height: 2) { _, _ in (0, 0, 0) }
    let panel = PanelScreen(
      title: "Vision", widgets: [TextBlock("2 faces"), ImageView(image: image), ProgressBar(fraction: 1)],
      buttons: [ScreenAction("Stop") {}])
    let canvas = draw(panel, width: 12, height: 8, mode: .gray)
    #expect(
      canvas.lines == [
        " 2 faces",
        "",
        "",
        "",
        "",
        " ███ 100%",
        "",
        " [ Stop ]",
      ])
  }
}
