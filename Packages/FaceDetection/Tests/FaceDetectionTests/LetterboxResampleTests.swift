import CFaceDetectionResample
import Pixels
import Processor
import Testing

@testable import FaceDetection

@Suite("Letterbox resample")
struct LetterboxResampleTests {
  /// Pillow's resize as written: the picture padded with black to its square, the horizontal
  /// pass over every padded row with every tap, each sum rounded to a byte, then the vertical
  /// pass, and the bytes scaled as numpy scales them.
  static func reference(_ image: RGBImage, side: Int) -> [Float] {
    let letterbox = Letterbox(width: image.width, height: image.height, side: side)
    let (paddedWidth, paddedHeight) = letterbox.paddedSide
    var padded = [UInt8](repeating: 0, count: paddedWidth * paddedHeight * 3)
    for y in 0..<image.height {
      for x in 0..<(image.width * 3) {
        padded[((y + letterbox.offset.top) * paddedWidth + letterbox.offset.left) * 3 + x] =
          image.pixels[y * image.width * 3 + x]
      }
    }
    func byte(_ sum: Int) -> Int { min(max(sum >> PillowFilter.precision, 0), 255) }
    let columns = PillowFilter(input: paddedWidth, output: side)
    var horizontal = [Int](repeating: 0, count: paddedHeight * side * 3)
    for y in 0..<paddedHeight {
      for x in 0..<side {
        for channel in 0..<3 {
          var sum = PillowFilter.half
          for tap in 0..<Int(columns.count[x]) {
            let pixel = Int(padded[(y * paddedWidth + Int(columns.first[x]) + tap) * 3 + channel])
            sum += pixel * Int(columns.weights[x * columns.stride + tap])
          }
          horizontal[(y * side + x) * 3 + channel] = byte(sum)
        }
      }
    }
    let rows = PillowFilter(input: paddedHeight, output: side)
    var input = [Float](repeating: 0, count: side * side * 3)
    for y in 0..<side {
      for index in 0..<(side * 3) {
        var sum = PillowFilter.half
        for tap in 0..<Int(rows.count[y]) {
          let byte = horizontal[(Int(rows.first[y]) + tap) * side * 3 + index]
          sum += byte * Int(rows.weights[y * rows.stride + tap])
        }
        input[y * side * 3 + index] = Float(byte(sum)) * Float(2.0 / 255.0) - 1
      }
    }
    return input
  }

  /// A picture of pseudo-random bytes.
  static func picture(width: Int, height: Int, seed: UInt32) throws -> RGBImage {
    var state = seed
    let pixels = (0..<(width * height * 3)).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    return try RGBImage(width: width, height: height, pixels: pixels)
  }

  /// Letterboxes pictures of every shape that matters with `letterbox` and expects Pillow's
  /// bytes. Landscape (padding above and below) and portrait (left and right); widths whose 3
  /// bytes a pixel are not multiples of 16, 32 or 64 and heights not multiples of 16; pictures
  /// smaller than the sides (upscaling), exactly the side, and reductions up to 6.7x (taps
  /// counts not multiples of 4).
  static func expectPillowBytes(_ label: String, letterbox input: (Letterbox, RGBImage) -> [Float]) throws {
    let sizes = [
      (1, 1), (2, 3), (5, 2), (17, 9), (9, 17), (50, 31), (31, 50), (127, 96), (128, 128), (192, 192),
      (193, 108), (108, 193), (300, 17), (17, 300), (401, 227), (227, 401), (770, 433), (1283, 721),
    ]
    for side in [192, 128] {
      for (index, (width, height)) in sizes.enumerated() {
        let image = try Self.picture(width: width, height: height, seed: UInt32(index * 7919 + side))
        let letterboxed = input(Letterbox(width: width, height: height, side: side), image)
        let expected = Self.reference(image, side: side)
        let differing = zip(letterboxed, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(label): \(width)x\(height) to \(side): \(differing) values differ")
      }
    }
  }

  @Test(
    "Every level gives Pillow's bytes: odd sizes, padding on either side, upscaling, remainders",
    arguments: KernelConfiguration.runnable)
  func everyLevelMatchesReference(level: InstructionSet) throws {
    try Self.expectPillowBytes("\(level)") { letterbox, image in
      KernelConfiguration.withLevel(level) { letterbox.input(from: image) }
    }
  }

  @Test(
    "AVX-512 gives Pillow's bytes with and without VNNI's byte dot products",
    .enabled(
      if: KernelConfiguration.runnable.contains(.avx512)
        && CPUFeatures.current.isSuperset(of: [.avx512vnni, .avx512vbmi]),
      "the CPU has no AVX-512 VNNI and VBMI: the plain AVX-512 loop is the one that runs"))
  func avx512WithoutDotProducts() throws {
    try Self.expectPillowBytes("avx512 without dot products") { letterbox, image in
      cfacedetection_resample_use_dot_products(0)
      defer { cfacedetection_resample_use_dot_products(1) }
      return KernelConfiguration.withLevel(.avx512) { letterbox.input(from: image) }
    }
  }

  @Test(
    "A flat picture stays flat inside and black padding gives -1 outside",
    arguments: KernelConfiguration.runnable)
  func flatPicture(level: InstructionSet) throws {
    let image = try RGBImage(width: 640, height: 360, red: 255, green: 128, blue: 0)
    let letterbox = Letterbox(width: 640, height: 360, side: 192)
    let input = KernelConfiguration.withLevel(level) { letterbox.input(from: image) }
    // 640x360 padded to 640x640: 140 rows above, so output rows below 41 are black and the
    // middle row is the colour.
    let black = Array(repeating: Float(-1), count: 192 * 3)
    #expect(Array(input[0..<(192 * 3)]) == black)
    let middle = Array(input[(96 * 192 * 3)..<(97 * 192 * 3)])
    let colour = [Float(255), 128, 0].map { $0 * Float(2.0 / 255.0) - 1 }
    #expect(middle == (0..<192).flatMap { _ in colour })
  }
}
