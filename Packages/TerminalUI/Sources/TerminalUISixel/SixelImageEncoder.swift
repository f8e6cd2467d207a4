import CSixel
import TerminalUI

/// Sixel through libsixel: each picture gets its own palette of up to 256 colors (median
/// cut on its pixels, low quality: a histogram of a sample) and is written by `sixel_encode`,
/// shown one to one in pixels. Each pixel takes the nearest color by default: dithering
/// doubles the time of a 640x360 frame (21 to 43 ms here, `bench vision`) and keeps Vision
/// under 30 frames a second.
///
/// This is its own library so that the TerminalUI library flows link holds no C library;
/// the app hands it to the run loop:
///
/// ```swift
/// app.graphicsSupport = GraphicsSupport(preference: .auto, sixelEncoder: SixelImageEncoder())
/// ```
public struct SixelImageEncoder: TerminalImageEncoder {
  /// ``TerminalGraphics/sixel``.
  public let graphics = TerminalGraphics.sixel
  /// Sixel pixels are shown one to one.
  public let scalesToCells = false
  /// Colors in each picture's palette (2 to 256).
  public let colors: Int
  /// Whether colors between the palette's are dithered (error diffusion), or the nearest taken
  /// (the default).
  public let dithers: Bool

  /// Whether every picture uses xterm's fixed 256-color palette instead of its own.
  public let builtinPalette: Bool

  /// An encoder with a palette of `colors` per picture (or xterm's fixed 256 colors).
  public init(colors: Int = 256, dithers: Bool = false, builtinPalette: Bool = false) {
    self.colors = min(256, max(2, colors))
    self.dithers = dithers
    self.builtinPalette = builtinPalette
  }

  /// The DCS sequence of `image`; empty when libsixel fails (the cells show instead).
  public func encode(_ image: RGBImage, columns: Int, rows: Int, id: Int) -> [UInt8] {
    let sink = Sink()
    var pixels = image.pixels
    let box = Unmanaged.passRetained(sink)
    defer { box.release() }
    var output: OpaquePointer?
    guard
      sixel_output_new(
        &output,
        { data, size, context in
          guard let data, let context, size > 0 else { return 0 }
          let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
          data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
          }
          return size
        }, box.toOpaque(), nil) == SIXEL_OK, let output
    else { return [] }
    defer { sixel_output_unref(output) }
    sixel_output_set_encode_policy(output, SIXEL_ENCODEPOLICY_FAST)
    let status = pixels.withUnsafeMutableBufferPointer { buffer -> SIXELSTATUS in
      if builtinPalette {
        guard let dither = sixel_dither_get(SIXEL_BUILTIN_XTERM256) else { return SIXEL_FALSE }
        defer { sixel_dither_unref(dither) }
        sixel_dither_set_diffusion_type(dither, dithers ? SIXEL_DIFFUSE_AUTO : SIXEL_DIFFUSE_NONE)
        return sixel_encode(buffer.baseAddress, Int32(image.width), Int32(image.height), 3, dither, output)
      }
      var dither: OpaquePointer?
      guard sixel_dither_new(&dither, Int32(colors), nil) == SIXEL_OK, let dither else { return SIXEL_FALSE }
      defer { sixel_dither_unref(dither) }
      let initialised = sixel_dither_initialize(
        dither, buffer.baseAddress, Int32(image.width), Int32(image.height), SIXEL_PIXELFORMAT_RGB888,
        SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_LOW)
      guard initialised == SIXEL_OK else { return initialised }
      sixel_dither_set_diffusion_type(dither, dithers ? SIXEL_DIFFUSE_AUTO : SIXEL_DIFFUSE_NONE)
      return sixel_encode(buffer.baseAddress, Int32(image.width), Int32(image.height), 3, dither, output)
    }
    return status == SIXEL_OK ? sink.bytes : []
  }

  /// Nothing: a sixel picture goes when its cells are written over.
  public func erase(id: Int) -> [UInt8] { [] }

  /// Nothing, as for ``erase(id:)``.
  public func eraseAll() -> [UInt8] { [] }

  /// Collects what libsixel writes.
  private final class Sink {
    var bytes: [UInt8] = []
  }
}
