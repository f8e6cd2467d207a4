/// A folder's section of the report (`data-source` the folder): how many photos and faces, the
/// count of each emotion over all its faces, and a grid of its first faces, each with its
/// picture, photo and label, saying how many more there are.
struct PhotoFolderSectionHTML {
  /// The folder.
  var folder: ReportPhotoFolder
  /// Its place among the folders, from 1: the section's `id` is `photos-<number>`.
  var number: Int
  /// How many faces the grid shows at most.
  var limit: Int

  /// The faces the grid shows.
  var shown: ArraySlice<ReportPhotoFolder.Face> { folder.faces.prefix(max(limit, 0)) }

  /// The section.
  func html(thumbnails: ReportThumbnails) -> String {
    let name = HTMLText.escaped(folder.folder)
    let counts = [
      ReportNumber.counted(folder.photos, "photo", "photos"),
      ReportNumber.counted(folder.faces.count, "face", "faces"),
      "\(folder.photosWithoutFaces) without a face",
    ]
    var parts = [
      "<section class=\"photos\" id=\"photos-\(number)\" data-source=\"\(name)\">",
      "<h2><span class=\"kind\">Photos</span> \(name)</h2>",
      "<p class=\"meta\">\(counts.joined(separator: " · "))</p>",
      EmotionCountTable(faces: folder.faces.map(\.face), caption: "Faces by emotion in \(folder.folder)")
        .html,
    ]
    if !shown.isEmpty {
      parts.append("<ul class=\"grid\">")
      for face in shown {
        let file = Self.fileName(face.source)
        let alt = "Face \(face.number) in \(file): \(face.face.emotion.rawValue)"
        parts.append(
          "<li><figure class=\"\(ReportStyle.borderClass(face.face.emotion))\">"
            + thumbnails.html(for: face.request, alt: alt)
            + "<figcaption><span class=\"file\">\(HTMLText.escaped(file))"
            + (face.number > 1 ? " (face \(face.number))" : "") + "</span>"
            + "\(HTMLText.escaped(face.face.caption))</figcaption></figure></li>")
      }
      parts.append("</ul>")
    }
    let hidden = folder.faces.count - shown.count
    if hidden > 0 {
      parts.append(
        "<p class=\"more\">\(hidden) more \(hidden == 1 ? "face" : "faces") in this folder "
          + "\(hidden == 1 ? "is" : "are") not shown: the grid shows the first \(shown.count).</p>")
    }
    parts.append("</section>")
    return parts.joined(separator: "\n")
  }

  /// The last part of a photo's name, after its last `/`.
  static func fileName(_ source: String) -> String {
    source.lastIndex(of: "/").map { String(source[source.index(after: $0)...]) } ?? source
  }
}
