import FaceAnalysis
import Foundation
import Inference
import Processor

let usage = """
  usage: bench [--json] [--repeats N] [--only cnn,haar,e2e,track]
                                                               the full report
         bench export <dir>                                    shared inputs for the peers script
         bench cnn <faces.f32> --batch B [--repeats N] [--threads T]  timings as JSON
         bench gemm-floor --batch B [--model cnn|full|short] [--repeats N]
                                                               a model's products alone as JSON
         bench haar <frame.pgm> [--repeats N]                  timings and boxes as JSON
         bench e2e <video> [--repeats N] [--detector D]        emotions detect timings as JSON
         bench blazeface <image> [--model full|short] [--threads T] [--repeats N]
                                                               BlazeFace timings as JSON
         bench sface <image> --model FILE [--threads T] [--repeats N]
                                                               SFace on the largest face, as JSON
         bench vision [<video>] [--frames N]                   Vision's picture per graphics mode
         bench live <video> [--detector D]                     Vision's recognition in real time
         bench stages <video> [--detector D]                   detect's stages, one thread, as JSON
         bench track <records.jsonl> [--repeats N]             detect --json records' face tracks
                                                               and the tracker's time as JSON lines
  """

do {
  // EMOTIONS_CPU caps the kernels here as in emotions; a value naming no level is refused.
  if let problem = KernelConfiguration.environmentProblem { throw BenchError.usage(problem) }
  let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
  let workspace = Workspace()
  switch arguments.command {
  case "report":
    let sections = Set(
      (arguments.options["only"] ?? "cnn,haar,e2e,track").split(separator: ",").map(String.init))
    try Report(workspace: workspace, repeats: try arguments.integer("repeats", 20), sections: sections)
      .run(json: arguments.flag("json"))
  case "export":
    guard let directory = arguments.positional.first else { throw BenchError.usage(usage) }
    try RawMode.export(to: directory, workspace: workspace)
  case "cnn":
    guard let faces = arguments.positional.first else { throw BenchError.usage(usage) }
    try RawMode.cnn(
      faces: faces, batch: try arguments.integer("batch", 1), repeats: try arguments.integer("repeats", 200),
      threads: try arguments.integer("threads", ModelThreads.default), workspace: workspace)
  case "gemm-floor":
    try RawMode.gemmFloor(
      model: arguments.options["model"] ?? "cnn", batch: try arguments.integer("batch", 1),
      repeats: try arguments.integer("repeats", 50), workspace: workspace)
  case "haar":
    guard let frame = arguments.positional.first else { throw BenchError.usage(usage) }
    try RawMode.haar(frame: frame, repeats: try arguments.integer("repeats", 20), workspace: workspace)
  case "e2e":
    guard let video = arguments.positional.first else { throw BenchError.usage(usage) }
    try RawMode.endToEnd(
      video: video, repeats: try arguments.integer("repeats", 5), detector: arguments.options["detector"],
      workspace: workspace)
  case "blazeface":
    guard let image = arguments.positional.first else { throw BenchError.usage(usage) }
    let model: BlazeFaceModel = arguments.options["model"] == "short" ? .shortRange : .fullRange
    try RawMode.blazeFace(
      image: image, model: model, threads: try arguments.integer("threads", 1),
      repeats: try arguments.integer("repeats", 100), workspace: workspace)
  case "sface":
    guard let image = arguments.positional.first, let model = arguments.options["model"] else {
      throw BenchError.usage(usage)
    }
    try RawMode.sface(
      image: image, model: model, threads: try arguments.integer("threads", 1),
      repeats: try arguments.integer("repeats", 100), workspace: workspace)
  case "live":
    guard let video = arguments.positional.first else { throw BenchError.usage(usage) }
    let detector = FaceDetectorKind(rawValue: arguments.options["detector"] ?? "haar") ?? .haar
    try LiveBenchmark.run(video: video, detector: detector, workspace: workspace)
  case "stages":
    guard let video = arguments.positional.first else { throw BenchError.usage(usage) }
    let detector = FaceDetectorKind(rawValue: arguments.options["detector"] ?? "blazeface") ?? .blazeFace
    try StageBenchmark.run(video: video, detector: detector, workspace: workspace)
  case "vision":
    let video = arguments.positional.first ?? workspace.fixture("faces.mp4")
    let frames = try arguments.integer("frames", 300)
    VisionBenchmark.report(
      try VisionBenchmark.run(video: video, frames: frames, workspace: workspace), frames: frames)
  case "track":
    guard let records = arguments.positional.first else { throw BenchError.usage(usage) }
    try TrackingBenchmark.raw(records: records, repeats: try arguments.integer("repeats", 50))
  case "help", "--help":
    print(usage)
  default:
    throw BenchError.usage(usage)
  }
} catch {
  FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
  exit(2)
}
