/// A model's layers with their output shapes, parameters and FLOPs, printable as a table.
public struct ModelSummary: Sendable, Equatable, CustomStringConvertible {
  /// The layers in execution order, as in the Keras file.
  public let layers: [LayerSummary]
  /// The input shape of one batch item.
  public let inputShape: [Int]
  /// The output shape of one batch item.
  public let outputShape: [Int]

  /// Makes a summary.
  public init(layers: [LayerSummary], inputShape: [Int], outputShape: [Int]) {
    self.layers = layers
    self.inputShape = inputShape
    self.outputShape = outputShape
  }

  /// The number of stored weights, as Keras's `count_params` counts them.
  public var parameters: Int { layers.reduce(0) { $0 + $1.parameters } }

  /// FLOPs per batch item (2 per multiply-add of the convolution and Dense layers).
  public var flops: Int { layers.reduce(0) { $0 + $1.flops } }

  /// A table: one row per layer, then the totals.
  public var description: String {
    let header = ["Layer (type)", "Output shape", "Params", "FLOPs", "Inputs"]
    var rows = [header]
    for layer in layers {
      rows.append([
        "\(layer.name) (\(layer.className))",
        layer.outputShape.map(String.init).joined(separator: "x"),
        Self.grouped(layer.parameters),
        Self.grouped(layer.flops),
        layer.inputs.joined(separator: ", "),
      ])
    }
    var widths = [Int](repeating: 0, count: header.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    let rightAligned: Set<Int> = [2, 3]
    func line(_ row: [String]) -> String {
      let text = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        if column == row.count - 1 { return cell }
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ")
      return String(text.reversed().drop { $0 == " " }.reversed())
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    var lines = [line(header), rule]
    lines += rows.dropFirst().map(line)
    lines.append(rule)
    lines.append(
      "\(layers.count) layers, \(Self.grouped(parameters)) parameters, "
        + "\(Self.megaFLOPs(flops)) MFLOP per item, input \(ModelError.format(inputShape)), "
        + "output \(ModelError.format(outputShape))")
    return lines.joined(separator: "\n")
  }

  /// `58423` → `58,423`.
  package static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// `20326784` → `20.3`.
  package static func megaFLOPs(_ flops: Int) -> String {
    let tenths = (flops + 50_000) / 100_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
