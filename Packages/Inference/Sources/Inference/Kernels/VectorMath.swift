/// Element-wise loops over contiguous Float buffers, eight lanes at a time.
package enum VectorMath {
  private typealias Vector = SIMD8<Float>
  private static let width = Vector.scalarCount

  @inline(__always)
  private static func load(_ pointer: UnsafePointer<Float>) -> Vector {
    UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
  }

  @inline(__always)
  private static func store(_ value: Vector, _ pointer: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Vector.self)
  }

  /// `out[i] += a[i] * b[i]`.
  @inline(__always)
  package static func multiplyAccumulate(
    _ out: UnsafeMutablePointer<Float>, _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int
  ) {
    var index = 0
    while index + width <= count {
      store(load(out + index) + load(a + index) * load(b + index), out + index)
      index += width
    }
    while index < count {
      out[index] += a[index] * b[index]
      index += 1
    }
  }

  /// `out[i] += a[i]`.
  @inline(__always)
  package static func accumulate(_ out: UnsafeMutablePointer<Float>, _ a: UnsafePointer<Float>, count: Int) {
    var index = 0
    while index + width <= count {
      store(load(out + index) + load(a + index), out + index)
      index += width
    }
    while index < count {
      out[index] += a[index]
      index += 1
    }
  }

  /// `out[i] = a[i] + b[i]`.
  @inline(__always)
  package static func add(
    _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    var index = 0
    while index + width <= count {
      store(load(a + index) + load(b + index), out + index)
      index += width
    }
    while index < count {
      out[index] = a[index] + b[index]
      index += 1
    }
  }

  /// `out[i] = max(out[i], a[i])`.
  @inline(__always)
  package static func maximum(_ out: UnsafeMutablePointer<Float>, _ a: UnsafePointer<Float>, count: Int) {
    var index = 0
    while index + width <= count {
      // A compare and select: the generic `pointwiseMax` is not inlined and runs lane by lane.
      var current = load(out + index)
      let value = load(a + index)
      current.replace(with: value, where: value .> current)
      store(current, out + index)
      index += width
    }
    while index < count {
      out[index] = max(out[index], a[index])
      index += 1
    }
  }

  /// `out[i] /= divisor`.
  @inline(__always)
  package static func divide(_ out: UnsafeMutablePointer<Float>, by divisor: Float, count: Int) {
    let divisors = Vector(repeating: divisor)
    var index = 0
    while index + width <= count {
      store(load(out + index) / divisors, out + index)
      index += width
    }
    while index < count {
      out[index] /= divisor
      index += 1
    }
  }
}
