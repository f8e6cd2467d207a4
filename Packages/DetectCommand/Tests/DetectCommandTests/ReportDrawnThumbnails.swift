import FaceAnalysis
import Media

@testable import DetectCommand

/// A thumbnail provider that draws each picture: a 64x64 JPEG whose colours come from the
/// request, or a failure for the sources it is told are gone. It notes what it was asked.
final class ReportDrawnThumbnails: ThumbnailProvider {
  /// Sources whose pictures fail, as a gone file does.
  let gone: Set<String>
  /// The requests, in the order they came.
  private(set) var asked: [ThumbnailRequest] = []

  init(gone: Set<String> = []) {
    self.gone = gone
  }

  func thumbnail(for request: ThumbnailRequest) -> Result<[UInt8], ThumbnailFailure> {
    asked.append(request)
    guard !gone.contains(request.source) else {
      return .failure(ThumbnailFailure(source: request.source, message: "\(request.source): no such file"))
    }
    let seed = request.frame &* 31 &+ request.box.x &* 7 &+ request.source.utf8.count
    let image = RGBImage(width: 64, height: 64) { x, y in
      (
        UInt8(truncatingIfNeeded: x * 4 + seed), UInt8(truncatingIfNeeded: y * 4),
        UInt8(truncatingIfNeeded: seed * 5)
      )
    }
    return JPEGEncoder.encode(image, quality: 90).mapError {
      ThumbnailFailure(source: request.source, message: "\($0)")
    }
  }
}
