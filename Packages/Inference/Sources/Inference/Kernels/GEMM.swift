import CInferenceBLAS

/// Single-precision matrix products: OpenBLAS's `cblas_sgemm`, which every convolution and
/// Dense layer runs through.
package enum GEMM {
  /// `c[m × n] = a[m × k] · b[k × n] + beta · c`, row-major, with rows `lda`, `ldb` and `ldc`
  /// floats apart (`ldb` and `ldc` default to `n`: contiguous). OpenBLAS must be loaded
  /// (``OpenBLAS/require()``).
  package static func multiply(
    m: Int, n: Int, k: Int, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int? = nil,
    beta: Float = 0, c: UnsafeMutablePointer<Float>, ldc: Int? = nil
  ) {
    guard m > 0, n > 0 else { return }
    let ldc = ldc ?? n
    guard k > 0 else {
      if beta == 0 {
        for row in 0..<m { (c + row * ldc).update(repeating: 0, count: n) }
      }
      return
    }
    cinference_blas_sgemm(
      Int32(m), Int32(n), Int32(k), a, Int32(lda), b, Int32(ldb ?? n), beta, c, Int32(ldc))
  }
}
