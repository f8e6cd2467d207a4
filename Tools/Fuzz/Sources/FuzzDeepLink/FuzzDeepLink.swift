import Navigation

/// libFuzzer entry: parses the input as a deep link; a link that parses must print back to
/// text that parses to the same link (the round trip the app relies on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  guard let link = try? DeepLink(parsing: text) else { return 0 }
  _ = link.droppingFirst()
  guard let again = try? DeepLink(parsing: link.description) else {
    fatalError("round trip failed: \(link.description) does not parse")
  }
  guard again.path == link.path, again.query.count == link.query.count else {
    fatalError("round trip changed the link: \(link.description)")
  }
  for (a, b) in zip(again.query, link.query) where a.name != b.name || a.value != b.value {
    fatalError("round trip changed the query: \(link.description)")
  }
  return 0
}
