import CInferenceBLAS

/// Terminal code reaching into OpenBLAS, which only Inference may import.
func scale(_ values: inout [Float], by factor: Float) {
  cblas_sscal(Int32(values.count), factor, &values, 1)
}
