import Foundation
import Media

/// The report's face pictures, fetched once each from a ``ThumbnailProvider`` in request
/// order, and written into the page: a JPEG `data:` URI, or a gray placeholder that says why
/// there is no picture. Every face without one is a ``ThumbnailFailure``.
struct ReportThumbnails {
  /// The side the pictures are shown at, in CSS pixels.
  static let shownSide = 96

  private var pictures: [ThumbnailRequest: Result<String, ThumbnailFailure>] = [:]
  /// Each face with a placeholder, in order: those the provider could not give, and people of
  /// the summary with no face in the records.
  private(set) var failures: [ThumbnailFailure] = []

  /// Asks `provider` for each of `requests`, sorted and each once; a picture that is not a
  /// JPEG counts as missing.
  init(requests: [ThumbnailRequest], provider: any ThumbnailProvider) {
    for request in Set(requests).sorted() {
      let picture = provider.thumbnail(for: request).flatMap { bytes in
        ImageFormat.sniff(bytes) == .jpeg
          ? .success(Data(bytes).base64EncodedString())
          : .failure(
            ThumbnailFailure(source: request.source, message: "\(request.source): the picture is not a JPEG"))
      }
      pictures[request] = picture
      if case .failure(let failure) = picture { failures.append(failure) }
    }
  }

  /// Records that `person` of the summary has no face in the records of `source`.
  mutating func noteFaceless(person: Int, source: String) {
    failures.append(
      ThumbnailFailure(
        source: source, message: "\(source): person #\(person) of the summary has no face in the records"))
  }

  /// An `<img>` of the face `request` names with `alt` as its text, or a placeholder with
  /// the same text and the reason it has no picture.
  func html(for request: ThumbnailRequest?, alt: String) -> String {
    let reason: String
    switch request.flatMap({ pictures[$0] }) {
    case .success(let base64):
      return "<img class=\"thumb\" src=\"data:image/jpeg;base64,\(base64)\" alt=\"\(HTMLText.escaped(alt))\" "
        + "width=\"\(Self.shownSide)\" height=\"\(Self.shownSide)\">"
    case .failure(let failure): reason = failure.message
    case nil: reason = "no face in the records"
    }
    let label = HTMLText.escaped("\(alt) (no picture: \(reason))")
    let side = Self.shownSide
    return
      "<svg class=\"thumb missing\" role=\"img\" aria-label=\"\(label)\" width=\"\(side)\" height=\"\(side)\" "
      + "viewBox=\"0 0 \(side) \(side)\"><title>\(label)</title>"
      + "<rect class=\"placeholder\" width=\"\(side)\" height=\"\(side)\"/>"
      + "<text x=\"\(side / 2)\" y=\"\(side / 2 + 5)\" text-anchor=\"middle\">no picture</text></svg>"
  }
}
