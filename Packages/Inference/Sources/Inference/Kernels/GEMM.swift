import COpenBLAS

/// Single-precision matrix products through OpenBLAS.
enum GEMM {
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
}
