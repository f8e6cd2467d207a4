import FaceAnalysis
import Testing

@testable import DetectCommand

/// The small parts of the report: escaping, numbers, share bars and where a face is cut.
@Suite("the report's parts")
struct ReportPartsTests {
  @Test(arguments: [
    ("plain é 漢字", "plain é 漢字"),
    ("a<b>&c", "a&lt;b&gt;&amp;c"),
    ("\"double\" 'single'", "&quot;double&quot; &#39;single&#39;"),
    ("line\nbreak\ttab", "line&#10;break&#9;tab"),
    ("\u{0}\u{1B}\u{7F}\u{85}", "\u{2400}\u{241B}\u{2421}\u{FFFD}"),
  ])
  func htmlTextEscapesWhatHTMLWouldRead(text: String, escaped: String) {
    #expect(HTMLText.escaped(text) == escaped)
  }

  @Test func numbersAreWrittenInFixedNotation() {
    #expect(ReportNumber.fixed(2, digits: 1) == "2.0")
    #expect(ReportNumber.fixed(12.345, digits: 2) == "12.35")
    #expect(ReportNumber.fixed(0.004, digits: 2) == "0.00")
    #expect(ReportNumber.fixed(-1.25, digits: 1) == "-1.3")
    #expect(ReportNumber.fixed(-0.01, digits: 1) == "0.0")
    #expect(ReportNumber.fixed(1e-9, digits: 3) == "0.000")
    #expect(ReportNumber.fixed(123_456_789.5, digits: 0) == "123456790")
    #expect(ReportNumber.fixed(.nan, digits: 1) == "n/a")
    #expect(ReportNumber.fixed(.infinity, digits: 1) == "n/a")
    #expect(ReportNumber.fixed(29.97002997, digits: 2) == "29.97")
  }

  @Test func timesAreTenthsOfSecondsThenMinutesAndHours() {
    #expect(ReportNumber.time(0) == "0.0 s")
    #expect(ReportNumber.time(4.24) == "4.2 s")
    #expect(ReportNumber.time(59.94) == "59.9 s")
    #expect(ReportNumber.time(59.96) == "1:00.0")
    #expect(ReportNumber.time(62.34) == "1:02.3")
    #expect(ReportNumber.time(3723.45) == "1:02:03.5")
  }

  @Test func percentagesRoundHalfUp() {
    #expect(ReportNumber.percent(1, of: 8) == 13)
    #expect(ReportNumber.percent(1, of: 3) == 33)
    #expect(ReportNumber.percent(2, of: 3) == 67)
    #expect(ReportNumber.percent(5, of: 0) == 0)
  }

  @Test func aShareBarIsAsWideAsEachShareAndSaysItInWords() {
    // angry, disgust, fear, happy, sad, surprise, neutral
    let bar = EmotionShareBar(counts: [0, 0, 0, 3, 1, 0, 0])
    #expect(bar.words == "happy 75%, sad 25%")
    let tags = ReportHTMLScanner.tags(in: bar.html).filter { $0.name == "rect" }
    #expect(tags.map { $0.attributes["class"] } == ["rest", "e-happy", "e-sad"])
    #expect(tags.map { $0.attributes["width"] } == ["139", "105.00", "35.00"])
    #expect(tags.last?.attributes["x"] == "105.00")
    #expect(EmotionShareBar(counts: [1, 0, 0, 0, 0, 0, 1]).words == "angry 50%, neutral 50%")
    #expect(EmotionShareBar(counts: Array(repeating: 0, count: 7)).words == "no frames")
  }

  @Test func theSquareIsCentredOnTheFaceWithItsMarginAndKeptInTheFrame() {
    let crop = ThumbnailCrop(side: 96, margin: 0.25)
    func box(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> BoundingBox {
      BoundingBox(x: x, y: y, width: width, height: height)
    }
    // A 40-pixel face gets 10 pixels a side: 60 pixels around its centre (40, 40).
    #expect(crop.square(around: box(20, 20, 40, 40), width: 200, height: 100) == box(10, 10, 60, 60))
    // The longer side decides; a face at the corner is moved in.
    #expect(crop.square(around: box(180, 80, 40, 20), width: 200, height: 100) == box(140, 40, 60, 60))
    // Larger than the frame: as large as its shorter side.
    #expect(crop.square(around: box(0, 0, 150, 150), width: 200, height: 100) == box(25, 0, 100, 100))
    #expect(crop.square(around: box(300, 300, 10, 10), width: 200, height: 100) == nil)
    // However small it is asked to be, a picture is at least 48 pixels a side.
    #expect(ThumbnailCrop(side: 16).side == 48)
  }

  @Test func theTimeAxisStepsAreOneTwoOrFiveTimesAPowerOfTen() {
    #expect(ReportTimelineSVG.niceStep(0.25) == 0.5)
    #expect(ReportTimelineSVG.niceStep(1.2) == 2)
    #expect(ReportTimelineSVG.niceStep(30) == 50)
    #expect(ReportTimelineSVG.niceStep(0) == 1)
  }

  @Test func aPhotosFolderIsAllBeforeTheLastSlash() {
    #expect(ReportPhotoFolder.folder(of: "a/b/c.jpg") == "a/b")
    #expect(ReportPhotoFolder.folder(of: "c.jpg") == ".")
    #expect(ReportPhotoFolder.folder(of: "/c.jpg") == "/")
  }

  /// The timeline, the report and the boxes take each emotion's colour from the one palette:
  /// Okabe and Ito's colour-blind-safe set, written out here by hand.
  @Test func theTimelineAndTheReportDrawEachEmotionInThePalettesOneColour() {
    let expected: [Emotion: String] = [
      .angry: "#d55e00", .disgust: "#009e73", .fear: "#cc79a7", .happy: "#e69f00", .sad: "#0072b2",
      .surprise: "#56b4e9", .neutral: "#999999",
    ]
    let timeline = TimelineSVG(title: "clip").render(ReportFixtures.videoRecords)
    let css = ReportStyle.css
    for emotion in Emotion.allCases {
      let color = expected[emotion] ?? ""
      #expect(EmotionPalette.css(of: emotion) == color, "\(emotion)")
      #expect(css.contains(".e-\(emotion.rawValue){fill:\(color)}"), "\(emotion)")
      #expect(timeline.contains("fill=\"\(color)\" fill-opacity=\"0.55\"/>"), "\(emotion)'s legend entry")
    }
    // Person 1's frames are happy, then neutral; person 2's sad.
    #expect(timeline.contains("fill=\"#e69f00\" fill-opacity=\"0.55\"><title>#1 happy</title>"))
    #expect(timeline.contains("fill=\"#0072b2\" fill-opacity=\"0.55\"><title>#2 sad</title>"))
    #expect(Set(expected.values).count == Emotion.allCases.count)
  }
}
