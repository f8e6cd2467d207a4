import COpenBLAS

/// Single-precision matrix products through OpenBLAS, laid out so that a batch item's
/// result does not depend on the batch size.
///
/// OpenBLAS's kernels work on blocks of rows, and the rows of a block (and the few rows
/// left over at the end of a matrix) do not all round the same way. A row's bits would then
/// depend on where it falls in the matrix, that is, on how many items came before it in the
/// batch. So every product gives each batch item a run of rows that starts at a multiple of
/// ``rowAlignment`` and is a multiple of it long: an item then meets the same kernels alone
/// or in a batch of any size. The alignment is measured once on the running library.
enum GEMM {
  /// The row alignment that makes products batch-invariant on this BLAS (12 for the
  /// Haswell kernels of OpenBLAS 0.3.21; 1 if the library rounds every row alike).
  static let rowAlignment: Int = measureRowAlignment()

  /// `rows` rounded up to a multiple of ``rowAlignment``.
  static func alignedRows(_ rows: Int) -> Int {
    (rows + rowAlignment - 1) / rowAlignment * rowAlignment
  }

  /// `c[m × n] = a[m × k] · b[k × n]`, all row-major and contiguous.
  static func multiply(
    m: Int, n: Int, k: Int, a: UnsafePointer<Float>, b: UnsafePointer<Float>, c: UnsafeMutablePointer<Float>
  ) {
    guard m > 0, n > 0 else { return }
    guard k > 0 else {
      c.update(repeating: 0, count: m * n)
      return
    }
    cblas_sgemm(
      CblasRowMajor, CblasNoTrans, CblasNoTrans, blasint(m), blasint(n), blasint(k),
      1, a, blasint(k), b, blasint(n), 0, c, blasint(n))
  }

  /// The smallest candidate alignment p such that rows moved by p (in a matrix whose row
  /// count stays a multiple of p) give the same bits, over a spread of product shapes.
  private static func measureRowAlignment() -> Int {
    BLASConfiguration.applyDefaultOnce()
    let candidates = [1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96]
    let shapes = [(3, 5), (9, 7), (9, 8), (40, 16), (64, 32), (27, 33), (72, 64), (150, 128)]
    for alignment in candidates where shapes.allSatisfy({ rowsAgree(k: $0.0, n: $0.1, shift: alignment) }) {
      return alignment
    }
    return candidates[candidates.count - 1]
  }

  /// Whether 96 rows give the same products alone and behind `shift` other rows.
  private static func rowsAgree(k: Int, n: Int, shift: Int) -> Bool {
    let rows = 96
    let total = rows + 2 * shift
    var generator = SplitMix(seed: UInt64(k * 1_000 + n))
    let a = (0..<(total * k)).map { _ in generator.nextFloat() }
    let b = (0..<(k * n)).map { _ in generator.nextFloat() }
    var alone = [Float](repeating: 0, count: rows * n)
    var shifted = [Float](repeating: 0, count: total * n)
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        guard let a = a.baseAddress, let b = b.baseAddress else { return }
        alone.withUnsafeMutableBufferPointer { alone in
          guard let alone = alone.baseAddress else { return }
          multiply(m: rows, n: n, k: k, a: a + shift * k, b: b, c: alone)
        }
        shifted.withUnsafeMutableBufferPointer { shifted in
          guard let shifted = shifted.baseAddress else { return }
          multiply(m: total, n: n, k: k, a: a, b: b, c: shifted)
        }
      }
    }
    return alone == Array(shifted[(shift * n)..<((shift + rows) * n)])
  }
}

/// A small deterministic generator for the alignment probe.
private struct SplitMix {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func nextFloat() -> Float {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    value ^= value >> 31
    return Float(value >> 40) / Float(1 << 24) * 2 - 1
  }
}
