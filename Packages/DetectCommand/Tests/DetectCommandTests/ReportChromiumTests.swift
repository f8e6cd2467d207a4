import FaceAnalysis
import Foundation
import Media
import SystemTesting
import Testing

@testable import DetectCommand

/// The report opened in a real browser, Debian's headless Chromium: the DOM it builds holds
/// the people, their pictures and the timeline; a screenshot shows them; the page asks for
/// nothing from the network.
@Suite(
  "the report in headless Chromium", .serialized,
  .enabled(
    if: ReportHeadlessChromium.executable != nil,
    "chromium is not installed: these tests need Debian's chromium (apt-get install chromium; Tools/setup installs it)"
  ),
  .timeLimit(.minutes(5)))
struct ReportChromiumTests {
  static let hostilePhoto = "photos/\"><img src=http:evil.example>.jpg"

  /// The page of the video, the photos and one photo with a hostile name, written to a
  /// scratch folder; the folder is removed by the caller.
  static func writePage(_ transform: (String) -> String = { $0 }) throws -> (folder: URL, page: URL) {
    let hostile = DetectionRecord(
      key: FrameKey(source: hostilePhoto, frame: 0), time: 0, width: 100, height: 100,
      faces: [ReportFixtures.face([5, 5, 50, 50], own: .happy)])
    let records = ReportFixtures.videoRecords + ReportFixtures.photoRecords + [hostile]
    let report = ReportPage(records: records, summary: nil, facts: ReportFixtures.facts)
      .render(thumbnails: ReportDrawnThumbnails())
    let folder = try TestFiles.temporaryFolder()
    let page = folder.appendingPathComponent("report of <the> run.html")
    try Data(transform(report.html).utf8).write(to: page)
    return (folder, page)
  }

  @Test func theDOMHoldsThePeopleTheirJPEGPicturesAndTheTimeline() throws {
    let (folder, page) = try Self.writePage()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dom = try ReportHeadlessChromium().dumpDOM(of: page)
    let tags = ReportHTMLScanner.tags(in: dom)
    let sections = tags.filter { $0.name == "section" }.compactMap { $0.attributes["data-source"] }
    #expect(sections == [ReportFixtures.video, "photos"])
    let people = tags.filter { $0.attributes["data-track"] != nil }
    #expect(people.map { $0.attributes["data-track"] } == ["1", "2"])
    #expect(people.allSatisfy { $0.name == "tr" && $0.section == ReportFixtures.video })
    let images = tags.filter { $0.name == "img" }
    // Two people, three faces in photos/ and the hostile photo's one: no image of its name.
    #expect(images.count == 6)
    for image in images {
      let source = image.attributes["src"] ?? ""
      #expect(source.hasPrefix("data:image/jpeg;base64,"), "an img with src \(source.prefix(40))")
      let bytes = Data(base64Encoded: String(source.dropFirst("data:image/jpeg;base64,".count))) ?? Data()
      let picture = try ImageDecoder().decode(bytes, name: "a thumbnail in the DOM")
      #expect(picture.width >= 48 && picture.height >= 48)
    }
    #expect(
      images.filter { $0.section == ReportFixtures.video }.map { $0.attributes["alt"] } == [
        "Person #1 in clips/party.mp4, mostly happy", "Person #2 in clips/party.mp4, mostly sad",
      ])
    let timelines = tags.filter { $0.name == "svg" && $0.attributes["class"] == "timeline" }
    #expect(timelines.map(\.section) == [ReportFixtures.video])
    #expect(tags.filter { $0.name == "g" && $0.section == ReportFixtures.video }.count == 2)
    #expect(dom.contains("&lt;img src=http:evil.example&gt;.jpg"))
  }

  @Test func theScreenshotShowsThePageInColour() throws {
    let (folder, page) = try Self.writePage()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = try ReportHeadlessChromium().screenshot(of: page, width: 1200, height: 2000)
    #expect(ImageFormat.sniff(png) == .png)
    let shot = try ImageDecoder().decode(Data(png), name: "screenshot")
    #expect(shot.width == 1200 && shot.height == 2000)
    var colours = Set<Int>()
    var happy = 0
    var sad = 0
    for index in stride(from: 0, to: shot.pixels.count, by: 3) {
      let (red, green, blue) = (shot.pixels[index], shot.pixels[index + 1], shot.pixels[index + 2])
      colours.insert(Int(red) << 16 | Int(green) << 8 | Int(blue))
      if (red, green, blue) == EmotionPalette.components(of: .happy) { happy += 1 }
      if (red, green, blue) == EmotionPalette.components(of: .sad) { sad += 1 }
    }
    #expect(colours.count > 64, "a blank or near-blank screenshot: \(colours.count) colours")
    // Person 1's happy bar (1.2 s of 2 s on an 888-unit plot, 22 high) and person 2's sad
    // bars and share bar, drawn in the palette's own colours.
    #expect(happy > 2_000)
    #expect(sad > 2_000)
  }

  @Test func thePageAsksForNothingFromTheNetworkEvenWithoutItsPolicy() throws {
    let policy =
      "<meta http-equiv=\"Content-Security-Policy\" content=\"\(ReportPage.contentSecurityPolicy)\">"
    let chromium = ReportHeadlessChromium()
    let (folder, page) = try Self.writePage { $0.replacingOccurrences(of: policy, with: "") }
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(!(try String(contentsOf: page, encoding: .utf8)).contains("Content-Security-Policy"))
    let log = folder.appendingPathComponent("net.json")
    _ = try chromium.dumpDOM(of: page, netLog: log)
    #expect(try ReportHeadlessChromium.pageRequests(inNetLog: log) == [])
    // The same check sees a page that does ask for something.
    let (control, asking) = try Self.writePage {
      $0.replacingOccurrences(of: policy, with: "")
        .replacingOccurrences(
          of: "<main>", with: "<main><img src=\"http://example.invalid/pixel.png\" alt=\"\">")
    }
    defer { try? FileManager.default.removeItem(at: control) }
    let controlLog = control.appendingPathComponent("net.json")
    _ = try chromium.dumpDOM(of: asking, netLog: controlLog)
    #expect(
      try ReportHeadlessChromium.pageRequests(inNetLog: controlLog) == ["http://example.invalid/pixel.png"])
  }
}
