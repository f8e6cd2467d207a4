import Foundation
import Testing

@testable import Inference

@Suite struct DumpGraph {
  @Test func dump() throws {
    for file in ["face_detection_full_range.tflite", "face_detection_short_range.tflite"] {
      let model = try TFLiteModel(contentsOf: TestFixtures.modelURL(file))
      let graph = model.runner.plan.graph
      var out = ""
      for (i, node) in graph.nodes.enumerated() where node.operation != .identity {
        var op = "\(node.operation)".prefix(30)
        if case .convolution(let c) = node.operation { op = "conv k\(c.geometry.kernelHeight)s\(c.geometry.strideHeight) \(c.inputChannels)->\(c.outputChannels)" }
        if case .depthwise(let d) = node.operation { op = "dw k\(d.geometry.kernelHeight)s\(d.geometry.strideHeight) \(d.inputChannels)" }
        if case .pad(let p) = node.operation { op = "pad t\(p.top)b\(p.bottom)l\(p.left)r\(p.right) c\(p.channelsBefore)/\(p.channelsAfter)" }
        out += "\(i) \(node.name) \(node.shape) \(op) act=\(node.activation) in=\(node.inputs)\n"
      }
      try out.write(toFile: "/tmp/graph-\(file).txt", atomically: true, encoding: .utf8)
    }
  }
}
