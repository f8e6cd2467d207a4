import SystemTesting

@testable import FaceDetection

/// The cascade fer ships, loaded once for all tests.
enum SharedCascade {
  static let fer: Result<HaarCascade, any Error> = Result {
    try HaarCascade(contentsOfFile: try TestFiles.model("haarcascade_frontalface_default.xml"))
  }
}
