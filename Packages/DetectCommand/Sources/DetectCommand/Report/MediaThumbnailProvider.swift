import FaceAnalysis
import Media

/// The report's face pictures from the sources themselves, through Media: each image or video
/// opened again (``FrameSourceFactory``), read forward to the frame asked for, the face cut
/// out (``ThumbnailCrop``) and encoded by ``JPEGEncoder``.
///
/// Asked in ``ThumbnailRequest`` order, it reads each source once: the open video goes on
/// forward, and the last frame is kept for the next face in it. A source that cannot be
/// opened is not tried again. A camera cannot be read again, so its faces get no picture.
final class MediaThumbnailProvider: ThumbnailProvider {
  /// How a face is cut and scaled.
  let crop: ThumbnailCrop
  /// The JPEG quality, 1 to 100.
  let quality: Int
  /// The largest image or frame accepted, in pixels.
  let maxPixels: Int

  private var source: (name: String, frames: any FrameSource)?
  private var lastFrame: Frame?
  private var unreadable: [String: ThumbnailFailure] = [:]

  /// A provider cutting with `crop`, encoding at `quality`, refusing frames over `maxPixels`.
  init(
    crop: ThumbnailCrop = ThumbnailCrop(), quality: Int = 85, maxPixels: Int = ImageDecoder.defaultMaxPixels
  ) {
    self.crop = crop
    self.quality = quality
    self.maxPixels = maxPixels
  }

  deinit {
    source?.frames.close()
  }

  /// The face's picture as JPEG bytes, or why there is none.
  func thumbnail(for request: ThumbnailRequest) -> Result<[UInt8], ThumbnailFailure> {
    let image: RGBImage
    switch frame(request) {
    case .success(let frame): image = frame.image
    case .failure(let failure): return .failure(failure)
    }
    guard let picture = crop.picture(of: request.box, in: image) else {
      return .failure(
        ThumbnailFailure(
          source: request.source,
          message:
            "\(request.source): frame \(request.frame): the face's box \(request.box) lies outside the "
            + "\(image.width)x\(image.height) frame"))
    }
    return JPEGEncoder.encode(picture, quality: quality).mapError { error in
      ThumbnailFailure(source: request.source, message: "\(request.source): \(error)")
    }
  }

  /// The frame `request` names: the last one read, or read on from the open source, or from
  /// the source opened again.
  private func frame(_ request: ThumbnailRequest) -> Result<Frame, ThumbnailFailure> {
    if let failure = unreadable[request.source] { return .failure(failure) }
    if let lastFrame, lastFrame.source == request.source, lastFrame.index == request.frame {
      return .success(lastFrame)
    }
    if source?.name != request.source || (lastFrame?.index ?? -1) >= request.frame {
      switch open(request.source) {
      case .success(let frames): replaceSource(with: (request.source, frames))
      case .failure(let failure):
        unreadable[request.source] = failure
        return .failure(failure)
      }
    }
    return readForward(to: request)
  }

  private func open(_ name: String) -> Result<any FrameSource, ThumbnailFailure> {
    if FrameSourceFactory.locate(name)?.kind == .camera {
      return .failure(
        ThumbnailFailure(source: name, message: "\(name): a camera cannot be read again for a picture"))
    }
    do {
      return .success(
        try FrameSourceFactory.open(name, options: FrameSourceOptions(every: 1, maxPixels: maxPixels)))
    } catch {
      return .failure(ThumbnailFailure(source: name, message: error.description))
    }
  }

  private func replaceSource(with opened: (name: String, frames: any FrameSource)?) {
    source?.frames.close()
    source = opened
    lastFrame = nil
  }

  private func readForward(to request: ThumbnailRequest) -> Result<Frame, ThumbnailFailure> {
    guard let frames = source?.frames else {
      return .failure(ThumbnailFailure(source: request.source, message: "\(request.source): not open"))
    }
    do {
      while let frame = try frames.next() {
        lastFrame = frame
        if frame.index == request.frame { return .success(frame) }
        if frame.index > request.frame { break }
      }
    } catch {
      replaceSource(with: nil)
      return .failure(ThumbnailFailure(source: request.source, message: error.description))
    }
    let read = lastFrame.map { "its last frame read is \($0.index)" } ?? "it has no frame"
    replaceSource(with: nil)
    return .failure(
      ThumbnailFailure(
        source: request.source, message: "\(request.source): frame \(request.frame) is not there (\(read))"))
  }
}
