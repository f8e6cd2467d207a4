import Foundation
import Pixels
import SystemTesting
import Testing

@testable import Media

@Suite("Image decoding")
struct ImageDecoderTests {
  @Test(
    "Fixtures decode to OpenCV's pixels: gray images equal cv2.imread + cvtColor",
    arguments: [
      "astronaut.png", "camera.png", "group.png", "astronaut.jpg", "astronaut.ppm", "camera.pgm",
      "coffee.png",
      "rocket.jpg",
    ])
  func grayMatchesOpenCV(name: String) throws {
    let reference = try TestFiles.referenceJSON("opencv_decoding_reference.json")
    let gray = try #require((reference["gray"] as? [String: Any])?[name] as? [String: Any])
    let image = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(name)).grayscale()
    #expect(image.width == gray["width"] as? Int)
    #expect(image.height == gray["height"] as? Int)
    #expect(TestFiles.fnv1a64(image.pixels) == gray["fnv1a64"] as? String)
  }

  @Test(
    "PNG variants decode like cv2.imread: alpha dropped, palettes expanded, 16 bits to 8, 1-bit gray",
    arguments: [
      "png_rgba.png", "png_palette_trns.png", "png_gray_alpha.png", "png_gray_1bit.png", "png_16bit.png",
    ])
  func pngVariants(name: String) throws {
    let reference = try TestFiles.referenceJSON("opencv_decoding_reference.json")
    let expected = try #require((reference["pngVariants"] as? [String: Any])?[name] as? [String: Any])
    let image = try ImageDecoder().decode(contentsOfFile: TestFiles.referencePath(name)).grayscale()
    #expect(image.width == expected["width"] as? Int && image.height == expected["height"] as? Int)
    #expect(TestFiles.fnv1a64(image.pixels) == expected["fnv1a64"] as? String)
  }

  @Test("CMYK JPEGs convert to RGB as cv2.imread converts them")
  func cmykJPEG() throws {
    let reference = try TestFiles.referenceJSON("opencv_decoding_reference.json")
    let expected = try #require(reference["cmyk"] as? [String: Any])
    let gray = try ImageDecoder().decode(contentsOfFile: TestFiles.referencePath("jpeg_cmyk.jpg")).grayscale()
    #expect(gray.width == expected["width"] as? Int && gray.height == expected["height"] as? Int)
    #expect(TestFiles.fnv1a64(gray.pixels) == expected["fnv1a64"] as? String)
    // k = 255, c = 200: 255 - (55 * 255 >> 8) = 201; m = 0: 255 - 254 = 1; y = 255: 255.
    // k = 0 gives black; k = 128, c = 0: 128 - (255 * 128 >> 8) = 1.
    #expect(
      JPEGDecoder.rgb(fromCMYK: [200, 0, 255, 255, 9, 9, 9, 0, 0, 0, 0, 128]) == [
        201, 1, 255, 0, 0, 0, 1, 1, 1,
      ])
  }

  @Test("JPEG EXIF orientations turn the picture upright as cv2.imread does")
  func exifOrientation() throws {
    let reference = try TestFiles.referenceJSON("opencv_decoding_reference.json")
    let expected = try #require(reference["exif"] as? [String: [String: Any]])
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: try TestFiles.fixture("astronaut.jpg")))
    for orientation in 1...8 {
      // APP1 "Exif" with a little-endian TIFF header and one IFD entry: 0x0112 SHORT = orientation.
      var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0]
      tiff += [UInt8(orientation), 0, 0, 0, 0, 0, 0, 0]
      let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
      let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload
      let tagged = jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
      let gray = try ImageDecoder().decode(Data(tagged), name: "exif.jpg").grayscale()
      #expect(
        TestFiles.fnv1a64(gray.pixels) == expected["\(orientation)"]?["fnv1a64"] as? String,
        "orientation \(orientation)")
    }
    // A 3 x 2 image rotated clockwise becomes 2 x 3 with the bottom-left pixel first.
    let image = try RGBImage(width: 3, height: 2, pixels: (0..<18).map { UInt8($0) })
    let rotated = ExifOrientation.rotatedClockwise.apply(to: image)
    #expect(rotated.width == 2 && rotated.height == 3)
    #expect(rotated.pixels == [9, 10, 11, 0, 1, 2, 12, 13, 14, 3, 4, 5, 15, 16, 17, 6, 7, 8])
  }

  @Test("PNG eXIf orientations turn the picture upright as cv2.imread does")
  func pngExifOrientation() throws {
    let reference = try TestFiles.referenceJSON("opencv_decoding_reference.json")
    let expected = try #require(reference["pngExif"] as? [String: [String: Any]])
    let png = try Data(contentsOf: URL(fileURLWithPath: TestFiles.referencePath("png_exif_base.png")))
    for orientation in [3, 6, 8] {
      var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0]
      tiff += [UInt8(orientation), 0, 0, 0, 0, 0, 0, 0]
      let typeAndData = Data("eXIf".utf8) + Data(tiff)
      var chunk = Data()
      withUnsafeBytes(of: UInt32(tiff.count).bigEndian) { chunk.append(contentsOf: $0) }
      chunk.append(typeAndData)
      withUnsafeBytes(of: crc32(typeAndData).bigEndian) { chunk.append(contentsOf: $0) }
      let tagged = png.prefix(33) + chunk + png.dropFirst(33)
      let gray = try ImageDecoder().decode(Data(tagged), name: "exif.png").grayscale()
      let entry = try #require(expected["\(orientation)"])
      #expect(gray.width == entry["width"] as? Int && gray.height == entry["height"] as? Int)
      #expect(TestFiles.fnv1a64(gray.pixels) == entry["fnv1a64"] as? String, "orientation \(orientation)")
    }
  }

  @Test("Gray conversion uses OpenCV's fixed-point weights")
  func grayWeights() throws {
    let image = try RGBImage(width: 4, height: 1, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30])
    // (9798*255 + 16384) >> 15 = 76, (19235*255 + 16384) >> 15 = 150, (3735*255 + 16384) >> 15 = 29,
    // (9798*10 + 19235*20 + 3735*30 + 16384) >> 15 = 18.
    #expect(image.grayscale().pixels == [76, 150, 29, 18])
    // R 96, G 64, B 2 is 66.4995 with 14-bit weights and 66.5002 with OpenCV 4.11's 15-bit ones.
    #expect(try RGBImage(width: 1, height: 1, pixels: [96, 64, 2]).grayscale().pixels == [67])
  }

  @Test("PGM and PPM, binary and text, with comments")
  func netpbm() throws {
    let decoder = ImageDecoder()
    let binary = Data("P5\n# comment\n2 2\n255\n".utf8) + Data([0, 64, 128, 255])
    #expect(
      try decoder.decode(binary, name: "a.pgm").pixels == [0, 0, 0, 64, 64, 64, 128, 128, 128, 255, 255, 255])
    let text = Data("P3 1 2 15\n15 0 0\n0 15 0\n".utf8)
    #expect(try decoder.decode(text, name: "b.ppm").pixels == [255, 0, 0, 0, 255, 0])
    // cv2.imread's quirks: text samples scale by 255 / maxval rounded down (50 -> 127) and clamp;
    // binary 8-bit samples do not scale; 16-bit samples keep their high byte.
    func grays(_ header: String, _ body: [UInt8] = []) throws -> [UInt8] {
      try decoder.decode(Data(header.utf8) + Data(body), name: "c.pgm").grayscale().pixels
    }
    #expect(try grays("P2 4 1 15\n0 7 8 15\n") == [0, 119, 136, 255])
    #expect(try grays("P2 3 1 100\n50 100 300\n") == [127, 255, 255])
    #expect(try grays("P5 4 1 15\n", [0, 7, 8, 15]) == [0, 7, 8, 15])
    #expect(try grays("P5 4 1 65535\n", [0, 0, 0x7F, 0xFF, 0x80, 0, 0xFF, 0xFF]) == [0, 127, 128, 255])
    #expect(try grays("P2 4 1 1000\n0 500 501 1000\n") == [0, 1, 1, 3])
  }

  @Test("Bad input is a typed error naming the file")
  func badInput() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: try TestFiles.fixture("astronaut.jpg")))
    let png = try Data(contentsOf: URL(fileURLWithPath: try TestFiles.fixture("camera.png")))
    func write(_ name: String, _ data: Data) throws -> String {
      let path = folder.appendingPathComponent(name).path
      try data.write(to: URL(fileURLWithPath: path))
      return path
    }
    let decoder = ImageDecoder()
    let cases: [(String, (String) -> ImageError)] = [
      (folder.appendingPathComponent("missing.png").path, { .fileNotFound(path: $0) }),
      (try write("empty.jpg", Data()), { .emptyFile(path: $0) }),
      (try write("text.png", Data("hello".utf8)), { .unsupportedFormat(path: $0) }),
    ]
    for (path, expected) in cases {
      #expect(throws: expected(path)) { try decoder.decode(contentsOfFile: path) }
    }
    for (name, data) in [
      ("truncated.jpg", jpeg.prefix(jpeg.count / 2)), ("garbage.jpg", Data([0xFF, 0xD8, 0xFF, 1, 2, 3, 4])),
      ("truncated.png", png.prefix(png.count / 2)), ("header.png", png.prefix(40)),
      ("short.ppm", Data("P6 10 10 255\n".utf8) + Data([1, 2, 3])), ("noheader.pgm", Data("P5 12".utf8)),
    ] {
      let path = try write(name, Data(data))
      do {
        _ = try decoder.decode(contentsOfFile: path)
        Issue.record("\(name) decoded")
      } catch {
        guard case .corrupt(let errorPath, _, _) = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        #expect(errorPath == path)
        #expect(error.description.hasPrefix(path + ": corrupt or truncated"))
        #expect(!error.description.contains("\n"))
      }
    }
    #expect(throws: ImageError.unreadable(path: folder.path, reason: "is a directory")) {
      try decoder.decode(contentsOfFile: folder.path)
    }
  }

  @Test("The pixel limit is checked from the header, before decoding")
  func pixelLimit() throws {
    // A PNG header announcing 100000 x 100000 pixels, with no image data at all.
    var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var chunk = Data("IHDR".utf8)
    for value in [UInt32(100_000), UInt32(100_000)] {
      withUnsafeBytes(of: value.bigEndian) { chunk.append(contentsOf: $0) }
    }
    chunk.append(contentsOf: [8, 2, 0, 0, 0])
    withUnsafeBytes(of: UInt32(13).bigEndian) { header.append(contentsOf: $0) }
    header.append(chunk)
    withUnsafeBytes(of: crc32(chunk).bigEndian) { header.append(contentsOf: $0) }
    #expect(
      throws: ImageError.tooLarge(path: "huge.png", width: 100_000, height: 100_000, limit: 100_000_000)
    ) {
      try ImageDecoder().decode(header, name: "huge.png")
    }
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: try TestFiles.fixture("astronaut.jpg")))
    #expect(throws: ImageError.tooLarge(path: "a.jpg", width: 512, height: 512, limit: 1000)) {
      try ImageDecoder(maxPixels: 1000).decode(jpeg, name: "a.jpg")
    }
  }

  private func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
