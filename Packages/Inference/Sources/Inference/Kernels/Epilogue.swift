import CInference
import Foundation

/// The end of a layer: add a per-channel bias, then apply the activation, over a matrix of
/// `rows × channels` (channels last). One loop per activation, no per-element closures.
package enum Epilogue {
  /// Adds `bias` (when given) and applies `activation` in place.
  package static func finish(
    _ values: UnsafeMutablePointer<Float>, bias: [Float]?, activation: Activation, rows: Int, channels: Int
  ) {
    guard let bias else {
      activate(activation, values, rows: rows, channels: channels)
      return
    }
    bias.withUnsafeBufferPointer { bias in
      apply(
        activation, bias: bias.baseAddress, source: values, destination: values, rows: rows,
        channels: channels)
    }
  }

  /// Adds `bias` (when given) and `residual`, whose rows hold only the first `residualChannels`
  /// of the `channels` (a shortcut widened with zero channels), then applies `activation`, in
  /// place.
  package static func finish(
    _ values: UnsafeMutablePointer<Float>, bias: [Float]?, residual: UnsafePointer<Float>,
    residualChannels: Int, activation: Activation, rows: Int, channels: Int
  ) {
    (bias ?? []).withUnsafeBufferPointer { buffer in
      let bias = buffer.isEmpty ? nil : buffer.baseAddress
      if activation == .linear || activation == .plainReLU {
        cinference_bias_residual_relu(
          values, rows, channels, bias, residual, residualChannels, activation == .plainReLU ? 1 : 0, values)
        return
      }
      cinference_bias_residual_relu(values, rows, channels, bias, residual, residualChannels, 0, values)
      activate(activation, values, rows: rows, channels: channels)
    }
  }

  /// Writes `activation(source + bias)` to `destination`; source and destination may be the
  /// same buffer.
  package static func apply(
    _ activation: Activation, bias: UnsafePointer<Float>?, source: UnsafePointer<Float>,
    destination: UnsafeMutablePointer<Float>, rows: Int, channels: Int
  ) {
    if activation == .linear || activation == .plainReLU {
      cinference_bias_relu(source, rows, channels, bias, activation == .plainReLU ? 1 : 0, destination)
      return
    }
    if case .prelu(let slopes) = activation {
      slopes.withUnsafeBufferPointer { slopes in
        cinference_bias_prelu(source, rows, channels, bias, slopes.baseAddress, destination)
      }
      return
    }
    if let bias {
      for row in 0..<rows {
        let base = row * channels
        for channel in 0..<channels {
          destination[base + channel] = source[base + channel] + bias[channel]
        }
      }
    } else if UnsafePointer(destination) != source {
      destination.update(from: source, count: rows * channels)
    }
    activate(activation, destination, rows: rows, channels: channels)
  }

  /// Applies `activation` in place.
  package static func activate(
    _ activation: Activation, _ values: UnsafeMutablePointer<Float>, rows: Int, channels: Int
  ) {
    let count = rows * channels
    switch activation {
    case .linear:
      return
    case .relu(nil, 0, 0):
      for index in 0..<count { values[index] = max(values[index], 0) }
    case .relu(let maxValue, let slope, let threshold):
      let ceiling = maxValue ?? .infinity
      for index in 0..<count {
        let value = values[index]
        values[index] = value > threshold ? min(value, ceiling) : slope * (value - threshold)
      }
    case .sigmoid:
      for index in 0..<count { values[index] = 1 / (1 + exp(-values[index])) }
    case .tanh:
      for index in 0..<count { values[index] = Foundation.tanh(values[index]) }
    case .prelu:
      apply(activation, bias: nil, source: values, destination: values, rows: rows, channels: channels)
    case .softmax:
      for row in 0..<rows {
        let base = values + row * channels
        var largest = -Float.infinity
        for channel in 0..<channels { largest = max(largest, base[channel]) }
        var sum: Float = 0
        for channel in 0..<channels {
          let value = exp(base[channel] - largest)
          base[channel] = value
          sum += value
        }
        for channel in 0..<channels { base[channel] /= sum }
      }
    }
  }
}
