import FaceAnalysis
import Foundation
@_spi(Benchmarks) import Inference
import Processor

/// The full benchmark: CNN, per-layer times, Haar and end to end, as text or one JSON object.
struct Report {
  let workspace: Workspace
  let repeats: Int
  let sections: Set<String>

  /// Runs the selected sections and prints the report.
  func run(json: Bool) throws {
    var result: [String: JSON] = [:]
    var text: [String] = []
    let load = Self.loadAverage()
    result["machine"] = .object([
      "blas": .string(BLASConfiguration.current.configuration),
      "blas_kernels": .string(BLASConfiguration.current.coreType),
      "blas_kernels_origin": .string(BLASConfiguration.current.coreTypeOrigin.description),
      "processors": .integer(ProcessInfo.processInfo.activeProcessorCount),
      "load_average_start": .string(load),
    ])
    text.append(
      "machine: \(BLASConfiguration.current); kernels \(KernelConfiguration.summary); load average at start \(load)"
    )
    let detector = try workspace.loadDetector()
    if sections.contains("cnn") {
      try cnn(detector: detector, result: &result, text: &text)
    }
    if sections.contains("haar") {
      let rows = HaarBenchmark(detector: detector, repeats: repeats).run(frames: try Inputs.frames(workspace))
      text.append("\nHaar detection (scale 1.1, 5 neighbours, min 50 px), ms per frame: median [min, max]")
      for row in rows {
        text.append(
          "  \(row.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(Self.ms(row.sample))  "
            + "\(row.boxes.count) faces")
      }
      result["haar"] = .array(
        rows.map { row in
          .object([
            "frame": .string(row.name), "width": .integer(row.width), "height": .integer(row.height),
            "ms": .object(row.sample.json()), "faces": .integer(row.boxes.count),
          ])
        })
    }
    if sections.contains("e2e") {
      let bench = EndToEndBenchmark(
        binary: workspace.emotionsBinary,
        modelDirectory: workspace.root.appendingPathComponent("Models").path,
        repeats: max(3, repeats / 4))
      let video = workspace.fixture("faces.mp4")
      let short = try bench.run(video: video, name: "faces.mp4")
      let loopedVideo = try EndToEndBenchmark.looped(video, times: 10)
      defer { try? FileManager.default.removeItem(atPath: loopedVideo) }
      let long = try bench.run(video: loopedVideo, name: "faces.mp4 x10")
      text.append("\nEnd to end: emotions detect --json (release binary, start-up included)")
      var rows: [JSON] = []
      for row in [short, long] {
        let peak = Double(row.peakBytes.max() ?? 0) / 1_048_576
        let own = Double(row.ownPeakBytes.max() ?? 0) / 1_048_576
        text.append(
          "  \(row.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(row.frames) frames  "
            + String(format: "%.1f fps", row.framesPerSecond)
            + "  wall \(Self.ms(row.seconds))  peak RSS "
            + String(format: "%.1f MB (own), %.1f MB (with ffmpeg)", own, peak))
        rows.append(
          .object([
            "video": .string(row.name), "frames": .integer(row.frames), "fps": .number(row.framesPerSecond),
            "wall_ms": .object(row.seconds.json()), "peak_rss_mb": .number(own),
            "peak_rss_with_children_mb": .number(peak),
          ]))
      }
      // Start-up (process, model and cascade loading, the decoding libraries) cancels out between
      // the two runs: what is left is the rate of the frame loop itself.
      let steady =
        Double(long.frames - short.frames) / max(long.seconds.median - short.seconds.median, 1e-9)
      text.append(String(format: "  steady state (x10 minus x1): %.1f fps", steady))
      result["end_to_end"] = .array(rows)
      result["end_to_end_steady_fps"] = .number(steady)
    }
    if sections.contains("track") {
      let (lines, rows) = try TrackingBenchmark.report(workspace: workspace, repeats: repeats)
      text += lines
      result["tracking"] = rows
    }
    let endLoad = Self.loadAverage()
    result["machine"] = .object([
      "blas": .string(BLASConfiguration.current.configuration),
      "blas_kernels": .string(BLASConfiguration.current.coreType),
      "blas_kernels_origin": .string(BLASConfiguration.current.coreTypeOrigin.description),
      "processors": .integer(ProcessInfo.processInfo.activeProcessorCount),
      "load_average_start": .string(load), "load_average_end": .string(endLoad),
    ])
    text.append("\nload average at end \(endLoad)")
    print(json ? JSON.object(result).text : text.joined(separator: "\n"))
  }

  private func cnn(detector: HaarFaceDetector, result: inout [String: JSON], text: inout [String]) throws {
    let model = try workspace.loadModel()
    let faces = try Inputs.faces(workspace, detector: detector, count: 64)
    let processors = ProcessInfo.processInfo.activeProcessorCount
    // The ceiling: fused multiply-adds on the kernels' widest vectors (AVX-512 here). The
    // sgemm figure is OpenBLAS's, whose kernels may be narrower (Haswell's on Zen 5).
    let peakAll = KernelConfiguration.measurePeakGFLOPS(threads: processors)
    let peakOne = KernelConfiguration.measurePeakGFLOPS(threads: 1)
    let sgemmAll = BLASConfiguration.measurePeakGFLOPS(threads: processors)
    let sgemmOne = BLASConfiguration.measurePeakGFLOPS(threads: 1)
    let bench = CNNBenchmark(model: model, faces: faces, repeats: repeats * 4)
    let rows = try bench.run(batches: [1, 8, 64])
    text.append(
      "CNN \(model.summary.layers.count) layers, "
        + String(format: "%.1f MFLOP per face", Double(model.summary.flops) / 1e6)
        + "; \(KernelConfiguration.instructionSet) FMA peak "
        + String(format: "%.1f GFLOPS all cores, %.1f one core", peakAll, peakOne)
        + String(format: " (OpenBLAS sgemm 1536^3: %.1f, %.1f)", sgemmAll, sgemmOne))
    text.append("  batch  latency ms median [min, max]      faces/s   GFLOPS  % of FMA peak")
    for row in rows {
      text.append(
        String(format: "  %5d  ", row.batch)
          + Self.ms(row.latency).padding(toLength: 30, withPad: " ", startingAt: 0)
          + String(
            format: " %8.0f  %7.1f  %5.1f%%", row.facesPerSecond, row.gflops, 100 * row.gflops / peakAll))
    }
    let layers = try bench.layers(batch: 8)
    let total = layers.reduce(0) { $0 + $1.median }
    let sgemm = layers.reduce(0) { $0 + $1.timing.sgemmFLOPs }
    text.append("  per step at batch 8 (median of profiled runs; MFLOP per face in cblas_sgemm):")
    for (timing, median) in layers {
      text.append(
        "    " + "\(timing.name) (\(timing.className))".padding(toLength: 44, withPad: " ", startingAt: 0)
          + String(
            format: "%8.3f ms  %5.1f%%  %6.2f", median * 1000, 100 * median / max(total, 1e-12),
            timing.sgemmFLOPs / 8e6))
    }
    text.append(
      String(
        format:
          "  cblas_sgemm: %.2f MFLOP per face, the model's convolutions but depthwise %.2f (of %.2f in all)",
        sgemm / 8e6, Double(Self.productFLOPs(model.summary)) / 1e6, Double(model.summary.flops) / 1e6))
    result["cnn"] = .object([
      "flops_per_face": .integer(model.summary.flops),
      "instruction_set": .string(KernelConfiguration.instructionSet),
      "kernels": .string(KernelConfiguration.summary),
      "peak_gflops": .number(peakAll), "peak_gflops_one_core": .number(peakOne),
      "sgemm_gflops": .number(sgemmAll), "sgemm_gflops_one_core": .number(sgemmOne),
      "batches": .array(
        rows.map { row in
          .object([
            "batch": .integer(row.batch), "latency_ms": .object(row.latency.json()),
            "faces_per_second": .number(row.facesPerSecond), "gflops": .number(row.gflops),
            "share_of_peak": .number(row.gflops / peakAll),
          ])
        }),
      "steps_batch_8": .array(
        layers.map { timing, median in
          .object([
            "name": .string(timing.name), "class": .string(timing.className), "ms": .number(median * 1000),
            "sgemm_mflop_per_face": .number(timing.sgemmFLOPs / 8e6),
          ])
        }),
    ])
  }

  /// The FLOPs per item of a model's Conv2D and Dense layers and of the pointwise halves of its
  /// SeparableConv2D layers: what runs as matrix products.
  static func productFLOPs(_ summary: ModelSummary) -> Int {
    let layers = Dictionary(summary.layers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    return summary.layers.reduce(0) { total, layer in
      switch layer.className {
      case "Conv2D", "Dense":
        return total + layer.flops
      case "SeparableConv2D":
        let inputChannels = layer.inputs.first.flatMap { layers[$0]?.outputShape.last } ?? 0
        return total + 2 * layer.outputShape.dropLast().reduce(1, *) * inputChannels
          * (layer.outputShape.last ?? 0)
      default:
        return total
      }
    }
  }

  /// `median [min, max]` in milliseconds.
  static func ms(_ sample: Sample) -> String {
    String(format: "%.3f [%.3f, %.3f]", sample.median * 1000, sample.minimum * 1000, sample.maximum * 1000)
  }

  /// The 1, 5 and 15 minute load averages.
  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }
}
