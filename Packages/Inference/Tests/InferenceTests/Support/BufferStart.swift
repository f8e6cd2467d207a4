extension UnsafeBufferPointer {
  /// The first element's address: the tests' buffers are never empty.
  var start: UnsafePointer<Element> {
    guard let address = baseAddress else { preconditionFailure("an empty buffer") }
    return address
  }
}

extension UnsafeMutableBufferPointer {
  /// The first element's address: the tests' buffers are never empty.
  var start: UnsafeMutablePointer<Element> {
    guard let address = baseAddress else { preconditionFailure("an empty buffer") }
    return address
  }
}
