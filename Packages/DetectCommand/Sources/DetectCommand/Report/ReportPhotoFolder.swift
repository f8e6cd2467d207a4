import FaceAnalysis

/// The photos of one folder in the report: how many there are, how many have no face, and
/// their faces, of which the page shows the first ones.
struct ReportPhotoFolder: Equatable, Sendable {
  /// One face of a photo: the photo, the face's place among the photo's faces (from 1) and
  /// the face.
  struct Face: Equatable, Sendable {
    /// The photo, as the records name it.
    var source: String
    /// The face's number in its photo, from 1, in the detector's order.
    var number: Int
    /// The face.
    var face: RecognizedFace

    /// The picture to show for it (frame 0 of its photo).
    var request: ThumbnailRequest { ThumbnailRequest(source: source, frame: 0, box: face.box) }
  }

  /// The folder, as the photos' names give it (`.` for names without one).
  var folder: String
  /// How many photos.
  var photos: Int
  /// How many photos have no face.
  var photosWithoutFaces: Int
  /// Every face, photo by photo in name order, each photo's in the detector's order.
  var faces: [Face]

  /// The folder of `records` (one per photo, in name order).
  init(folder: String, records: [DetectionRecord]) {
    self.folder = folder
    photos = records.count
    photosWithoutFaces = records.filter(\.faces.isEmpty).count
    faces = records.flatMap { record in
      record.faces.enumerated().map {
        Face(source: record.key.source, number: $0.offset + 1, face: $0.element)
      }
    }
  }

  /// The folder of a photo's name: all before its last `/` (`/` itself for a file at the root,
  /// `.` for a name without one).
  static func folder(of source: String) -> String {
    guard let slash = source.lastIndex(of: "/") else { return "." }
    return slash == source.startIndex ? "/" : String(source[..<slash])
  }
}
