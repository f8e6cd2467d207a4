/// The SSD anchor centres of a BlazeFace model, as MediaPipe's SsdAnchorsCalculator makes
/// them with the options of its face detection graphs: a grid per distinct stride, centres at
/// `(x + 0.5) / width`, `(y + 0.5) / height` in the unit square, each repeated once per layer
/// of that stride (twice with an interpolated aspect ratio).
struct BlazeFaceAnchors: Equatable {
  /// The anchor centres, row by row.
  let centres: [(x: Float, y: Float)]

  /// Anchors for a square input of `side` pixels.
  init(side: Int, strides: [Int], interpolatedAspectRatio: Bool) {
    var centres: [(x: Float, y: Float)] = []
    var layer = 0
    while layer < strides.count {
      var last = layer
      var repeats = 0
      while last < strides.count && strides[last] == strides[layer] {
        last += 1
        repeats += interpolatedAspectRatio ? 2 : 1
      }
      let cells = side / strides[layer]
      for y in 0..<cells {
        for x in 0..<cells {
          let centre = ((Float(x) + 0.5) / Float(cells), (Float(y) + 0.5) / Float(cells))
          centres += Array(repeating: centre, count: repeats)
        }
      }
      layer = last
    }
    self.centres = centres
  }

  static func == (left: BlazeFaceAnchors, right: BlazeFaceAnchors) -> Bool {
    left.centres.elementsEqual(right.centres) { $0.x == $1.x && $0.y == $1.y }
  }
}
