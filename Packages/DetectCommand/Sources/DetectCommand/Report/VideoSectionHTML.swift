import FaceAnalysis

/// A video's section of the report (`data-source` its name): its length and frame rate, a
/// table with one row per person (`data-track` their id) holding their face, id, first and
/// last time, frames, dominant steady emotion and share of each, and the timeline of its
/// people. A video without people gets the count of each of its faces' own emotions instead.
struct VideoSectionHTML {
  /// The video.
  var video: ReportVideo
  /// Its place among the videos, from 1: the section's `id` is `video-<number>`.
  var number: Int

  /// The section.
  func html(thumbnails: ReportThumbnails) -> String {
    let name = HTMLText.escaped(video.source)
    var parts = [
      "<section class=\"video\" id=\"video-\(number)\" data-source=\"\(name)\">",
      "<h2><span class=\"kind\">Video</span> \(name)</h2>",
      "<p class=\"meta\">\(meta)</p>",
    ]
    if video.people.isEmpty {
      parts.append(
        "<p class=\"none\">No one was followed in this video (a run with --no-tracks, or no face was found); "
          + "its faces' own emotions:</p>")
      let faces = video.records.flatMap(\.faces)
      parts.append(EmotionCountTable(faces: faces, caption: "Faces by emotion in \(video.source)").html)
    } else {
      parts.append(peopleTable(thumbnails: thumbnails))
      parts.append(
        "<figure class=\"people-timeline\">\(ReportTimelineSVG(video: video).svg)"
          + "<figcaption>One lane per person, coloured by their steady emotion; blank where they were not seen."
          + "</figcaption></figure>")
    }
    parts.append("</section>")
    return parts.joined(separator: "\n")
  }

  private var meta: String {
    var facts = [
      "Length " + (video.length.map(ReportNumber.time) ?? "unknown"),
      (video.frameRate.map { ReportNumber.fixed($0, digits: 2) } ?? "unknown") + " frames a second",
      ReportNumber.counted(video.records.count, "frame", "frames") + " analysed",
      ReportNumber.counted(video.faces, "face", "faces"),
      ReportNumber.counted(video.people.count, "person", "people"),
    ]
    if video.records.isEmpty { facts[2] = "no frames in the records" }
    return facts.joined(separator: " · ")
  }

  private func peopleTable(thumbnails: ReportThumbnails) -> String {
    let headers = [
      "Face", "Person", "First seen", "Last seen", "Frames", "Steady emotion", "Share of each steady emotion",
    ]
    var rows = [
      "<table class=\"people\">",
      "<caption>People in \(HTMLText.escaped(video.source))</caption>",
      "<thead><tr>"
        + headers.enumerated().map {
          "<th scope=\"col\"\((2...4).contains($0.offset) ? " class=\"n\"" : "")>\($0.element)</th>"
        }
        .joined() + "</tr></thead>",
      "<tbody>",
    ]
    for person in video.people {
      let alt = "Person #\(person.track) in \(video.source), mostly \(person.emotion.rawValue)"
      rows.append(
        "<tr data-track=\"\(person.track)\"><td>\(thumbnails.html(for: person.shownFace, alt: alt))</td>"
          + "<th scope=\"row\">#\(person.track)</th>"
          + "<td class=\"n\">\(ReportNumber.time(person.firstTime))</td>"
          + "<td class=\"n\">\(ReportNumber.time(person.lastTime))</td>"
          + "<td class=\"n\">\(person.frames)</td>"
          + "<td>\(ReportStyle.swatch(person.emotion))\(person.emotion.rawValue)</td>"
          + "<td>\(EmotionShareBar(counts: person.labelFrames).html)</td></tr>")
    }
    rows.append("</tbody></table>")
    return rows.joined(separator: "\n")
  }
}
