@testable import Media

/// libFuzzer entry: decodes the input with the PNG decoder under a 4-megapixel limit. A
/// decoded image must respect the limit and hold exactly `width * height * 3` samples.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let limit = 4_000_000
  guard let image = try? PNGDecoder(maxPixels: limit).decode(bytes, name: "fuzz") else { return 0 }
  precondition(image.width > 0 && image.height > 0, "empty image decoded")
  precondition(image.width * image.height <= limit, "pixel limit ignored")
  precondition(image.pixels.count == image.width * image.height * 3, "sample count mismatch")
  return 0
}
