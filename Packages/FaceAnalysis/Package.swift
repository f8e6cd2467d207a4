// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FaceAnalysis",
  products: [
    .library(name: "FaceAnalysis", targets: ["FaceAnalysis"]),
    // What a flow builds against: values and protocols, no C library, no Inference.
    .library(name: "FaceAnalysisInterface", targets: ["FaceAnalysisInterface"]),
    // `emotions detect`: inputs recognised into records, annotated media and a timeline.
    .library(name: "FaceAnalysisDetect", targets: ["FaceAnalysisDetect"]),
    // Face tracks and steady labels in a video: pure Swift values over the interface.
    .library(name: "FaceAnalysisTracking", targets: ["FaceAnalysisTracking"]),
    // Fakes of the interface for tests and demos.
    .library(name: "FaceAnalysisTesting", targets: ["FaceAnalysisTesting"]),
  ],
  dependencies: [
    .package(path: "../Inference"),
    .package(path: "../Pixels"),
    .package(path: "../System"),
  ],
  targets: [
    .systemLibrary(
      name: "CTurboJPEG",
      pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    .target(name: "CFaceAnalysisPNG", dependencies: ["CPNG"]),
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    .target(name: "CFaceAnalysisXML", dependencies: ["CLibXML2"]),
    .target(name: "CFaceAnalysisHaar"),
    // FFmpeg's decoding libraries, loaded when the first video opens (see its header): the
    // headers come from Debian's -dev packages, no link flag.
    .target(name: "CFaceAnalysisVideo", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("m")]),
    .target(name: "FaceAnalysisInterface", dependencies: [.product(name: "Pixels", package: "Pixels")]),
    .target(name: "FaceAnalysisTracking", dependencies: ["FaceAnalysisInterface"]),
    .target(
      name: "FaceAnalysisTesting",
      dependencies: ["FaceAnalysisInterface", .product(name: "System", package: "System")]),
    .target(
      name: "FaceAnalysis",
      dependencies: [
        "FaceAnalysisInterface",
        "CTurboJPEG",
        "CFaceAnalysisPNG",
        "CFaceAnalysisXML",
        "CFaceAnalysisHaar",
        "CFaceAnalysisVideo",
        .product(name: "Inference", package: "Inference"),
        .product(name: "Pixels", package: "Pixels"),
        .product(name: "System", package: "System"),
      ]
    ),
    .target(
      name: "FaceAnalysisDetect",
      dependencies: ["FaceAnalysis", .product(name: "System", package: "System")]
    ),
    .testTarget(
      name: "FaceAnalysisTests",
      dependencies: [
        "FaceAnalysis", "FaceAnalysisTesting", .product(name: "System", package: "System"),
        .product(name: "SystemTesting", package: "System"),
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "FaceAnalysisDetectTests",
      dependencies: [
        "FaceAnalysisDetect", .product(name: "System", package: "System"),
        .product(name: "SystemTesting", package: "System"),
      ]),
    .testTarget(name: "FaceAnalysisTrackingTests", dependencies: ["FaceAnalysisTracking"]),
  ],
  swiftLanguageModes: [.v6]
)
