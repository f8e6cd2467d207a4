import FaceDetection
import Pixels
import Processor
import Testing

@Suite("Vectorized grayscale")
struct VectorizedGrayscaleTests {
  @Test(
    "Every level gives Pixels' grays, for widths around its vector widths",
    arguments: InstructionSet.allCases.filter { $0 <= KernelConfiguration.available })
  func everyLevelGivesPixelsGrays(level: InstructionSet) throws {
    var state: UInt32 = 12_345
    for (width, height) in [(1, 1), (7, 1), (8, 2), (15, 3), (16, 1), (17, 5), (33, 3), (65, 7), (641, 9)] {
      let pixels = (0..<(width * height * 3)).map { _ -> UInt8 in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
      }
      let image = try RGBImage(width: width, height: height, pixels: pixels)
      let gray = KernelConfiguration.withLevel(level) { image.vectorizedGrayscale() }
      #expect(gray == image.grayscale(), "\(level): \(width)x\(height)")
    }
  }
}
