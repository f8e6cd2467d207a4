/// Where the report's face pictures come from: the JPEG of one face, cut from its frame.
///
/// The report asks for every picture once, in ``ThumbnailRequest`` order (source, frame, box),
/// so a provider can read each source once from its start. ``MediaThumbnailProvider`` reopens
/// the sources through Media; tests give pictures of their own.
protocol ThumbnailProvider: AnyObject {
  /// The JPEG bytes of a square picture, at least 48x48 pixels, of the face `request` names;
  /// or why there is none (the source is gone, unreadable, or has no such frame).
  func thumbnail(for request: ThumbnailRequest) -> Result<[UInt8], ThumbnailFailure>
}
