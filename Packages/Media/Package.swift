// swift-tools-version:6.0
import PackageDescription

/// Pictures and videos in and out: image decoders and encoders, the frame sources (an image,
/// a folder, a list, a video, a camera, an ffmpeg graph), and the video writer. It links
/// libjpeg-turbo and libpng, loads FFmpeg's libraries when a video opens, and knows nothing of
/// faces or models.
let package = Package(
  name: "Media",
  products: [
    .library(name: "Media", targets: ["Media"]),
    // For tests only: reading a whole source.
    .library(name: "MediaTesting", targets: ["MediaTesting"]),
  ],
  dependencies: [
    .package(path: "../Pixels"),
    .package(path: "../System"),
  ],
  targets: [
    .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // libpng behind setjmp: errors come back as return codes; `cmedia_png_` symbols.
    .target(name: "CMediaPNG", dependencies: ["CPNG"]),
    // FFmpeg's decoding libraries, loaded when the first video opens (see its header): the
    // headers come from Debian's -dev packages, no link flag; `cmedia_video_` symbols.
    .target(name: "CMediaVideo", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("m")]),
    .target(
      name: "Media",
      dependencies: [
        "CTurboJPEG", "CMediaPNG", "CMediaVideo",
        .product(name: "Pixels", package: "Pixels"),
        .product(name: "System", package: "System"),
      ]
    ),
    .target(name: "MediaTesting", dependencies: ["Media"]),
    .testTarget(
      name: "MediaTests",
      dependencies: [
        "Media", "MediaTesting", .product(name: "Pixels", package: "Pixels"),
        .product(name: "System", package: "System"),
        .product(name: "SystemTesting", package: "System"),
      ],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
