import FaceAnalysis
import Foundation
import Media
import TerminalUI
import TerminalUISixel

/// The Vision screen's picture path per graphics mode, on the frames of a 640x360 video: each
/// frame annotated by `FrameAnnotator` (as the screen does once a frame), drawn by `ImageView`
/// into a canvas of a large terminal (160x50 cells of 10x20 pixels) and turned into bytes by
/// `FrameRenderer` (half blocks in 24-bit color, the kitty protocol, or sixel through
/// libsixel, as the app uses it and in variants), written to /dev/null. Recognition is left out: it runs on its own threads and
/// drops frames rather than slowing the screen.
enum VisionBenchmark {
  struct Result {
    var mode: String
    var sample: Sample
    var bytesPerFrame: Double
  }

  /// Times `frames` distinct frames per mode (the video's frames, cycled).
  static func run(video: String, frames count: Int, workspace: Workspace) throws -> [Result] {
    let recognizer = try EmotionRecognizer(files: workspace.files, options: RecognitionOptions())
    let source = try VideoSource(input: video, kind: .video)
    defer { source.close() }
    var frames: [RecognizedFrame] = []
    while let frame = try source.next() {
      frames.append(
        RecognizedFrame(
          index: frame.index, time: frame.time ?? 0, name: video, image: frame.image,
          faces: try recognizer.recognize(frame.image)))
    }
    guard !frames.isEmpty else { throw BenchError.usage("\(video) has no frames") }
    let sink = open("/dev/null", O_WRONLY)
    defer { close(sink) }
    let modes: [(String, (any TerminalImageEncoder)?)] = [
      ("blocks (24-bit half blocks)", nil), ("kitty", KittyImageEncoder()),
      ("sixel, as Vision: 128 colors, nearest", SixelImageEncoder()),
      ("sixel, a palette made for every frame", SixelImageEncoder(paletteLifetime: 1)),
      ("sixel, dithered", SixelImageEncoder(dithers: true)),
      ("sixel, 256 colors", SixelImageEncoder(colors: 256)),
      ("sixel, xterm's fixed 256 colors", SixelImageEncoder(builtinPalette: true)),
    ]
    var results: [Result] = []
    var drawIndex = 0
    let drawing = Sample.measure(warmUp: 5, repeats: count) {
      _ = canvas(for: frames[drawIndex % frames.count], showsPictures: false)
      drawIndex += 1
    }
    results.append(Result(mode: "(annotate, draw half blocks, no output)", sample: drawing, bytesPerFrame: 0))
    var annotateIndex = 0
    let annotating = Sample.measure(warmUp: 5, repeats: count) {
      let frame = frames[annotateIndex % frames.count]
      _ = FrameAnnotator.annotate(frame.image, with: FrameAnnotator.marks(for: frame))
      annotateIndex += 1
    }
    results.append(Result(mode: "(annotate only)", sample: annotating, bytesPerFrame: 0))
    for (name, encoder) in modes {
      var renderer = FrameRenderer(
        graphics: encoder.map { ImageOutput(encoder: $0, cellSize: Size(width: 10, height: 20)) })
      var bytes = 0
      var index = 0
      let sample = Sample.measure(warmUp: 5, repeats: count) {
        let frame = frames[index % frames.count]
        index += 1
        let written = renderer.render(canvas(for: frame, showsPictures: encoder != nil))
        bytes += written.count
        _ = written.withUnsafeBytes { write(sink, $0.baseAddress, $0.count) }
      }
      results.append(Result(mode: name, sample: sample, bytesPerFrame: Double(bytes) / Double(count + 5)))
    }
    return results
  }

  /// The picture part of the Vision screen for `frame`: 129x43 cells beside a 30-column panel.
  static func canvas(for frame: RecognizedFrame, showsPictures: Bool) -> Canvas {
    // As the Vision screen does: boxes in pixels only for a terminal that shows the picture.
    let annotated =
      showsPictures ? FrameAnnotator.annotate(frame.image, with: FrameAnnotator.marks(for: frame)) : nil
    let boxes = frame.faces.map { face in
      ImageView.Box(
        x: face.box.x, y: face.box.y, width: face.box.width, height: face.box.height, label: face.caption)
    }
    var canvas = Canvas(
      size: Size(width: 160, height: 50), colorMode: .trueColor, showsPictures: showsPictures)
    canvas.draw(
      ImageView(image: frame.image, boxes: boxes, graphicsImage: annotated),
      in: Rect(x: 0, y: 2, width: 129, height: 43))
    canvas.put("frame \(frame.index)", at: Point(x: 1, y: 48))
    return canvas
  }

  /// Prints the table.
  static func report(_ results: [Result], frames: Int) {
    print("Vision's picture path, 640x360 frames in 129x43 cells (10x20 px), \(frames) frames a mode")
    print("mode                                      ms/frame (min-max)      fps   KB/frame  MB/s at 30 fps")
    for result in results {
      let median = result.sample.median * 1000
      let range = String(format: "(%.2f-%.2f)", result.sample.minimum * 1000, result.sample.maximum * 1000)
      print(
        result.mode.padding(toLength: 40, withPad: " ", startingAt: 0)
          + String(
            format: "  %7.2f %-14@ %6.0f  %8.1f  %6.1f", median, range as NSString, 1000 / median,
            result.bytesPerFrame / 1024, result.bytesPerFrame * 30 / 1_048_576))
    }
  }
}
