import FaceAnalysis

/// One HTML page for a run: `emotions report` and `detect --report` write it.
///
/// From the run's records (and its `--summary` people when given), it shows a header (how
/// many inputs, frames, faces and people; the detector and models; the version), a section
/// per video or stream (length, frame rate, a row per person with their face, and a timeline)
/// and a section per folder of photos (the count of each emotion and a grid of faces). The
/// page needs nothing outside itself: inline CSS and SVG, pictures as JPEG `data:` URIs, no
/// script, and a Content-Security-Policy that allows nothing else. The same records, in any
/// order, give the same page byte for byte.
///
/// ```swift
/// let page = ReportPage(records: records, summary: nil, facts: ReportFacts(version: "1.4.0"))
/// let report = page.render(thumbnails: MediaThumbnailProvider())
/// // write report.html; name each of report.failedSources on stderr and exit 1 if any
/// ```
struct ReportPage {
  /// The Content-Security-Policy: nothing from outside the page, pictures only as `data:`,
  /// styles only inline.
  static let contentSecurityPolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
  /// How many faces a folder's grid shows at most.
  static let facesPerFolder = 200

  /// What the page shows.
  let content: ReportContent
  /// What the records cannot tell.
  let facts: ReportFacts
  /// How many faces a folder's grid shows at most.
  let facesPerFolder: Int

  /// The page of `records`, with the people of `summary` when given (else worked out from the
  /// records' tracks), and `facts`.
  init(
    records: [DetectionRecord], summary: [SummaryRow]?, facts: ReportFacts,
    facesPerFolder: Int = ReportPage.facesPerFolder
  ) {
    content = ReportContent(records: records, summary: summary)
    self.facts = facts
    self.facesPerFolder = facesPerFolder
  }

  /// Every picture the page shows, as the provider is asked for them.
  var thumbnailRequests: [ThumbnailRequest] {
    let people = content.videos.flatMap { $0.people.compactMap(\.shownFace) }
    let faces = content.folders.flatMap { folder in
      PhotoFolderSectionHTML(folder: folder, number: 0, limit: facesPerFolder).shown.map(\.request)
    }
    return Array(Set(people + faces)).sorted()
  }

  /// The page, its pictures from `thumbnails`, and the faces it has no picture for.
  func render(thumbnails provider: any ThumbnailProvider) -> RenderedReport {
    var thumbnails = ReportThumbnails(requests: thumbnailRequests, provider: provider)
    for video in content.videos {
      for person in video.people where person.shownFace == nil {
        thumbnails.noteFaceless(person: person.track, source: video.source)
      }
    }
    let sections =
      content.videos.enumerated().map {
        VideoSectionHTML(video: $0.element, number: $0.offset + 1).html(thumbnails: thumbnails)
      }
      + content.folders.enumerated().map {
        PhotoFolderSectionHTML(folder: $0.element, number: $0.offset + 1, limit: facesPerFolder)
          .html(thumbnails: thumbnails)
      }
    let body = [header, contents, "<main>"] + sections + ["</main>", footer]
    let html = head + "\n<body>\n" + body.joined(separator: "\n") + "\n</body>\n</html>\n"
    return RenderedReport(html: html, failures: Array(Set(thumbnails.failures)).sorted())
  }

  private var head: String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="generator" content="emotions \(HTMLText.escaped(facts.version))">
    <title>Emotions report: \(inputsText)</title>
    <style>
    \(ReportStyle.css)</style>
    </head>
    """
  }

  private var inputsText: String {
    let videos = content.videos.count
    let photos = content.photos
    let folders = content.folders.count
    return "\(videos) \(videos == 1 ? "video" : "videos"), \(photos) \(photos == 1 ? "photo" : "photos")"
      + (folders > 0 ? " in \(folders) \(folders == 1 ? "folder" : "folders")" : "")
  }

  private var header: String {
    let detector = facts.detector?.displayName ?? content.detectorEvidence ?? "unknown (no face was found)"
    let models = facts.models.isEmpty ? "not recorded" : facts.models.joined(separator: ", ")
    let facts: [(String, String)] = [
      ("Inputs", inputsText), ("Frames", "\(content.frames)"), ("Faces", "\(content.faces)"),
      ("People", "\(content.people)"), ("Detector", detector), ("Models", models),
      ("Version", "emotions \(self.facts.version)"),
    ]
    let legend = Emotion.allCases.map { "<li>\(ReportStyle.swatch($0))\($0.rawValue)</li>" }.joined()
    return "<header>\n<h1>Emotions report</h1>\n<dl class=\"facts\">"
      + facts.map { "<div><dt>\($0.0)</dt><dd>\(HTMLText.escaped($0.1))</dd></div>" }.joined()
      + "</dl>\n<ul class=\"legend\" aria-label=\"The colour of each emotion\">\(legend)</ul>\n</header>"
  }

  private var contents: String {
    guard content.videos.count + content.folders.count > 1 else { return "" }
    let videos = content.videos.enumerated().map {
      "<li><a href=\"#video-\($0.offset + 1)\">Video \(HTMLText.escaped($0.element.source))</a></li>"
    }
    let folders = content.folders.enumerated().map {
      "<li><a href=\"#photos-\($0.offset + 1)\">Photos in \(HTMLText.escaped($0.element.folder))</a></li>"
    }
    return "<nav aria-label=\"Contents\"><ol>" + (videos + folders).joined() + "</ol></nav>"
  }

  private var footer: String {
    "<footer><p>Made by emotions \(HTMLText.escaped(facts.version)) from \(content.frames) frames' records."
      + " Times are from the start of each video; a person's id holds within their video.</p></footer>"
  }
}
