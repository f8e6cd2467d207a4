import FaceAnalysis
import Foundation
import Inference
import Media

/// The benchmark inputs, made from the fixture photos: gray frames of camera sizes and
/// 64x64 face crops as the model sees them.
enum Inputs {
  /// The photos the frames and faces come from.
  static let photos = ["astronaut.png", "group.png"]

  /// The frame sizes Haar detection is measured at.
  static let frameSizes = [(640, 480), (1280, 720)]

  /// One gray frame: `photo` scaled to fit `width` x `height` (aspect kept, OpenCV bilinear)
  /// and centred on a mid-gray background.
  static func frame(_ photo: GrayImage, width: Int, height: Int) throws -> GrayImage {
    let scale = min(Double(width) / Double(photo.width), Double(height) / Double(photo.height))
    let fitWidth = max(1, min(width, Int((Double(photo.width) * scale).rounded())))
    let fitHeight = max(1, min(height, Int((Double(photo.height) * scale).rounded())))
    let fitted = try photo.resized(width: fitWidth, height: fitHeight)
    var pixels = [UInt8](repeating: 128, count: width * height)
    let left = (width - fitWidth) / 2
    let top = (height - fitHeight) / 2
    for y in 0..<fitHeight {
      for x in 0..<fitWidth {
        pixels[(top + y) * width + left + x] = fitted[x, y]
      }
    }
    return try GrayImage(width: width, height: height, pixels: pixels)
  }

  /// The gray fixture photos, by name.
  static func grayPhotos(_ workspace: Workspace) throws -> [(name: String, image: GrayImage)] {
    let decoder = ImageDecoder()
    return try photos.map { name in
      (name, try decoder.decode(contentsOfFile: workspace.fixture(name)).grayscale())
    }
  }

  /// Every benchmark frame: each photo at each size, named `photo-WxH`.
  static func frames(_ workspace: Workspace) throws -> [(name: String, image: GrayImage)] {
    var result: [(String, GrayImage)] = []
    for (width, height) in frameSizes {
      for (name, photo) in try grayPhotos(workspace) {
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        result.append(("\(stem)-\(width)x\(height)", try frame(photo, width: width, height: height)))
      }
    }
    return result
  }

  /// `count` model inputs (64x64, scaled to -1...1) cut from the faces the detector finds
  /// in the fixture photos, repeated in turn: square box, bilinear resize, fer's scaling.
  static func faces(_ workspace: Workspace, detector: HaarFaceDetector, count: Int) throws -> [Float] {
    var crops: [[Float]] = []
    for (_, photo) in try grayPhotos(workspace) {
      for box in detector.detect(in: photo) {
        let side = min(max(box.width, box.height), photo.width - box.x, photo.height - box.y)
        guard side > 0 else { continue }
        let crop = try photo.cropped(x: box.x, y: box.y, width: side, height: side)
          .resized(width: 64, height: 64)
        crops.append(crop.pixels.map { (Float($0) / 255 - 0.5) * 2 })
      }
    }
    guard !crops.isEmpty else { throw BenchError.noFaces }
    var values: [Float] = []
    values.reserveCapacity(count * 64 * 64)
    for index in 0..<count { values += crops[index % crops.count] }
    return values
  }
}
