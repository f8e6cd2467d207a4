import Testing

@testable import Inference
@testable import InferenceKeras

/// Conv2D against hand-worked outputs. Inputs are ramps v(i, j) = i·width + j + 1.
@Suite("Conv2D")
struct ConvolutionTests {
  /// A 3x3 kernel, one channel in and out, that is 1 at (row, column) and 0 elsewhere:
  /// output(y, x) = input(y·s - padTop + row, x·s - padLeft + column).
  private func tap(_ row: Int, _ column: Int) -> ([Int], [Float]) {
    var kernel = [Float](repeating: 0, count: 9)
    kernel[row * 3 + column] = 1
    return ([3, 3, 1, 1], kernel)
  }

  private func conv(
    input: [Int], kernel: ([Int], [Float]), strides: Int, padding: String, bias: [Float]? = nil,
    activation: String = "linear"
  ) -> ModelBuilder {
    var builder = ModelBuilder(input: input)
    var weights = ["kernel": kernel]
    if let bias { weights["bias"] = ([bias.count], bias) }
    builder.add(
      "Conv2D", "conv",
      [
        "filters": kernel.0[3], "kernel_size": [kernel.0[0], kernel.0[1]], "strides": [strides, strides],
        "padding": padding, "use_bias": bias != nil, "activation": activation,
      ], weights: weights)
    return builder
  }

  @Test("'valid', odd size 5x5, stride 2, box kernel")
  func validOddStrideTwo() throws {
    // Windows start at rows/columns 0 and 2; a 3x3 box sum at (r, c) is 9·v(r+1, c+1).
    let output = try conv(
      input: [5, 5, 1], kernel: ([3, 3, 1, 1], [Float](repeating: 1, count: 9)), strides: 2,
      padding: "valid"
    ).run(ramp(25))
    #expect(output.shape == [1, 2, 2, 1])
    #expect(output.values == [63, 81, 153, 171])
  }

  @Test("'same', odd size 5x5, stride 2, box kernel: one padding row on each side")
  func sameOddStrideTwo() throws {
    let output = try conv(
      input: [5, 5, 1], kernel: ([3, 3, 1, 1], [Float](repeating: 1, count: 9)), strides: 2,
      padding: "same"
    ).run(ramp(25))
    #expect(output.shape == [1, 3, 3, 1])
    // (0,0) = 1+2+6+7; (1,1) = the full box around v(2,2) = 9·13; (2,2) = 19+20+24+25.
    #expect(output.values == [16, 33, 28, 69, 117, 87, 76, 123, 88])
  }

  @Test("'same', even size 6x6, stride 2: the padding row is at the bottom/right")
  func sameEvenStrideTwo() throws {
    // Kernel tap at (2, 2), no padding on top: output(y, x) = v(2y+2, 2x+2), 0 past the edge.
    let output = try conv(input: [6, 6, 1], kernel: tap(2, 2), strides: 2, padding: "same").run(ramp(36))
    #expect(output.shape == [1, 3, 3, 1])
    #expect(output.values == [15, 17, 0, 27, 29, 0, 0, 0, 0])
    // Tap at (0, 0) reads v(2y, 2x): the top-left corner is never padding.
    let corner = try conv(input: [6, 6, 1], kernel: tap(0, 0), strides: 2, padding: "same").run(ramp(36))
    #expect(corner.values == [1, 3, 5, 13, 15, 17, 25, 27, 29])
  }

  @Test("'valid', even size 6x6, stride 2")
  func validEvenStrideTwo() throws {
    let output = try conv(input: [6, 6, 1], kernel: tap(2, 2), strides: 2, padding: "valid").run(ramp(36))
    #expect(output.shape == [1, 2, 2, 1])
    #expect(output.values == [15, 17, 27, 29])
  }

  @Test("'same', odd size 5x5, stride 2, tap kernel: padding on the top/left too")
  func sameOddTap() throws {
    // padTop = padLeft = 1: tap (0, 0) reads v(2y-1, 2x-1).
    let output = try conv(input: [5, 5, 1], kernel: tap(0, 0), strides: 2, padding: "same").run(ramp(25))
    #expect(output.values == [0, 0, 0, 0, 7, 9, 0, 17, 19])
  }

  @Test("the kernel is read in (kh, kw, cin, cout) order, with bias")
  func channelOrder() throws {
    // Input 2x2x2 = 1...8 and kernel 2x2x2x2 = 1...16: the input value at flat position p
    // (p = (kh·2 + kw)·2 + cin) meets kernel value 2p + cout + 1.
    // out[0] = Σ (p+1)(2p+1) = 372, out[1] = Σ (p+1)(2p+2) = 408.
    let output = try conv(
      input: [2, 2, 2], kernel: ([2, 2, 2, 2], ramp(16)), strides: 1, padding: "valid", bias: [0.5, -1]
    ).run(ramp(8))
    #expect(output.shape == [1, 1, 1, 2])
    #expect(output.values == [372.5, 407])
  }

  @Test("1x1 at stride 2 gathers every other pixel")
  func pointwiseStrided() throws {
    let output = try conv(
      input: [3, 3, 1], kernel: ([1, 1, 1, 1], [2]), strides: 2, padding: "same"
    ).run(ramp(9))
    #expect(output.values == [2, 6, 14, 18])
  }

  @Test("1x1 at stride 1 multiplies the NHWC matrix directly")
  func pointwise() throws {
    // Two pixels of two channels; kernel [[1, 10], [100, 1000]].
    let output = try conv(
      input: [1, 2, 2], kernel: ([1, 1, 2, 2], [1, 10, 100, 1000]), strides: 1, padding: "valid"
    ).run([1, 2, 3, 4])
    #expect(output.values == [201, 2010, 403, 4030])
  }

  @Test("a fused relu clips negatives")
  func fusedActivation() throws {
    let output = try conv(
      input: [1, 3, 1], kernel: ([1, 1, 1, 1], [-1]), strides: 1, padding: "valid", bias: [2],
      activation: "relu"
    ).run([1, 2, 3])
    #expect(output.values == [1, 0, 0])
  }
}
