import Foundation
import Processor
import Testing

@testable import Inference

/// The convolution, depthwise and pooling kernels against plain loops in Double over every
/// geometry they take (strides, 'same' and 'valid' padding, odd sizes, windows hanging over the
/// border), run in chunks of rows that start and end inside items and span several.
@Suite("Kernels")
struct KernelTests {
  /// Deterministic values in -1...1.
  private func values(_ count: Int, seed: Int) -> [Float] {
    (0..<count).map { Float(((($0 + seed) * 7_919) % 2_001) - 1_000) / 1_000 }
  }

  private static let geometries: [(height: Int, width: Int, kernel: Int, stride: Int, padding: Padding)] = [
    (9, 11, 3, 1, .valid), (10, 10, 3, 2, .same), (7, 13, 2, 1, .same), (12, 12, 1, 2, .valid),
    (6, 9, 5, 1, .same), (16, 16, 3, 1, .same), (5, 5, 3, 2, .same), (7, 9, 1, 1, .valid),
    (1, 5, 1, 1, .same), (5, 7, 3, 1, .same), (6, 21, 3, 1, .valid), (4, 37, 3, 1, .valid),
    // Rows wide enough for blocks of eight at stride 2 (71 wide: a padded left column), and
    // for the depthwise kernel's order that takes every channel group of a block before the
    // next (3 rows of 70 pixels of 32 channels or more are over 24 KiB).
    (6, 41, 3, 2, .valid), (4, 70, 3, 1, .same), (5, 70, 3, 2, .same), (3, 71, 3, 2, .same),
    // BlazeFace's 2x2 pooling at stride 2, whole windows and ones cut by the border.
    (6, 22, 2, 2, .valid), (5, 9, 2, 2, .same),
  ]

  private static let batch = 3

  /// How far a kernel's value is from the reference: infinite when the kernel left it unwritten
  /// (the outputs start as NaN, which `max` would pass over) or produced no number.
  private static func difference(_ got: Float, _ expected: Double) -> Double {
    got.isFinite ? abs(Double(got) - expected) : .infinity
  }

  /// Chunks of `rowsPerChunk` rows over a batch of items of `rowsPerItem` rows.
  private func chunks(rowsPerItem: Int, rowsPerChunk: Int) -> [BatchRows] {
    let rows = Self.batch * rowsPerItem
    return stride(from: 0, to: rows, by: rowsPerChunk).map {
      BatchRows(rowsPerItem: rowsPerItem, range: $0..<min($0 + rowsPerChunk, rows))
    }
  }

  /// The convolution of item `item` at output (y, x, n), in Double, before the activation.
  private func reference(
    _ convolution: Convolution, input: [Float], item: Int, y: Int, x: Int, n: Int
  ) -> Double {
    let geometry = convolution.geometry
    let cin = convolution.inputChannels
    let imageSize = geometry.inputHeight * geometry.inputWidth * cin
    var sum = Double(convolution.bias?[n] ?? 0)
    for ky in 0..<geometry.kernelHeight {
      for kx in 0..<geometry.kernelWidth {
        let iy = y * geometry.strideHeight - geometry.padTop + ky
        let ix = x * geometry.strideWidth - geometry.padLeft + kx
        guard iy >= 0, iy < geometry.inputHeight, ix >= 0, ix < geometry.inputWidth else { continue }
        for c in 0..<cin {
          let k = ((ky * geometry.kernelWidth + kx) * cin + c) * convolution.outputChannels + n
          sum +=
            Double(input[item * imageSize + (iy * geometry.inputWidth + ix) * cin + c])
            * Double(convolution.kernel[k])
        }
      }
    }
    return sum
  }

  /// The largest difference between `output` (channels last, the whole batch) and the
  /// reference after ReLU.
  private func worstDifference(_ convolution: Convolution, input: [Float], output: [Float]) -> Double {
    let geometry = convolution.geometry
    let outputSize = geometry.outputHeight * geometry.outputWidth * convolution.outputChannels
    var worst = 0.0
    for item in 0..<Self.batch {
      for y in 0..<geometry.outputHeight {
        for x in 0..<geometry.outputWidth {
          for n in 0..<convolution.outputChannels {
            let expected = max(reference(convolution, input: input, item: item, y: y, x: x, n: n), 0)
            let got = output[
              item * outputSize + (y * geometry.outputWidth + x) * convolution.outputChannels + n]
            worst = max(worst, Self.difference(got, expected))
          }
        }
      }
    }
    return worst
  }

  private func convolution(_ index: Int, channels: (input: Int, output: Int)) throws -> Convolution {
    let shape = Self.geometries[index]
    let geometry = try #require(
      WindowGeometry(
        inputHeight: shape.height, inputWidth: shape.width, kernel: (shape.kernel, shape.kernel),
        strides: (shape.stride, shape.stride), padding: shape.padding))
    return Convolution(
      geometry: geometry, inputChannels: channels.input, outputChannels: channels.output,
      kernel: values(geometry.taps * channels.input * channels.output, seed: index),
      bias: values(channels.output, seed: 99))
  }

  /// Runs `convolution` chunk by chunk through `run` (input, output, rows, scratch) for
  /// several chunk sizes and checks the output against the plain sum after ReLU.
  private func checkInChunks(
    _ convolution: Convolution, seed: Int, chunkRows: [Int], scratch: (Int) -> Int,
    _ run: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, BatchRows, UnsafeMutablePointer<Float>) -> Void
  ) {
    let geometry = convolution.geometry
    let input = values(
      Self.batch * geometry.inputHeight * geometry.inputWidth * convolution.inputChannels, seed: seed)
    for rowsPerChunk in chunkRows {
      var output = [Float](
        repeating: .nan,
        count: Self.batch * geometry.outputHeight * geometry.outputWidth * convolution.outputChannels)
      var buffer = [Float](repeating: .nan, count: scratch(rowsPerChunk))
      for rows in chunks(rowsPerItem: geometry.outputHeight, rowsPerChunk: rowsPerChunk) {
        input.withUnsafeBufferPointer { input in
          output.withUnsafeMutableBufferPointer { output in
            buffer.withUnsafeMutableBufferPointer { buffer in
              run(input.start, output.start, rows, buffer.start)
            }
          }
        }
      }
      let worst = worstDifference(convolution, input: input, output: output)
      #expect(worst < 1e-4, "geometry \(geometry), \(rowsPerChunk) rows a chunk: \(worst)")
    }
  }

  @Test(
    "im2col and one GEMM per chunk equal the plain sum, with bias and ReLU",
    arguments: KernelConfiguration.runnable,
    [(1, 8), (8, 8), (3, 16), (16, 32), (32, 7), (3, 12), (64, 8), (128, 4)])
  func channelsLastConvolution(level: InstructionSet, channels: (input: Int, output: Int)) throws {
    try KernelConfiguration.withLevel(level) { try channelsLastConvolution(channels: channels) }
  }

  private func channelsLastConvolution(channels: (input: Int, output: Int)) throws {
    try OpenBLAS.require()
    for index in Self.geometries.indices {
      let convolution = try convolution(index, channels: channels)
      let height = convolution.geometry.outputHeight
      checkInChunks(
        convolution, seed: 7 + index, chunkRows: [1, 3, 2 * height + 1],
        scratch: { ConvolutionKernel.scratch(convolution, rows: $0) }
      ) { input, output, rows, scratch in
        ConvolutionKernel.run(
          convolution, activation: .plainReLU, input: input, output: output, rows: rows, scratch: scratch)
      }
    }
  }

  @Test(
    "channel planes with a product per tap, or over copied patches, equal the plain sum",
    arguments: KernelConfiguration.runnable, [(1, 8), (8, 8), (3, 7), (16, 4), (9, 1)])
  func planarConvolution(level: InstructionSet, channels: (input: Int, output: Int)) throws {
    try KernelConfiguration.withLevel(level) { try planarConvolution(channels: channels) }
  }

  private func planarConvolution(channels: (input: Int, output: Int)) throws {
    try OpenBLAS.require()
    for index in Self.geometries.indices {
      let convolution = try convolution(index, channels: channels)
      guard PlanarConvolutionKernel.handles(convolution) else { continue }
      let kernel = PlanarConvolutionKernel.transposedKernel(convolution)
      let height = convolution.geometry.outputHeight
      checkInChunks(
        convolution, seed: 5 + index, chunkRows: [1, 4, 2 * height + 1],
        scratch: { PlanarConvolutionKernel.scratch(convolution, rows: $0) }
      ) { input, output, rows, scratch in
        PlanarConvolutionKernel.run(
          convolution, kernel: kernel, activation: .plainReLU, input: input, output: output, rows: rows,
          batch: Self.batch, scratch: scratch, inputPlanes: nil, outputPlanes: nil)
      }
    }
  }

  @Test(
    "a chain of 'valid' convolutions on channel planes, read and written in place, equals the plain sums",
    arguments: KernelConfiguration.runnable)
  func planesInPlace(level: InstructionSet) throws {
    try KernelConfiguration.withLevel(level) { try planesInPlace() }
  }

  private func planesInPlace() throws {
    try OpenBLAS.require()
    let first = try #require(
      WindowGeometry(inputHeight: 9, inputWidth: 11, kernel: (3, 3), strides: (1, 1), padding: .valid))
    let second = try #require(
      WindowGeometry(inputHeight: 7, inputWidth: 9, kernel: (2, 3), strides: (1, 1), padding: .valid))
    let one = Convolution(
      geometry: first, inputChannels: 1, outputChannels: 8, kernel: values(72, seed: 1),
      bias: values(8, seed: 2))
    let two = Convolution(
      geometry: second, inputChannels: 8, outputChannels: 5, kernel: values(240, seed: 3),
      bias: values(5, seed: 4))
    let planes = PlaneLayout(channels: 1, itemRows: 9, rowPitch: 11, slack: 2 * 11 + 2)
    let middle = PlaneLayout(channels: 8, itemRows: 9, rowPitch: 11, slack: 11 + 2)
    let input = values(Self.batch * 9 * 11, seed: 6)
    // The input, one channel: its planes are the tensor itself, with the slack after it.
    let source = input + [Float](repeating: 0, count: planes.slack + 16)
    var between = [Float](repeating: .nan, count: 8 * middle.planePitch(batch: Self.batch))
    var output = [Float](repeating: .nan, count: Self.batch * 6 * 7 * 5)
    var scratch = [Float](
      repeating: .nan,
      count: max(
        PlanarConvolutionKernel.scratch(one, planarRows: 4, layout: planes),
        PlanarConvolutionKernel.scratch(two, planarRows: 4, layout: middle)))
    for (convolution, inputPlanes, outputPlanes) in [(one, planes, Optional(middle)), (two, middle, nil)] {
      for rows in chunks(rowsPerItem: 9, rowsPerChunk: 4) {
        source.withUnsafeBufferPointer { source in
          between.withUnsafeMutableBufferPointer { between in
            output.withUnsafeMutableBufferPointer { output in
              scratch.withUnsafeMutableBufferPointer { scratch in
                let reads = outputPlanes == nil ? UnsafePointer(between.start) : source.start
                PlanarConvolutionKernel.run(
                  convolution, kernel: PlanarConvolutionKernel.transposedKernel(convolution),
                  activation: .plainReLU,
                  input: reads, output: outputPlanes == nil ? output.start : between.start,
                  rows: rows,
                  batch: Self.batch, scratch: scratch.start, inputPlanes: inputPlanes,
                  outputPlanes: outputPlanes)
              }
            }
          }
        }
      }
    }
    // The first convolution's output, channels last, from its reference.
    var hidden = [Float](repeating: 0, count: Self.batch * 7 * 9 * 8)
    for item in 0..<Self.batch {
      for y in 0..<7 {
        for x in 0..<9 {
          for n in 0..<8 {
            hidden[((item * 7 + y) * 9 + x) * 8 + n] = Float(
              max(reference(one, input: input, item: item, y: y, x: x, n: n), 0))
          }
        }
      }
    }
    #expect(worstDifference(two, input: hidden, output: output) < 1e-4)
  }

  @Test(
    "a linear convolution equals the plain sum with its bias, padded product or not",
    arguments: KernelConfiguration.runnable, [(8, 8), (16, 7), (3, 12), (32, 13)])
  func linearConvolution(level: InstructionSet, channels: (input: Int, output: Int)) throws {
    try KernelConfiguration.withLevel(level) {
      try OpenBLAS.require()
      for index in [0, 1, 5, 14] {
        let convolution = try convolution(index, channels: channels)
        let geometry = convolution.geometry
        let input = values(
          Self.batch * geometry.inputHeight * geometry.inputWidth * convolution.inputChannels, seed: index)
        let rowSize = geometry.outputWidth * convolution.outputChannels
        var output = [Float](repeating: .nan, count: Self.batch * geometry.outputHeight * rowSize)
        var scratch = [Float](repeating: .nan, count: ConvolutionKernel.scratch(convolution, rows: 3))
        for rows in chunks(rowsPerItem: geometry.outputHeight, rowsPerChunk: 3) {
          input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
              scratch.withUnsafeMutableBufferPointer { scratch in
                ConvolutionKernel.run(
                  convolution, activation: .linear, input: input.start, output: output.start, rows: rows,
                  scratch: scratch.start)
              }
            }
          }
        }
        var worst = 0.0
        for item in 0..<Self.batch {
          for y in 0..<geometry.outputHeight {
            for x in 0..<geometry.outputWidth {
              for n in 0..<convolution.outputChannels {
                let got = output[
                  (item * geometry.outputHeight + y) * rowSize + x * convolution.outputChannels + n]
                let expected = reference(convolution, input: input, item: item, y: y, x: x, n: n)
                worst = max(worst, Self.difference(got, expected))
              }
            }
          }
        }
        #expect(worst < 1e-4, "geometry \(geometry): \(worst)")
      }
    }
  }

  @Test(
    "depthwise convolution equals the plain sum, in chunks of rows",
    arguments: KernelConfiguration.runnable, [8, 16, 24, 32, 3, 12, 36, 4, 20, 42, 1, 48, 64, 96, 128])
  func depthwise(level: InstructionSet, channels: Int) throws {
    try KernelConfiguration.withLevel(level) { try depthwise(channels: channels) }
  }

  private func depthwise(channels: Int) throws {
    for (index, shape) in Self.geometries.enumerated() {
      let geometry = try #require(
        WindowGeometry(
          inputHeight: shape.height, inputWidth: shape.width, kernel: (shape.kernel, shape.kernel),
          strides: (shape.stride, shape.stride), padding: shape.padding))
      let depthwise = DepthwiseConvolution(
        geometry: geometry, inputChannels: channels, multiplier: 1,
        kernel: values(geometry.taps * channels, seed: index), bias: nil)
      let imageSize = shape.height * shape.width * channels
      let input = values(Self.batch * imageSize, seed: 3 + index)
      let rowSize = geometry.outputWidth * channels
      let outputSize = geometry.outputHeight * rowSize
      var output = [Float](repeating: .nan, count: Self.batch * outputSize)
      for rows in chunks(rowsPerItem: geometry.outputHeight, rowsPerChunk: 2) {
        input.withUnsafeBufferPointer { input in
          output.withUnsafeMutableBufferPointer { output in
            DepthwiseKernel.run(
              depthwise, input: input.start,
              output: output.start + rows.range.lowerBound * rowSize,
              rows: rows)
          }
        }
      }
      var worst = 0.0
      for item in 0..<Self.batch {
        for y in 0..<geometry.outputHeight {
          for x in 0..<geometry.outputWidth {
            for c in 0..<channels {
              var sum = 0.0
              for ky in 0..<geometry.kernelHeight {
                for kx in 0..<geometry.kernelWidth {
                  let iy = y * geometry.strideHeight - geometry.padTop + ky
                  let ix = x * geometry.strideWidth - geometry.padLeft + kx
                  guard iy >= 0, iy < shape.height, ix >= 0, ix < shape.width else { continue }
                  sum +=
                    Double(input[item * imageSize + (iy * shape.width + ix) * channels + c])
                    * Double(depthwise.kernel[(ky * geometry.kernelWidth + kx) * channels + c])
                }
              }
              let got = output[item * outputSize + (y * geometry.outputWidth + x) * channels + c]
              worst = max(worst, Self.difference(got, sum))
            }
          }
        }
      }
      #expect(worst < 1e-5, "geometry \(shape): max difference \(worst)")
    }
  }

  @Test(
    "max pooling takes the largest real pixel, in chunks of rows", arguments: KernelConfiguration.runnable,
    [8, 16, 3, 32, 64, 128, 24])
  func maxPooling(level: InstructionSet, channels: Int) throws {
    try KernelConfiguration.withLevel(level) { try maxPooling(channels: channels) }
  }

  private func maxPooling(channels: Int) throws {
    for (index, shape) in Self.geometries.enumerated() {
      let geometry = try #require(
        WindowGeometry(
          inputHeight: shape.height, inputWidth: shape.width, kernel: (shape.kernel, shape.kernel),
          strides: (shape.stride, shape.stride), padding: shape.padding))
      let pooling = Pooling(kind: .maximum, geometry: geometry, channels: channels)
      let imageSize = shape.height * shape.width * channels
      // All negative, so a padding zero would win if it counted.
      let input = values(Self.batch * imageSize, seed: index).map { -abs($0) - 0.5 }
      let rowSize = geometry.outputWidth * channels
      let outputSize = geometry.outputHeight * rowSize
      var output = [Float](repeating: .nan, count: Self.batch * outputSize)
      for rows in chunks(rowsPerItem: geometry.outputHeight, rowsPerChunk: 2) {
        input.withUnsafeBufferPointer { input in
          output.withUnsafeMutableBufferPointer { output in
            PoolingKernel.run(
              pooling, activation: .linear, input: input.start,
              output: output.start + rows.range.lowerBound * rowSize, rows: rows)
          }
        }
      }
      for item in 0..<Self.batch {
        for y in 0..<geometry.outputHeight {
          for x in 0..<geometry.outputWidth {
            for c in 0..<channels {
              var best = -Float.infinity
              for ky in 0..<geometry.kernelHeight {
                for kx in 0..<geometry.kernelWidth {
                  let iy = y * geometry.strideHeight - geometry.padTop + ky
                  let ix = x * geometry.strideWidth - geometry.padLeft + kx
                  guard iy >= 0, iy < shape.height, ix >= 0, ix < shape.width else { continue }
                  best = max(best, input[item * imageSize + (iy * shape.width + ix) * channels + c])
                }
              }
              #expect(output[item * outputSize + (y * geometry.outputWidth + x) * channels + c] == best)
            }
          }
        }
      }
    }
  }

  @Test(
    "the epilogue adds the bias and clips at zero for any channel count",
    arguments: KernelConfiguration.runnable, [1, 3, 7, 8, 16, 20, 24, 40, 88, 32, 48, 64, 96, 128])
  func biasAndReLU(level: InstructionSet, channels: Int) {
    KernelConfiguration.withLevel(level) { biasAndReLU(channels: channels) }
  }

  /// Few rows run row by row; many, as one flat array with the bias repeated (or, for the
  /// channel counts compiled as constants, row by row in whole vectors).
  private func biasAndReLU(channels: Int) {
    for rows in [5, 37] {
      let source = values(rows * channels, seed: channels)
      let bias = values(channels, seed: 11)
      for relu in [true, false] {
        var output = source
        output.withUnsafeMutableBufferPointer { output in
          Epilogue.finish(
            output.start, bias: bias, activation: relu ? .plainReLU : .linear, rows: rows, channels: channels)
        }
        let expected = source.indices.map { source[$0] + bias[$0 % channels] }
        #expect(output == (relu ? expected.map { max($0, 0) } : expected), "\(rows) rows, relu \(relu)")
      }
    }
  }

  @Test(
    "PReLU's epilogue scales each channel's negative values by its own slope, with and without a bias",
    arguments: KernelConfiguration.runnable, [1, 3, 8, 17, 32, 64, 128])
  func parametricReLU(level: InstructionSet, channels: Int) {
    KernelConfiguration.withLevel(level) {
      let rows = 6
      let source = values(rows * channels, seed: channels)
      let bias = values(channels, seed: 13)
      let slopes = (0..<channels).map { Float($0 % 5) * 0.25 - 0.5 }
      for withBias in [true, false] {
        var output = source
        output.withUnsafeMutableBufferPointer { output in
          Epilogue.finish(
            output.start, bias: withBias ? bias : nil, activation: .prelu(slopes: slopes), rows: rows,
            channels: channels)
        }
        let expected = source.indices.map { index -> Float in
          let channel = index % channels
          let value = source[index] + (withBias ? bias[channel] : 0)
          return value > 0 ? value : value * slopes[channel]
        }
        #expect(output == expected, "\(channels) channels, bias \(withBias)")
      }
    }
  }

  @Test(
    "the epilogue adds a shortcut of fewer channels to the first ones, then the activation",
    arguments: KernelConfiguration.runnable,
    [(48, 32), (20, 12), (7, 3), (40, 40), (16, 1), (32, 32), (64, 48), (128, 96), (16, 8), (24, 12)])
  func biasResidualAndReLU(level: InstructionSet, channels: (all: Int, residual: Int)) {
    KernelConfiguration.withLevel(level) {
      for activation in [Activation.plainReLU, .linear, .sigmoid] {
        biasResidualAndReLU(
          channels: channels.all, residualChannels: channels.residual, activation: activation)
      }
    }
  }

  private func biasResidualAndReLU(channels: Int, residualChannels: Int, activation: Activation) {
    let rows = 5
    let source = values(rows * channels, seed: channels)
    let residual = values(rows * residualChannels, seed: 5)
    let bias = values(channels, seed: 11)
    var output = source
    residual.withUnsafeBufferPointer { residual in
      output.withUnsafeMutableBufferPointer { output in
        Epilogue.finish(
          output.start, bias: bias, residual: residual.start,
          residualChannels: residualChannels,
          activation: activation, rows: rows, channels: channels)
      }
    }
    let expected = source.indices.map { index -> Float in
      let (row, channel) = index.quotientAndRemainder(dividingBy: channels)
      let shortcut = channel < residualChannels ? residual[row * residualChannels + channel] : 0
      let sum = source[index] + bias[channel] + shortcut
      switch activation {
      case .linear: return sum
      case .sigmoid: return 1 / (1 + exp(-sum))
      default: return max(sum, 0)
      }
    }
    #expect(output == expected, "\(channels) channels, \(residualChannels) added, \(activation)")
  }
}
