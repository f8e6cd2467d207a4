import Testing

@testable import Inference
@testable import InferenceKeras

@Suite("Keras padding rules")
struct WindowGeometryTests {
  @Test("'same' at an even size puts the extra padding row at the bottom")
  func sameEvenStrideTwo() throws {
    // 6 -> ceil(6/2) = 3; total padding (3-1)*2 + 3 - 6 = 1: none on top, one below.
    let geometry = try #require(
      WindowGeometry(inputHeight: 6, inputWidth: 6, kernel: (3, 3), strides: (2, 2), padding: .same))
    #expect(geometry.outputHeight == 3 && geometry.outputWidth == 3)
    #expect(geometry.padTop == 0 && geometry.padLeft == 0)
  }

  @Test("'same' at an odd size splits the padding evenly")
  func sameOddStrideTwo() throws {
    // 5 -> 3; total padding (3-1)*2 + 3 - 5 = 2: one on each side.
    let geometry = try #require(
      WindowGeometry(inputHeight: 5, inputWidth: 5, kernel: (3, 3), strides: (2, 2), padding: .same))
    #expect(geometry.outputHeight == 3 && geometry.padTop == 1 && geometry.padLeft == 1)
  }

  @Test("'same' with an even kernel at stride 1 pads only the bottom and right")
  func sameEvenKernel() throws {
    let geometry = try #require(
      WindowGeometry(inputHeight: 4, inputWidth: 7, kernel: (2, 2), strides: (1, 1), padding: .same))
    #expect(geometry.outputHeight == 4 && geometry.outputWidth == 7)
    #expect(geometry.padTop == 0 && geometry.padLeft == 0)
  }

  @Test("'valid' drops windows that do not fit")
  func valid() throws {
    let geometry = try #require(
      WindowGeometry(inputHeight: 6, inputWidth: 5, kernel: (3, 3), strides: (2, 2), padding: .valid))
    // (6-3)/2 + 1 = 2 rows; (5-3)/2 + 1 = 2 columns.
    #expect(geometry.outputHeight == 2 && geometry.outputWidth == 2)
    #expect(
      WindowGeometry(inputHeight: 2, inputWidth: 2, kernel: (3, 3), strides: (1, 1), padding: .valid) == nil)
  }

  @Test("dilation widens the window")
  func dilation() throws {
    let geometry = try #require(
      WindowGeometry(
        inputHeight: 7, inputWidth: 7, kernel: (3, 3), strides: (1, 1), dilation: (2, 2), padding: .valid))
    #expect(geometry.outputHeight == 3)  // effective kernel 5
  }
}
