import FaceAnalysis
@_spi(Benchmarks) import FaceDetection
import Foundation
@_spi(Benchmarks) import Inference
@_spi(Benchmarks) import InferenceKeras
@_spi(Benchmarks) import InferenceONNX
@_spi(Benchmarks) import InferenceTFLite
import Media
import Processor

/// The machine-readable commands the `peers` script drives: export the shared inputs, then
/// time our side on exactly those inputs and print one JSON object per command.
enum RawMode {
  /// `export <dir>`: writes `faces.f32` (64 face crops, [64, 64, 64, 1] Float32 little endian)
  /// and one binary PGM per benchmark frame; prints the file list, with the kernels' instruction
  /// set and the BLAS library that our side runs.
  static func export(to directory: String, workspace: Workspace) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let detector = try workspace.loadDetector()
    let faces = try Inputs.faces(workspace, detector: detector, count: 64)
    let facesPath = directory + "/faces.f32"
    try faces.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: facesPath))
    var frames: [JSON] = []
    for (name, image) in try Inputs.frames(workspace) {
      let path = "\(directory)/\(name).pgm"
      var data = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
      data.append(contentsOf: image.pixels)
      try data.write(to: URL(fileURLWithPath: path))
      frames.append(.object(["name": .string(name), "path": .string(path)]))
    }
    print(
      JSON.object([
        "faces": .string(facesPath), "face_count": .integer(64), "frames": .array(frames),
        "kernels": .string(KernelConfiguration.summary),
        "blas": .string(BLASConfiguration.current.description),
      ]).text)
  }

  /// `cnn <faces.f32> --batch B --repeats R [--threads T]`: seconds of each `predict` call on
  /// the first B faces (on T threads, by default one per processor), and the predicted class
  /// of each.
  static func cnn(faces path: String, batch: Int, repeats: Int, threads: Int, workspace: Workspace) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let values = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    guard values.count >= batch * 64 * 64 else {
      throw BenchError.usage("\(path) has fewer than \(batch) faces")
    }
    let model = try workspace.loadModel()
    let input = try Tensor(shape: [batch, 64, 64, 1], values: Array(values[0..<(batch * 64 * 64)]))
    let output = try model.predict(input, threads: threads)
    let sample = Sample.measure(warmUp: max(5, repeats / 10), repeats: repeats) {
      _ = try? model.predict(input, threads: threads)
    }
    var runs: [[StepTiming]] = []
    for _ in 0..<20 { runs.append(try model.profiler.profile(input, threads: threads)) }
    print(
      JSON.object([
        "seconds": .array(sample.seconds.map { .number($0) }), "steps": stepsJSON(runs),
        "classes": .array(output.argmaxPerItem.map { .integer($0) }),
      ]).text)
  }

  /// `gemm-floor --batch B --model M --repeats R`: each ordinary convolution's product for B
  /// items of the emotion CNN (`cnn`) or a BlazeFace model (`full`, `short`) on one thread, as
  /// one `cblas_sgemm` call or one per chunk (the fastest run and orientation), and their sum.
  static func gemmFloor(model: String, batch: Int, repeats: Int, workspace: Workspace) throws {
    let profiler: ModelProfiler
    switch model {
    case "cnn": profiler = try workspace.loadModel().profiler
    case "full", "short":
      let blazeFace: BlazeFaceModel = model == "short" ? .shortRange : .fullRange
      profiler = try TFLiteModel(
        contentsOf: workspace.root.appendingPathComponent("Models").appendingPathComponent(blazeFace.fileName)
      ).profiler
    default: throw BenchError.usage("gemm-floor --model takes cnn, full or short, not \(model)")
    }
    let floors = try profiler.gemmFloors(batch: batch, repeats: repeats)
    print(
      JSON.object([
        "seconds": .number(floors.reduce(0) { $0 + $1.seconds }),
        "layers": .array(
          floors.map { floor in
            .object([
              "name": .string(floor.name), "m": .integer(floor.m), "n": .integer(floor.n),
              "k": .integer(floor.k), "chunks": .integer(floor.chunks),
              "seconds": .number(floor.seconds),
            ])
          }),
      ]).text)
  }

  /// `haar <frame.pgm> --repeats R`: seconds of each detection and the boxes found.
  static func haar(frame path: String, repeats: Int, workspace: Workspace) throws {
    let image = try ImageDecoder().decode(contentsOfFile: path).grayscale()
    let detector = try workspace.loadDetector()
    var boxes: [BoundingBox] = []
    let sample = Sample.measure(warmUp: 2, repeats: repeats) { boxes = detector.detect(in: image) }
    print(
      JSON.object([
        "seconds": .array(sample.seconds.map { .number($0) }),
        "boxes": .array(boxes.map { .array($0.array.map { .integer($0) }) }),
      ]).text)
  }

  /// `e2e <video> --repeats R [--detector D]`: `emotions detect --json` on the video, as in the
  /// report.
  static func endToEnd(video: String, repeats: Int, detector: String? = nil, workspace: Workspace) throws {
    let bench = EndToEndBenchmark(
      binary: workspace.emotionsBinary, modelDirectory: workspace.root.appendingPathComponent("Models").path,
      repeats: repeats, options: detector.map { ["--detector", $0] } ?? [])
    let row = try bench.run(video: video, name: video)
    print(
      JSON.object([
        "frames": .integer(row.frames), "seconds": .array(row.seconds.seconds.map { .number($0) }),
        "peak_rss_mb": .array(row.ownPeakBytes.map { .number(Double($0) / 1_048_576) }),
        "peak_rss_with_children_mb": .array(row.peakBytes.map { .number(Double($0) / 1_048_576) }),
      ]).text)
  }

  /// `blazeface <image> --model full|short --threads T --repeats R`: seconds of the model alone
  /// (one `predict` of its input), of the whole detector (letterbox, model, decoding,
  /// suppression) on the image, and of its steps around the model on the image (the letterbox
  /// into the model's input; decoding, suppression and pixel boxes from the model's outputs),
  /// and the faces found.
  static func blazeFace(
    image path: String, model blazeFace: BlazeFaceModel, threads: Int, repeats: Int, workspace: Workspace
  )
    throws
  {
    let image = try ImageDecoder().decode(contentsOfFile: path)
    let picture = FacePicture(rgb: image)
    let detector = try workspace.loadBlazeFace(blazeFace)
    let model = try TFLiteModel(
      contentsOf: workspace.root.appendingPathComponent("Models").appendingPathComponent(blazeFace.fileName))
    let input = try Tensor(shape: [1] + model.inputShape, repeating: 0.25)
    let modelSample = Sample.measure(warmUp: max(5, repeats / 10), repeats: repeats) {
      _ = try? model.predict(input, threads: threads)
    }
    var modelInput: [Float] = []
    let letterboxSample = Sample.measure(warmUp: max(5, repeats / 10), repeats: repeats) {
      modelInput = detector.modelInput(from: image)
    }
    let outputs = detector.modelOutputs(input: modelInput, threads: threads)
    var faces: [DetectedFace] = []
    let decodeSample = Sample.measure(warmUp: max(5, repeats / 10), repeats: repeats) {
      faces = detector.faces(from: outputs, in: image)
    }
    let detectSample = Sample.measure(warmUp: max(5, repeats / 10), repeats: repeats) {
      faces = detector.detectFaces(in: picture, options: DetectionOptions(), threads: threads)
    }
    // Each operator class's share of the model's time, summed over 20 profiled runs, and
    // each step's median over them.
    var classes: [String: Double] = [:]
    var runs: [[StepTiming]] = []
    for _ in 0..<20 {
      let run = try model.profiler.profile(input, threads: threads)
      for step in run { classes[step.className, default: 0] += step.seconds / 20 }
      runs.append(run)
    }
    let steps = stepsJSON(runs)
    print(
      JSON.object([
        "operator_seconds": .object(classes.mapValues { .number($0) }), "steps": steps,
        "model_seconds": .array(modelSample.seconds.map { .number($0) }),
        "detect_seconds": .array(detectSample.seconds.map { .number($0) }),
        "letterbox_seconds": .array(letterboxSample.seconds.map { .number($0) }),
        "decode_seconds": .array(decodeSample.seconds.map { .number($0) }),
        "kernels": .string(KernelConfiguration.summary),
        "width": .integer(image.width), "height": .integer(image.height),
        "faces": .integer(faces.count),
      ]).text)
  }

  /// `sface <image> --model FILE --threads T --repeats R`: seconds of SFace alone (one `predict`
  /// of the image's largest BlazeFace face, aligned to its template), each step's median over
  /// 20 profiled runs, the model's load (file to plan, five times), and the embedding's first
  /// values (to compare with a peer's).
  static func sface(
    image path: String, model file: String, threads: Int, repeats: Int, workspace: Workspace
  ) throws {
    let image = try ImageDecoder().decode(contentsOfFile: path)
    let detector = try workspace.loadBlazeFace(.fullRange)
    let faces = detector.detectFaces(
      in: FacePicture(rgb: image), options: DetectionOptions(), threads: threads)
    guard let face = faces.max(by: { $0.box.width * $0.box.height < $1.box.width * $1.box.height }) else {
      throw BenchError.usage("no face in \(path)")
    }
    let embedder = try FaceEmbedder(contentsOf: URL(fileURLWithPath: file))
    let loadSample = Sample.measure(warmUp: 1, repeats: 5) {
      _ = try? ONNXModel(contentsOf: URL(fileURLWithPath: file))
    }
    let model = try ONNXModel(contentsOf: URL(fileURLWithPath: file))
    let aligned = FaceEmbedder.alignedFace(face, in: image)
    let input = try Tensor(shape: [1] + model.inputShape, values: aligned.pixels.map(Float.init))
    let modelSample = Sample.measure(warmUp: max(5, repeats / 10), repeats: repeats) {
      _ = try? model.predict(input, threads: threads)
    }
    var runs: [[StepTiming]] = []
    for _ in 0..<20 { runs.append(try model.profiler.profile(input, threads: threads)) }
    let embedding = try embedder.embeddings(of: [face], in: image, threads: threads)[0]
    print(
      JSON.object([
        "model_seconds": .array(modelSample.seconds.map { .number($0) }), "steps": stepsJSON(runs),
        "load_seconds": .array(loadSample.seconds.map { .number($0) }),
        "kernels": .string(KernelConfiguration.summary), "faces": .integer(faces.count),
        "embedding_head": .array(embedding.prefix(4).map { .number(Double($0)) }),
      ]).text)
  }

  /// Each step of profiled runs: its name, class, output shape, median seconds and
  /// `cblas_sgemm` FLOPs.
  private static func stepsJSON(_ runs: [[StepTiming]]) -> JSON {
    .array(
      (runs.first ?? []).indices.map { index in
        let step = runs[0][index]
        let seconds = runs.map { $0[index].seconds }.sorted()
        return .object([
          "name": .string(step.name), "class": .string(step.className),
          "shape": .array(step.outputShape.map { .integer($0) }),
          "seconds": .number(seconds[seconds.count / 2]),
          "sgemm_flops": .number(step.sgemmFLOPs),
        ])
      })
  }
}
