import System

/// The page's file, for `emotions report --output` and `detect --report`: checked before the
/// page is made, so that it never replaces what the page is made from or a file already there
/// (without `--overwrite`), then written whole or not at all (``AtomicFile``).
struct ReportOutput {
  /// The option that names the file: `--output` or `--report`.
  let option: String
  /// The page's path.
  let path: String
  /// `--overwrite`: an existing file may be replaced (never one the page is made from).
  let replaces: Bool

  /// Why the page may not be written to ``path``, or nil when it may: it is one of `inputs`
  /// (each with what it is, such as `the records`; compared by device and inode, so another
  /// name or a link is still that file), or a file already there without `--overwrite`.
  func problem(reading inputs: [(what: String, path: String)]) -> ReportError? {
    if let identity = FileIdentity(path: path),
      let input = inputs.first(where: { FileIdentity(path: $0.path) == identity })
    {
      let same = input.path == path ? "" : " (the same file)"
      return ReportError("\(option) \(path) is \(input.what) \(input.path)\(same); give another name")
    }
    if !replaces, FileIdentity.exists(path) {
      return ReportError("\(option) \(path) exists; add --overwrite to replace it")
    }
    return nil
  }

  /// Makes `page`, its pictures from `thumbnails`, names on standard error each source a
  /// picture could not come from (one line each), and writes the page. The exit status: 0 when
  /// the page is whole, 1 when a picture is missing or the file could not be written, 2 when a
  /// file took its name meanwhile and is not to be replaced.
  func write(_ page: ReportPage, thumbnails: any ThumbnailProvider, streams: StandardStreams) -> Int32 {
    let report = page.render(thumbnails: thumbnails)
    for source in report.failedSources {
      if let failure = report.failures.first(where: { $0.source == source }) {
        streams.printError("\(failure.message); its faces have a placeholder in \(path)")
      }
    }
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(Array(report.html.utf8), to: path, replacing: replaces, mode: 0o666)
    } catch .exists {
      streams.printError("\(option) \(path) exists; add --overwrite to replace it")
      return 2
    } catch {
      streams.printError("\(option) \(path): cannot write it (\(error))")
      return 1
    }
    return report.failures.isEmpty ? 0 : 1
  }
}
