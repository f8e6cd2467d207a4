import SystemLibc

extension String {
  /// The UTF-8 text of a C character buffer up to its first NUL (all of it when there is
  /// none): what a C function wrote into a `[CChar]` it was given.
  public init(nulTerminated buffer: [CChar]) {
    self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
