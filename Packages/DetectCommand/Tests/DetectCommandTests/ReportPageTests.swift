import FaceAnalysis
import Foundation
import Media
import Testing

@testable import DetectCommand

/// The report's page, rendered in process from hand-made records, read back with a scanner
/// of its own (``ReportHTMLScanner``) and checked against figures worked out by hand.
@Suite("the report's page")
struct ReportPageTests {
  static var allRecords: [DetectionRecord] {
    ReportFixtures.videoRecords + ReportFixtures.photoRecords + ReportFixtures.crowdRecords
  }

  static func render(
    _ records: [DetectionRecord] = allRecords, summary: [SummaryRow]? = nil, gone: Set<String> = [],
    facts: ReportFacts = ReportFixtures.facts
  ) -> (report: RenderedReport, provider: ReportDrawnThumbnails) {
    let provider = ReportDrawnThumbnails(gone: gone)
    let report = ReportPage(records: records, summary: summary, facts: facts).render(thumbnails: provider)
    return (report, provider)
  }

  static func rows(_ html: String) -> [String: String] {
    var rows: [String: String] = [:]
    for piece in html.components(separatedBy: "<tr data-track=\"").dropFirst() {
      let id = String(piece.prefix { $0 != "\"" })
      rows[id] = String(piece.prefix { $0 != "\n" })
    }
    return rows
  }

  @Test func eachPersonOfTheVideoHasOneRowWithTheirFigures() {
    let html = Self.render().report.html
    let tags = ReportHTMLScanner.tags(in: html)
    let tracks = tags.filter { $0.attributes["data-track"] != nil }
    #expect(tracks.map(\.name) == ["tr", "tr"])
    #expect(tracks.map { $0.attributes["data-track"] } == ["1", "2"])
    #expect(tracks.allSatisfy { $0.section == ReportFixtures.video })
    let rows = Self.rows(html)
    let one = rows["1"] ?? ""
    let two = rows["2"] ?? ""
    // Person 1: frames 0-49 (0 to 1.96 s), happy in 30 frames and neutral in 20.
    #expect(one.contains("<td class=\"n\">0.0 s</td><td class=\"n\">2.0 s</td><td class=\"n\">50</td>"))
    #expect(one.contains("</svg>happy</td>"))
    #expect(one.contains("<span class=\"shares\">happy 60%, neutral 40%</span>"))
    // Person 2: frames 0-9 and 30-49, 30 frames, sad throughout.
    #expect(two.contains("<td class=\"n\">0.0 s</td><td class=\"n\">2.0 s</td><td class=\"n\">30</td>"))
    #expect(two.contains("<span class=\"shares\">sad 100%</span>"))
  }

  @Test func eachPersonIsShownByTheirLargestSurestFace() {
    let (report, provider) = Self.render()
    #expect(report.failures.isEmpty)
    let asked = provider.asked.filter { $0.source == ReportFixtures.video }
    // Person 1's face is largest in frame 17; person 2's in frame 5, but at 0.3 confidence it
    // weighs 80*80*0.3 = 1920 against frame 35's 50*50*0.99 = 2475.
    #expect(
      asked == [
        ThumbnailRequest(
          source: ReportFixtures.video, frame: 17, box: BoundingBox(x: 100, y: 50, width: 60, height: 60)),
        ThumbnailRequest(
          source: ReportFixtures.video, frame: 35, box: BoundingBox(x: 200, y: 60, width: 50, height: 50)),
      ])
  }

  @Test func theProviderIsAskedForEachPictureOnceInSourceAndFrameOrder() {
    let (_, provider) = Self.render()
    // 2 people, 3 faces in photos/ and the first 200 of crowd/.
    #expect(provider.asked.count == 2 + 3 + 200)
    #expect(Set(provider.asked).count == provider.asked.count)
    #expect(provider.asked == provider.asked.sorted())
    #expect(provider.asked.first?.source == "clips/party.mp4")
    #expect(provider.asked.last?.source == "photos/c.jpg")
  }

  @Test func thumbnailsAreJPEGDataURIsOfAtLeast48PixelsWithAltText() throws {
    let images = ReportHTMLScanner.tags(in: Self.render().report.html).filter { $0.name == "img" }
    #expect(images.count == 205)
    let prefix = "data:image/jpeg;base64,"
    for image in images {
      let source = try #require(image.attributes["src"])
      #expect(source.hasPrefix(prefix))
      #expect(!(image.attributes["alt"] ?? "").isEmpty)
    }
    let first = try #require(images.first?.attributes["src"])
    let bytes = try #require(Data(base64Encoded: String(first.dropFirst(prefix.count))))
    #expect(ImageFormat.sniff(bytes) == .jpeg)
    let picture = try ImageDecoder().decode(bytes, name: "thumbnail")
    #expect(picture.width >= 48 && picture.height >= 48)
    #expect(images.first?.attributes["alt"] == "Person #1 in clips/party.mp4, mostly happy")
    #expect(images.contains { $0.attributes["alt"] == "Face 2 in a.jpg: sad" })
  }

  @Test func thePageAllowsNothingFromOutsideAndPointsNowhereOutside() throws {
    let html = Self.render().report.html
    let policy =
      "<meta http-equiv=\"Content-Security-Policy\" "
      + "content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">"
    let policyAt = try #require(html.range(of: policy))
    let styleAt = try #require(html.range(of: "<style>"))
    #expect(policyAt.lowerBound < styleAt.lowerBound)
    #expect(!html.contains("<script"))
    #expect(!html.lowercased().contains("url("))
    #expect(!html.contains("@import"))
    for tag in ReportHTMLScanner.tags(in: html) {
      for (name, value) in tag.attributes
      where ["src", "href", "xlink:href", "srcset", "action"].contains(name) {
        #expect(value.hasPrefix("data:") || value.hasPrefix("#"), "\(tag.name) \(name)=\(value)")
      }
      #expect(!tag.attributes.keys.contains { $0.hasPrefix("on") }, "an event handler on \(tag.name)")
    }
  }

  @Test func hostileFileNamesAreEscapedEverywhere() {
    let video = "clips/<b>&\"'\n\u{1}é.mp4"
    let photo = "photos/\"><img src=http:evil.example onerror=alert(1)>.jpg"
    let records = [
      DetectionRecord(key: FrameKey(source: video, frame: 0), time: 0, width: 10, height: 10, faces: []),
      DetectionRecord(key: FrameKey(source: video, frame: 1), time: 0.5, width: 10, height: 10, faces: []),
      DetectionRecord(
        key: FrameKey(source: photo, frame: 0), time: 0, width: 10, height: 10,
        faces: [ReportFixtures.face([1, 1, 5, 5], own: .fear)]),
    ]
    let html = Self.render(records).report.html
    #expect(html.contains("data-source=\"clips/&lt;b&gt;&amp;&quot;&#39;&#10;\u{2401}é.mp4\""))
    #expect(!html.contains("<b>"))
    #expect(!html.contains("evil.example onerror=alert(1)>"))
    #expect(html.contains("&quot;&gt;&lt;img src=http:evil.example onerror=alert(1)&gt;.jpg"))
    let tags = ReportHTMLScanner.tags(in: html)
    #expect(tags.filter { $0.name == "img" }.count == 1)
    #expect(tags.filter { $0.name == "b" }.isEmpty)
    #expect(
      tags.compactMap { $0.name == "section" ? $0.attributes["data-source"] : nil } == [
        "clips/<b>&\"'\n\u{2401}é.mp4", "photos",
      ])
  }

  @Test func aFolderShowsAtMost200FacesAndSaysHowManyMore() {
    let html = Self.render().report.html
    let tags = ReportHTMLScanner.tags(in: html)
    #expect(tags.filter { $0.section == "crowd" && $0.name == "img" }.count == 200)
    #expect(tags.filter { $0.section == "photos" && $0.name == "img" }.count == 3)
    #expect(
      html.contains(
        "<p class=\"more\">5 more faces in this folder are not shown: the grid shows the first 200.</p>"))
    #expect(html.components(separatedBy: "class=\"more\"").count == 2)
    // The grid shows the first photos by name: 000.jpg to 199.jpg.
    #expect(html.contains("<span class=\"file\">199.jpg</span>"))
    #expect(!html.contains("<span class=\"file\">200.jpg</span>"))
  }

  @Test func photosAreCountedByEmotionPerFolder() {
    let html = Self.render().report.html
    let photos = html.components(separatedBy: "data-source=\"photos\"").last ?? ""
    #expect(photos.contains("<p class=\"meta\">3 photos · 3 faces · 1 without a face</p>"))
    for (emotion, count, share) in [("angry", 1, 33), ("happy", 1, 33), ("sad", 1, 33), ("fear", 0, 0)] {
      #expect(
        photos.contains(
          "<tr data-emotion=\"\(emotion)\"><th scope=\"row\">\(ReportStyle.swatch(Emotion(rawValue: emotion) ?? .neutral))"
            + "\(emotion)</th><td class=\"n\">\(count)</td><td class=\"n\">\(share)%</td></tr>"))
    }
    let crowd = html.components(separatedBy: "data-source=\"crowd\"").last ?? ""
    #expect(crowd.contains("surprise</th><td class=\"n\">205</td><td class=\"n\">100%</td>"))
  }

  @Test func theSameRecordsInAnyOrderGiveTheSamePageByteForByte() {
    let once = Self.render().report.html
    let again = Self.render().report.html
    var shuffled = Self.allRecords.reversed() as [DetectionRecord]
    shuffled.swapAt(3, 100)
    shuffled.append(shuffled[7])  // a frame recorded twice counts once
    let reordered = Self.render(shuffled).report.html
    #expect(once == again)
    #expect(once == reordered)
    #expect(!once.contains(String(Calendar(identifier: .gregorian).component(.year, from: Date()))))
  }

  @Test func aMissingSourceGetsAPlaceholderAndIsReported() {
    let (report, _) = Self.render(gone: ["photos/c.jpg"])
    #expect(
      report.failures == [ThumbnailFailure(source: "photos/c.jpg", message: "photos/c.jpg: no such file")])
    #expect(report.failedSources == ["photos/c.jpg"])
    let tags = ReportHTMLScanner.tags(in: report.html)
    let missing = tags.filter { $0.attributes["class"] == "thumb missing" }
    #expect(missing.count == 1)
    #expect(missing.first?.name == "svg")
    #expect(missing.first?.section == "photos")
    #expect(
      missing.first?.attributes["aria-label"]
        == "Face 1 in c.jpg: angry (no picture: photos/c.jpg: no such file)")
    #expect(tags.filter { $0.name == "img" }.count == 204)
  }

  @Test func theSummaryDecidesWhoIsShownWithItsOwnFigures() {
    let summary = [
      SummaryRow(
        source: ReportFixtures.video, track: 3, firstTime: 1, lastTime: 1.5, frames: 4, emotion: .fear,
        meanScores: EmotionScores { _ in 0 }),
      SummaryRow(
        source: ReportFixtures.video, track: 1, firstTime: 0, lastTime: 1.96, frames: 50, emotion: .happy,
        meanScores: EmotionScores { _ in 0 }),
      SummaryRow(
        source: ReportFixtures.video, track: 2, firstTime: 0.04, lastTime: 1.92, frames: 29, emotion: .sad,
        meanScores: EmotionScores { _ in 0 }),
    ]
    let report = Self.render(summary: summary).report
    let rows = Self.rows(report.html)
    #expect(rows.keys.sorted() == ["1", "2", "3"])
    #expect(
      (rows["2"] ?? "").contains(
        "<td class=\"n\">0.0 s</td><td class=\"n\">1.9 s</td><td class=\"n\">29</td>"))
    #expect((rows["3"] ?? "").contains("class=\"thumb missing\""))
    #expect((rows["3"] ?? "").contains("</svg>fear</td>"))
    #expect(report.failedSources == [ReportFixtures.video])
    #expect(
      report.failures.map(\.message) == [
        "clips/party.mp4: person #3 of the summary has no face in the records"
      ])
  }

  @Test func theHeaderCountsInputsFramesFacesAndPeopleAndNamesTheDetector() {
    let html = Self.render().report.html
    let expected = [
      ("Inputs", "1 video, 208 photos in 2 folders"), ("Frames", "258"), ("Faces", "288"), ("People", "2"),
      ("Detector", "BlazeFace (its keypoints are in the records)"), ("Models", "emotion_model.hdf5"),
      ("Version", "emotions 9.9.9-test"),
    ]
    for (name, value) in expected { #expect(html.contains("<div><dt>\(name)</dt><dd>\(value)</dd></div>")) }
    let haar = ReportFixtures.face([1, 1, 5, 5], own: .sad, confidence: nil, keypoints: false)
    let csv = ReportFixtures.face([1, 1, 5, 5], own: .sad, confidence: 0.8, keypoints: false)
    func detector(_ face: RecognizedFace, _ kind: FaceDetectorKind? = nil) -> String {
      let record = DetectionRecord(
        key: FrameKey(source: "x.jpg", frame: 0), time: 0, width: 9, height: 9, faces: [face])
      return Self.render([record], facts: ReportFacts(version: "1", detector: kind)).report.html
    }
    #expect(detector(haar).contains("<dd>Haar cascade (the faces have no detector confidence)</dd>"))
    #expect(detector(csv).contains("<dd>BlazeFace (its confidences are in the records)</dd>"))
    #expect(detector(haar, .blazeFaceShort).contains("<dt>Detector</dt><dd>BlazeFace (short range)</dd>"))
  }

  @Test func theVideoSaysItsLengthAndFrameRate() {
    let html = Self.render().report.html
    #expect(
      html.contains(
        "<p class=\"meta\">Length 2.0 s · 25.00 frames a second · 50 frames analysed · 80 faces · 2 people</p>"
      ))
  }

  @Test func theTimelineHasALanePerPersonColouredByTheSteadyLabelAndBlankWhenAbsent() throws {
    let page = ReportPage(records: ReportFixtures.videoRecords, summary: nil, facts: ReportFixtures.facts)
    let video = try #require(page.content.videos.first)
    let timeline = ReportTimelineSVG(video: video)
    func close(_ runs: [ReportTimelineSVG.Run], _ expected: [(Emotion, Double, Double)]) -> Bool {
      runs.count == expected.count
        && zip(runs, expected).allSatisfy {
          $0.emotion == $1.0 && abs($0.start - $1.1) < 1e-9 && abs($0.end - $1.2) < 1e-9
        }
    }
    #expect(close(timeline.runs(of: 1), [(.happy, 0, 1.2), (.neutral, 1.2, 2.0)]))
    #expect(close(timeline.runs(of: 2), [(.sad, 0, 0.4), (.sad, 1.2, 2.0)]))
    let tags = ReportHTMLScanner.tags(in: timeline.svg)
    #expect(tags.filter { $0.name == "g" }.map { $0.attributes["data-lane"] } == ["1", "2"])
    let bars = tags.filter { $0.name == "rect" && ($0.attributes["class"] ?? "").hasPrefix("e-") }
    #expect(bars.map { $0.attributes["class"] } == ["e-happy", "e-neutral", "e-sad", "e-sad"])
    // Person 2's second bar starts at 1.2 s of 2.0 s, on a 888-pixel plot from x = 56.
    #expect(bars.last?.attributes["x"] == "588.8")
    let html = page.render(thumbnails: ReportDrawnThumbnails()).html
    #expect(html.components(separatedBy: "<svg class=\"timeline\"").count == 2)
    #expect(html.contains(".e-happy{fill:#e69f00}"))
  }
}
