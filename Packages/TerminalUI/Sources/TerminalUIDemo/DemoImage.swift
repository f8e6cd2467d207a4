import TerminalUI

/// A generated picture for the image view: a smiling face on a colour gradient.
enum DemoImage {
  static func face(width: Int = 96, height: Int = 72) -> RGBImage {
    RGBImage(width: width, height: height) { x, y in
      let u = Double(x) / Double(width) - 0.5
      let v = (Double(y) / Double(height) - 0.5) * Double(height) / Double(width)
      let background = (UInt8(40 + 150 * x / width), UInt8(60 + 100 * y / height), UInt8(160))
      let radius = (u * u + v * v).squareRoot()
      guard radius < 0.3 else { return background }
      let leftEye = ((u + 0.1) * (u + 0.1) + (v + 0.08) * (v + 0.08)).squareRoot() < 0.04
      let rightEye = ((u - 0.1) * (u - 0.1) + (v + 0.08) * (v + 0.08)).squareRoot() < 0.04
      let smile = abs((u * u + (v - 0.0) * (v - 0.0)).squareRoot() - 0.17) < 0.025 && v > 0.05
      if leftEye || rightEye || smile { return (40, 30, 20) }
      return (250, 205, 90)
    }
  }
}
