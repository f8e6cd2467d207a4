import FaceDetection
import Foundation

/// A small textured gray image: a cascade that parses is run over it, so the rectangles and
/// indices it holds are exercised by the detector as well as by the parser.
private let probe: GrayImage? = try? GrayImage(
  width: 32, height: 32, pixels: (0..<(32 * 32)).map { UInt8(truncatingIfNeeded: $0 &* 37) })

/// libFuzzer entry: parses the input as an OpenCV Haar cascade XML file (old or new format).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHaarCascade(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let data = Data(bytes: start, count: count)
  guard let cascade = try? HaarCascade(xml: data, name: "fuzz"), let probe else { return 0 }
  _ = HaarFaceDetector(cascade: cascade).detect(
    in: probe, options: DetectionOptions(minNeighbors: 0, minSize: 1))
  return 0
}
