import Testing

@testable import Inference
@testable import InferenceTFLite

/// TFLite's PAD (``PadKernel``) and RESIZE_BILINEAR (``ResizeKernel``) on small tensors whose
/// outputs are worked out by hand, run on a batch of two in chunks of rows that start and end
/// inside items, and through the graph, plan and executor.
@Suite("PAD and RESIZE_BILINEAR kernels")
struct PadResizeKernelTests {
  /// Runs `kernel` over a batch of `items` in chunks of `rowsPerChunk` output rows, the output
  /// first filled with NaN so a value left unwritten shows.
  private func inChunks(
    items: Int, outputRows: Int, rowFloats: Int, input: [Float], rowsPerChunk: Int,
    _ kernel: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, BatchRows) -> Void
  ) -> [Float] {
    var output = [Float](repeating: .nan, count: items * outputRows * rowFloats)
    let rows = items * outputRows
    for start in stride(from: 0, to: rows, by: rowsPerChunk) {
      let chunk = BatchRows(rowsPerItem: outputRows, range: start..<min(start + rowsPerChunk, rows))
      input.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { output in
          guard let source = input.baseAddress, let target = output.baseAddress else { return }
          kernel(source, target + start * rowFloats, chunk)
        }
      }
    }
    return output
  }

  /// Runs one operation node after the input through ``ExecutionPlan`` and ``PlanRunner`` on
  /// `threads` threads.
  private func throughPlan(
    _ operation: Operation, input shape: [Int], output outputShape: [Int], batch: [Float], items: Int,
    threads: Int
  ) -> [Float] {
    let graph = ModelGraph(
      nodes: [
        GraphNode(name: "input", className: "Input", inputs: [], shape: shape, operation: .input),
        GraphNode(name: "op", className: "Op", inputs: [0], shape: outputShape, operation: operation),
      ], input: 0, output: 1)
    let runner = PlanRunner(plan: ExecutionPlan(graph: graph))
    var output = [Float](repeating: .nan, count: items * outputShape.reduce(1, *))
    batch.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { output in
        guard let source = input.baseAddress, let target = output.baseAddress else { return }
        runner.run(source, items: items, threads: threads, outputs: [target])
      }
    }
    return output
  }

  // MARK: - PAD

  /// Item 0 of 2x2x2: pixels [1, 2], [3, 4] / [5, 6], [7, 8]; item 1 the same plus 10.
  private static let padInput: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 17, 18]

  @Test("PAD one row on top, one column on the right, one channel before each pixel's")
  func padTopRightChannelBefore() {
    let padding = ZeroPadding(
      inputHeight: 2, inputWidth: 2, inputChannels: 2, top: 1, bottom: 0, left: 0, right: 1,
      channelsBefore: 1,
      channelsAfter: 0)
    #expect([padding.outputHeight, padding.outputWidth, padding.outputChannels] == [3, 3, 3])
    let expected: [Float] = [
      0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 1, 2, 0, 3, 4, 0, 0, 0,
      0, 5, 6, 0, 7, 8, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 11, 12, 0, 13, 14, 0, 0, 0,
      0, 15, 16, 0, 17, 18, 0, 0, 0,
    ]
    checkPad(padding, expected: expected)
  }

  @Test("PAD two rows below, one column on the left, two channels after, and all six sides at once")
  func padBottomLeftChannelsAfter() {
    let padding = ZeroPadding(
      inputHeight: 2, inputWidth: 2, inputChannels: 2, top: 0, bottom: 2, left: 1, right: 0,
      channelsBefore: 0,
      channelsAfter: 2)
    // 4 rows of 3 pixels of 4 channels.
    let expected: [Float] = [
      0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0, 0,
      0, 0, 0, 0, 5, 6, 0, 0, 7, 8, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 11, 12, 0, 0, 13, 14, 0, 0,
      0, 0, 0, 0, 15, 16, 0, 0, 17, 18, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]
    checkPad(padding, expected: expected)
    let everywhere = ZeroPadding(
      inputHeight: 2, inputWidth: 2, inputChannels: 2, top: 1, bottom: 1, left: 1, right: 1,
      channelsBefore: 1,
      channelsAfter: 1)
    // 4 rows of 4 pixels of 4 channels: a zero frame around [0, a, b, 0] pixels.
    let zeroRow = [Float](repeating: 0, count: 16)
    let item0: [Float] =
      zeroRow + [0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0]
      + [0, 0, 0, 0, 0, 5, 6, 0, 0, 7, 8, 0, 0, 0, 0, 0] + zeroRow
    let item1: [Float] =
      zeroRow + [0, 0, 0, 0, 0, 11, 12, 0, 0, 13, 14, 0, 0, 0, 0, 0]
      + [0, 0, 0, 0, 0, 15, 16, 0, 0, 17, 18, 0, 0, 0, 0, 0] + zeroRow
    checkPad(everywhere, expected: item0 + item1)
  }

  @Test("PAD of channels only (BlazeFace's shortcut widening: 2 channels to 5)")
  func padChannelsOnly() {
    let padding = ZeroPadding(
      inputHeight: 2, inputWidth: 2, inputChannels: 2, top: 0, bottom: 0, left: 0, right: 0,
      channelsBefore: 0,
      channelsAfter: 3)
    let expected: [Float] = [
      1, 2, 0, 0, 0, 3, 4, 0, 0, 0,
      5, 6, 0, 0, 0, 7, 8, 0, 0, 0,
      11, 12, 0, 0, 0, 13, 14, 0, 0, 0,
      15, 16, 0, 0, 0, 17, 18, 0, 0, 0,
    ]
    checkPad(padding, expected: expected)
  }

  private func checkPad(_ padding: ZeroPadding, expected: [Float]) {
    let rowFloats = padding.outputWidth * padding.outputChannels
    for rowsPerChunk in [1, 2, 3, 5, 2 * padding.outputHeight] {
      let output = inChunks(
        items: 2, outputRows: padding.outputHeight, rowFloats: rowFloats, input: Self.padInput,
        rowsPerChunk: rowsPerChunk
      ) { input, output, rows in
        PadKernel.run(padding, input: input, output: output, rows: rows)
      }
      #expect(output == expected, "\(rowsPerChunk) rows a chunk")
    }
    for threads in [1, 2] {
      let output = throughPlan(
        .pad(padding), input: [2, 2, 2],
        output: [padding.outputHeight, padding.outputWidth, padding.outputChannels], batch: Self.padInput,
        items: 2, threads: threads)
      #expect(output == expected, "through the plan, \(threads) threads")
    }
  }

  // MARK: - RESIZE_BILINEAR

  /// One 2x2 channel [[0, 4], [8, 12]].
  private static let square: [Float] = [0, 4, 8, 12]

  @Test(
    "RESIZE_BILINEAR 2x2 to 4x4",
    arguments: [
      // Plain: scale 0.5, sampled at 0, 0.5, 1, 1.5 (1.5 clamps to pixel 1); a row [0, 4]
      // becomes 0, 2, 4, 4 and the rows mix the same way.
      (false, false, [Float]([0, 2, 4, 4, 4, 6, 8, 8, 8, 10, 12, 12, 8, 10, 12, 12])),
      // Half-pixel centres: sampled at -0.25 (clamps to 0), 0.25, 0.75, 1.25 (clamps to 1):
      // [0, 4] becomes 0, 1, 3, 4; rows: row 0, 0.75·row 0 + 0.25·row 1, 0.25·row 0 + 0.75·row 1, row 1.
      (false, true, [0, 1, 3, 4, 2, 3, 5, 6, 6, 7, 9, 10, 8, 9, 11, 12]),
      // Aligned corners: scale (2 - 1) / (4 - 1) = 1/3, sampled at 0, 1/3, 2/3, 1.
      // [0, 4] becomes 0, 4/3, 8/3, 4; the rows are 8 apart, so they add 0, 8/3, 16/3, 8.
      (
        true, false,
        [
          0, 1.3333334, 2.6666667, 4, 2.6666667, 4, 5.3333335, 6.6666667, 5.3333335, 6.6666667, 8, 9.333333,
          8,
          9.333333, 10.666667, 12,
        ]
      ),
    ])
  func resizeDouble(alignCorners: Bool, halfPixelCenters: Bool, expected: [Float]) {
    let resize = BilinearResize(
      inputHeight: 2, inputWidth: 2, outputHeight: 4, outputWidth: 4, channels: 1, alignCorners: alignCorners,
      halfPixelCenters: halfPixelCenters)
    checkResize(resize, input: Self.square, expected: expected)
  }

  /// One 2x3 channel [[0, 10, 20], [30, 40, 50]].
  private static let wide: [Float] = [0, 10, 20, 30, 40, 50]

  @Test(
    "RESIZE_BILINEAR 2x3 to 3x5, a ratio of 1.5 down the rows and 5/3 across",
    arguments: [
      // Plain: columns at 0, 0.6, 1.2, 1.8, 2.4 (clamps to 2): [0, 10, 20] → 0, 6, 12, 18, 20.
      // Rows at 0, 2/3, 4/3 (clamps to row 1): row 0, row 0 + 2/3 · 30, row 1.
      (false, false, [Float]([0, 6, 12, 18, 20, 20, 26, 32, 38, 40, 30, 36, 42, 48, 50])),
      // Half-pixel centres: columns at -0.2 (→ 0), 0.4, 1.0, 1.6, 2.2 (→ 2): 0, 4, 10, 16, 20.
      // Rows at -1/6 (→ 0), 0.5, 7/6 (→ 1): row 0, the mean of both, row 1.
      (false, true, [0, 4, 10, 16, 20, 15, 19, 25, 31, 35, 30, 34, 40, 46, 50]),
      // Aligned corners: columns at 0, 0.5, 1, 1.5, 2; rows at 0, 0.5, 1.
      (true, false, [0, 5, 10, 15, 20, 15, 20, 25, 30, 35, 30, 35, 40, 45, 50]),
    ])
  func resizeNonInteger(alignCorners: Bool, halfPixelCenters: Bool, expected: [Float]) {
    let resize = BilinearResize(
      inputHeight: 2, inputWidth: 3, outputHeight: 3, outputWidth: 5, channels: 1, alignCorners: alignCorners,
      halfPixelCenters: halfPixelCenters)
    checkResize(resize, input: Self.wide, expected: expected)
  }

  @Test("RESIZE_BILINEAR mixes each channel alone (two channels, the second the first negated)")
  func resizeTwoChannels() {
    let resize = BilinearResize(
      inputHeight: 2, inputWidth: 3, outputHeight: 3, outputWidth: 5, channels: 2, alignCorners: false,
      halfPixelCenters: true)
    let input: [Float] = [0, -0, 10, -10, 20, -20, 30, -30, 40, -40, 50, -50]
    let plane: [Float] = [0, 4, 10, 16, 20, 15, 19, 25, 31, 35, 30, 34, 40, 46, 50]
    checkResize(resize, input: input, expected: plane.flatMap { [$0, -$0] })
  }

  @Test("RESIZE_BILINEAR to a smaller image: 4x4 to 2x2 samples every other pixel, or between them")
  func resizeDown() {
    // Plain: scale 2, rows and columns 0 and 2. Half-pixel: (0.5)·2 - 0.5 = 0.5 and 2.5.
    let input = ramp(16)
    let plain = BilinearResize(
      inputHeight: 4, inputWidth: 4, outputHeight: 2, outputWidth: 2, channels: 1, alignCorners: false,
      halfPixelCenters: false)
    checkResize(plain, input: input, expected: [1, 3, 9, 11])
    // Pixel (0.5, 0.5) is the mean of 1, 2, 5, 6; (0.5, 2.5) of 3, 4, 7, 8; and so on.
    let centred = BilinearResize(
      inputHeight: 4, inputWidth: 4, outputHeight: 2, outputWidth: 2, channels: 1, alignCorners: false,
      halfPixelCenters: true)
    checkResize(centred, input: input, expected: [3.5, 5.5, 11.5, 13.5])
  }

  /// Checks `resize` on a batch of `input` and its negation, in chunks and through the plan.
  private func checkResize(_ resize: BilinearResize, input: [Float], expected: [Float]) {
    let batch = input + input.map { -$0 }
    let all = expected + expected.map { -$0 }
    let rowFloats = resize.outputWidth * resize.channels
    for rowsPerChunk in [1, 2, 3, 2 * resize.outputHeight] {
      let output = inChunks(
        items: 2, outputRows: resize.outputHeight, rowFloats: rowFloats, input: batch,
        rowsPerChunk: rowsPerChunk
      ) { input, output, rows in
        ResizeKernel.run(resize, input: input, output: output, rows: rows)
      }
      #expect(close(output, all, tolerance: 1e-5), "\(rowsPerChunk) rows a chunk: \(output)")
    }
    for threads in [1, 2] {
      let output = throughPlan(
        .resize(resize), input: [resize.inputHeight, resize.inputWidth, resize.channels],
        output: [resize.outputHeight, resize.outputWidth, resize.channels], batch: batch, items: 2,
        threads: threads)
      #expect(close(output, all, tolerance: 1e-5), "through the plan, \(threads) threads: \(output)")
    }
  }
}
