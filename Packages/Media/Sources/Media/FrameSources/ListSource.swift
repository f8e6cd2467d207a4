/// Several inputs read one after another. An input that fails to open or to deliver a frame
/// throws once; the next call continues with the following input.
public final class ListSource: FrameSource {
  /// A summary name: the inputs joined by commas.
  public let name: String
  /// Always `.list`.
  public let kind = FrameSourceKind.list
  /// Unknown until every input is open.
  public let expectedFrameCount: Int? = nil
  private var pending: [String]
  private let options: FrameSourceOptions
  private var current: (any FrameSource)?

  /// A source over `inputs` (each as `FrameSourceFactory.open` accepts it).
  public init(inputs: [String], options: FrameSourceOptions = FrameSourceOptions()) {
    self.name = inputs.joined(separator: ", ")
    self.pending = inputs
    self.options = options
  }

  /// The next frame of the current input, moving on at its end.
  public func next() throws(FrameSourceError) -> Frame? {
    while true {
      if let source = current {
        let frame: Frame?
        do {
          frame = try source.next()
        } catch {
          // Folders and lists continue by themselves; other inputs end at their first error.
          if source.kind != .folder && source.kind != .list {
            source.close()
            current = nil
          }
          throw error
        }
        if let frame { return frame }
        source.close()
        current = nil
      }
      guard !pending.isEmpty else { return nil }
      let input = pending.removeFirst()
      if let skipsImage = options.skipsImage, FrameSourceFactory.locate(input)?.kind == .image,
        skipsImage(input)
      {
        continue
      }
      current = try FrameSourceFactory.open(input, options: options)
    }
  }

  /// Closes the current input and drops the rest.
  public func close() {
    current?.close()
    current = nil
    pending.removeAll()
  }

  deinit {
    current?.close()
  }
}
