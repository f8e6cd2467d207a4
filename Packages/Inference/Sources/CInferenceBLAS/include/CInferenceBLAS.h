// OpenBLAS, loaded when first needed rather than linked: the library picks its CPU kernels
// when it loads, from OPENBLAS_CORETYPE, so loading it late lets the caller set that first.
// Symbols are prefixed `cinference_blas_`; every function but `cinference_blas_load` needs a loaded library.
#ifndef CINFERENCE_BLAS_H
#define CINFERENCE_BLAS_H

#include <stddef.h>

/// Loads Debian's OpenBLAS (`libopenblas.so.0`) once. When `coreType` is not NULL,
/// OPENBLAS_CORETYPE is set to it while the library initialises, then removed again; so is
/// OPENBLAS_NUM_THREADS=1 unless the user set it (threads start when more are asked). Returns 0
/// on success; otherwise writes the reason to `error` and returns -1. Not thread-safe: call it
/// once, before any other function here.
int cinference_blas_load(const char *coreType, char *error, size_t errorSize);

/// cblas_sgemm with row-major, untransposed matrices: c[m x n] = a[m x k] . b[k x n] + beta c,
/// with leading dimensions `lda`, `ldb` and `ldc`.
void cinference_blas_sgemm(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                     float beta, float *c, int ldc);

/// The floating-point operations (2 m n k) of every cinference_blas_sgemm call so far, in the
/// process and on the calling thread.
double cinference_blas_sgemm_flops(void);
double cinference_blas_thread_sgemm_flops(void);

/// openblas_get_config, openblas_get_corename, openblas_get_parallel,
/// openblas_get_num_threads, openblas_get_num_procs and openblas_set_num_threads.
const char *cinference_blas_config(void);
const char *cinference_blas_core_name(void);
int cinference_blas_parallel(void);
int cinference_blas_thread_count(void);
int cinference_blas_processor_count(void);
void cinference_blas_set_thread_count(int count);

#endif
