// swift-tools-version:6.0
import PackageDescription

/// Finding faces in a picture: the `FaceDetector` interface, OpenCV's Haar cascade (its XML
/// read through libxml2, its scan and pyramid in C, fer-exact) and MediaPipe's BlazeFace on
/// Inference's TFLite runtime (its letterbox in C, Pillow-exact). It decodes no file: callers
/// hand it pixels.
let package = Package(
  name: "FaceDetection",
  products: [
    .library(name: "FaceDetection", targets: ["FaceDetection"])
  ],
  dependencies: [
    .package(path: "../Inference"),
    .package(path: "../Pixels"),
    .package(path: "../Processor"),
    .package(path: "../System"),
    // For the tests only: they decode the reference pictures.
    .package(path: "../Media"),
  ],
  targets: [
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // libxml2's streaming reader behind plain C types, so Swift never includes its headers
    // (whose ICU clashes with Foundation's); `cfacedetection_xml_` symbols.
    .target(name: "CFaceDetectionXML", dependencies: ["CLibXML2"]),
    // The Haar scan, the pyramid's exact resize and the gray picture; `cfacedetection_haar_` symbols.
    .target(name: "CFaceDetectionHaar", dependencies: [.product(name: "CProcessor", package: "Processor")]),
    // BlazeFace's letterbox, Pillow's bilinear resize to the byte; `cfacedetection_resample_` symbols.
    .target(
      name: "CFaceDetectionResample", dependencies: [.product(name: "CProcessor", package: "Processor")]),
    .target(
      name: "FaceDetection",
      dependencies: [
        "CFaceDetectionXML", "CFaceDetectionHaar", "CFaceDetectionResample",
        .product(name: "Inference", package: "Inference"),
        .product(name: "InferenceTFLite", package: "Inference"),
        .product(name: "Pixels", package: "Pixels"),
        .product(name: "Processor", package: "Processor"),
        .product(name: "System", package: "System"),
      ]
    ),
    .testTarget(
      name: "FaceDetectionTests",
      dependencies: [
        "FaceDetection", "CFaceDetectionResample",
        .product(name: "Media", package: "Media"),
        .product(name: "Processor", package: "Processor"),
        .product(name: "Pixels", package: "Pixels"),
        .product(name: "System", package: "System"),
        .product(name: "SystemTesting", package: "System"),
      ],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
