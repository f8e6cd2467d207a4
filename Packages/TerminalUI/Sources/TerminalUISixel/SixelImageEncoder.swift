import CSixel
import Foundation
import System
import TerminalUI

/// Sixel through libsixel: a palette of 128 colors by default (median cut on a picture's
/// pixels, low quality: a histogram of a sample), kept for the next nine pictures of the same
/// size, then `sixel_encode`, each pixel taking the nearest color; shown one to one in pixels.
/// On a 640x360 frame here (`bench vision`) that takes 14 ms; 256 colors 27 ms, dithering
/// 36 ms, which leaves no room for 30 frames a second on a loaded 2-core machine.
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

  /// An encoder with a palette of `colors` (or xterm's fixed 256 colors) made from a picture
  /// and kept for the next `paletteLifetime - 1` pictures of the same size (the frames of one
  /// video); 1 makes one for every picture.
  public init(
    colors: Int = 128, dithers: Bool = false, builtinPalette: Bool = false, paletteLifetime: Int = 10
  ) {
    self.colors = min(256, max(2, colors))
    self.dithers = dithers
    self.builtinPalette = builtinPalette
    self.paletteLifetime = max(1, paletteLifetime)
    palettes = PaletteCache(lifetime: self.paletteLifetime)
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
      return palettes.withPalette(for: image, pixels: buffer, colors: colors) { dither in
        sixel_dither_set_diffusion_type(dither, dithers ? SIXEL_DIFFUSE_AUTO : SIXEL_DIFFUSE_NONE)
        return sixel_encode(buffer.baseAddress, Int32(image.width), Int32(image.height), 3, dither, output)
      }
    }
    return status == SIXEL_OK ? sink.bytes : []
  }

  /// How many pictures of one size share a palette before it is made again from the next.
  public let paletteLifetime: Int

  private let palettes: PaletteCache

  /// Nothing: a sixel picture goes when its cells are written over.
  public func erase(id: Int) -> [UInt8] { [] }

  /// Nothing, as for ``erase(id:)``.
  public func eraseAll() -> [UInt8] { [] }

  /// The last palette made (a libsixel dither object), for the frames after it.
  private final class PaletteCache: Sendable {
    /// The palette and how often it was used.
    // Unchecked: the dither is a C pointer, which is not Sendable; it is reached only under the
    // lock, and the encoding that reads it runs inside the lock.
    private struct Kept: @unchecked Sendable {
      var dither: OpaquePointer?
      var size = (width: 0, height: 0, colors: 0)
      var uses = 0
    }
    private let kept = LockedValue(Kept())
    private let lifetime: Int

    /// A cache making a new palette after `lifetime` pictures.
    init(lifetime: Int) {
      self.lifetime = lifetime
    }

    /// Runs `body` with a palette for `image`: the kept one while it lasts, else a new one
    /// made from `pixels`.
    func withPalette(
      for image: RGBImage, pixels: UnsafeMutableBufferPointer<UInt8>, colors: Int,
      _ body: (OpaquePointer) -> SIXELSTATUS
    ) -> SIXELSTATUS {
      kept.withLock { kept in
        let wanted = (image.width, image.height, colors)
        if kept.dither == nil || kept.size != wanted || kept.uses >= lifetime {
          if let old = kept.dither { sixel_dither_unref(old) }
          kept.dither = nil
          var made: OpaquePointer?
          guard sixel_dither_new(&made, Int32(colors), nil) == SIXEL_OK, let made else { return SIXEL_FALSE }
          let status = sixel_dither_initialize(
            made, pixels.baseAddress, Int32(image.width), Int32(image.height), SIXEL_PIXELFORMAT_RGB888,
            SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_LOW)
          guard status == SIXEL_OK else {
            sixel_dither_unref(made)
            return status
          }
          kept = Kept(dither: made, size: wanted, uses: 0)
        }
        kept.uses += 1
        guard let dither = kept.dither else { return SIXEL_FALSE }
        return body(dither)
      }
    }

    deinit {
      kept.withLock { kept in
        if let dither = kept.dither { sixel_dither_unref(dither) }
      }
    }
  }

  /// Collects what libsixel writes.
  private final class Sink {
    var bytes: [UInt8] = []
  }
}
