import Navigation

/// The scheme the fuzzed links are read with.
private let scheme = DeepLinkScheme("fuzz")

/// libFuzzer entry: parses the input as a whole link and as a prompt's link-or-path; a link
/// that parses must print back to text that parses to the same link (the round trip the app
/// relies on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  for parsed in [try? scheme.parse(text), try? scheme.parse(linkOrPath: text)] {
    guard let link = parsed else { continue }
    _ = link.droppingFirst()
    let written = scheme.text(for: link)
    guard let again = try? scheme.parse(written) else {
      fatalError("round trip failed: \(written) does not parse")
    }
    guard again == link else { fatalError("round trip changed the link: \(written)") }
  }
  return 0
}
