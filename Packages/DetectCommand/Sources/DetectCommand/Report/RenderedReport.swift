/// A report page and what it lacks: the HTML to write, and each face shown by a placeholder
/// because its picture could not be made, for the command to name on stderr (and exit 1).
struct RenderedReport: Equatable, Sendable {
  /// The whole page, UTF-8 text.
  var html: String
  /// Each face without its picture, sorted (by source, then message), each once.
  var failures: [ThumbnailFailure]

  /// The sources some picture could not come from, sorted, each once.
  var failedSources: [String] {
    Array(Set(failures.map(\.source))).sorted()
  }
}
