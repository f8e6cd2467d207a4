import Testing

@testable import Inference

/// The SIMD kernels (direct convolution, depthwise, max pooling) against plain loops in
/// Double over every geometry they take: strides, 'same' and 'valid' padding, odd sizes,
/// windows hanging over the border; and an item's bits alone and in a batch.
@Suite("SIMD kernels")
struct SIMDKernelTests {
  /// Deterministic values in -1...1.
  private func values(_ count: Int, seed: Int) -> [Float] {
    (0..<count).map { Float(((($0 + seed) * 7_919) % 2_001) - 1_000) / 1_000 }
  }

  private static let geometries: [(height: Int, width: Int, kernel: Int, stride: Int, padding: Padding)] = [
    (9, 11, 3, 1, .valid), (10, 10, 3, 2, .same), (7, 13, 2, 1, .same), (12, 12, 1, 2, .valid),
    (6, 9, 5, 1, .same), (16, 16, 3, 1, .same), (5, 5, 3, 2, .same),
    // 1x1 at stride 1 runs over the image as one flat row of pixels (AVX-512), in blocks or
    // one by one when there are fewer pixels than a block; wide rows take the widest blocks.
    (7, 9, 1, 1, .valid), (1, 5, 1, 1, .same), (5, 7, 3, 1, .same), (6, 21, 3, 1, .valid),
    (5, 24, 3, 1, .same),
    // 3x3 from 8 to 8 channels on rows of 32 interior pixels or more runs in planar blocks of
    // 32 (AVX-512), the last one stepping back; 3x3 depthwise on 16-channel multiples takes
    // blocks of 12 pixels on rows of 48 interior pixels or more.
    (4, 52, 3, 1, .same), (4, 37, 3, 1, .valid),
  ]

  @Test(
    "direct convolution equals the plain sum, with bias and ReLU",
    arguments: [(1, 8), (8, 8), (3, 16), (16, 32), (4, 24), (32, 64), (16, 128), (32, 7), (3, 12)])
  func directConvolution(channels: (input: Int, output: Int)) throws {
    for (index, shape) in Self.geometries.enumerated() {
      let geometry = try #require(
        WindowGeometry(
          inputHeight: shape.height, inputWidth: shape.width, kernel: (shape.kernel, shape.kernel),
          strides: (shape.stride, shape.stride), padding: shape.padding))
      let patch = geometry.taps * channels.input
      let convolution = Convolution(
        geometry: geometry, inputChannels: channels.input, outputChannels: channels.output,
        kernel: values(patch * channels.output, seed: index), bias: values(channels.output, seed: 99))
      guard DirectConvolutionKernel.handles(convolution) else { continue }
      let batch = 3
      let imageSize = shape.height * shape.width * channels.input
      let input = values(batch * imageSize, seed: 7 + index)
      let outputSize = geometry.outputHeight * geometry.outputWidth * channels.output
      var output = [Float](repeating: .nan, count: batch * outputSize)
      var alone = [Float](repeating: .nan, count: outputSize)
      input.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { output in
          DirectConvolutionKernel.run(
            convolution, activation: .plainReLU, input: input.baseAddress!, output: output.baseAddress!,
            batch: batch)
        }
        alone.withUnsafeMutableBufferPointer { alone in
          DirectConvolutionKernel.run(
            convolution, activation: .plainReLU, input: input.baseAddress! + imageSize,
            output: alone.baseAddress!, batch: 1)
        }
      }
      #expect(Array(output[outputSize..<(2 * outputSize)]) == alone)
      var worst = 0.0
      for item in 0..<batch {
        for y in 0..<geometry.outputHeight {
          for x in 0..<geometry.outputWidth {
            for n in 0..<channels.output {
              var sum = Double(convolution.bias?[n] ?? 0)
              for ky in 0..<geometry.kernelHeight {
                for kx in 0..<geometry.kernelWidth {
                  let iy = y * geometry.strideHeight - geometry.padTop + ky
                  let ix = x * geometry.strideWidth - geometry.padLeft + kx
                  guard iy >= 0, iy < shape.height, ix >= 0, ix < shape.width else { continue }
                  for c in 0..<channels.input {
                    let k = ((ky * geometry.kernelWidth + kx) * channels.input + c) * channels.output + n
                    sum +=
                      Double(input[item * imageSize + (iy * shape.width + ix) * channels.input + c])
                      * Double(convolution.kernel[k])
                  }
                }
              }
              let got = output[item * outputSize + (y * geometry.outputWidth + x) * channels.output + n]
              worst = max(worst, abs(Double(got) - max(sum, 0)))
            }
          }
        }
      }
      #expect(worst < 1e-4, "geometry \(shape): max difference \(worst)")
    }
  }

  @Test("depthwise convolution equals the plain sum", arguments: [8, 16, 24, 32])
  func depthwise(channels: Int) throws {
    for (index, shape) in Self.geometries.enumerated() {
      let geometry = try #require(
        WindowGeometry(
          inputHeight: shape.height, inputWidth: shape.width, kernel: (shape.kernel, shape.kernel),
          strides: (shape.stride, shape.stride), padding: shape.padding))
      let depthwise = DepthwiseConvolution(
        geometry: geometry, inputChannels: channels, multiplier: 1,
        kernel: values(geometry.taps * channels, seed: index), bias: nil)
      let batch = 2
      let imageSize = shape.height * shape.width * channels
      let input = values(batch * imageSize, seed: 3 + index)
      let outputSize = geometry.outputHeight * geometry.outputWidth * channels
      var output = [Float](repeating: .nan, count: batch * outputSize)
      input.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { output in
          DepthwiseKernel.run(
            depthwise, activation: .linear, input: input.baseAddress!, output: output.baseAddress!,
            batch: batch)
        }
      }
      var worst = 0.0
      for item in 0..<batch {
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
              worst = max(worst, abs(Double(got) - sum))
            }
          }
        }
      }
      #expect(worst < 1e-5, "geometry \(shape): max difference \(worst)")
    }
  }

  @Test("max pooling takes the largest real pixel", arguments: [8, 16, 3])
  func maxPooling(channels: Int) throws {
    for (index, shape) in Self.geometries.enumerated() {
      let geometry = try #require(
        WindowGeometry(
          inputHeight: shape.height, inputWidth: shape.width, kernel: (shape.kernel, shape.kernel),
          strides: (shape.stride, shape.stride), padding: shape.padding))
      let pooling = Pooling(kind: .maximum, geometry: geometry, channels: channels)
      let imageSize = shape.height * shape.width * channels
      // All negative, so a padding zero would win if it counted.
      let input = values(2 * imageSize, seed: index).map { -abs($0) - 0.5 }
      let outputSize = geometry.outputHeight * geometry.outputWidth * channels
      var output = [Float](repeating: .nan, count: 2 * outputSize)
      input.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { output in
          PoolingKernel.run(
            pooling, activation: .linear, input: input.baseAddress!, output: output.baseAddress!, batch: 2)
        }
      }
      for item in 0..<2 {
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
}
