#include "CInferenceBLAS.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// The CBLAS enumerations' values (cblas.h): row-major order, no transpose.
enum { ROW_MAJOR = 101, NO_TRANSPOSE = 111 };

typedef void (*SGEMM)(int, int, int, int, int, int, float, const float *, int, const float *, int,
                      float, float *, int);

static SGEMM sgemm;
static char *(*get_config)(void);
static char *(*get_corename)(void);
static int (*get_parallel)(void);
static int (*get_num_threads)(void);
static int (*get_num_procs)(void);
static void (*set_num_threads)(int);
static unsigned long long multiplyAdds;
static _Thread_local unsigned long long threadMultiplyAdds;

/// The symbol `name`: the process's own definition first (so a preloaded interposer sees the
/// calls, as with a linked library), then the library's.
static void *symbol(void *library, const char *name) {
  void *found = dlsym(RTLD_DEFAULT, name);
  return found ? found : dlsym(library, name);
}

int cinference_blas_load(const char *coreType, char *error, size_t errorSize) {
  if (sgemm) return 0;
  if (coreType) setenv("OPENBLAS_CORETYPE", coreType, 1);
  // Without it the library starts a thread per processor, which spins after each call.
  const int threadsUnset = getenv("OPENBLAS_NUM_THREADS") == NULL;
  if (threadsUnset) setenv("OPENBLAS_NUM_THREADS", "1", 1);
  void *library = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_GLOBAL);
  if (!library) library = dlopen("libopenblas.so", RTLD_NOW | RTLD_GLOBAL);
  if (coreType) unsetenv("OPENBLAS_CORETYPE");
  if (threadsUnset) unsetenv("OPENBLAS_NUM_THREADS");
  if (!library) {
    const char *reason = dlerror();
    snprintf(error, errorSize, "%s", reason ? reason : "libopenblas.so.0 not found");
    return -1;
  }
  get_config = (char *(*)(void))symbol(library, "openblas_get_config");
  get_corename = (char *(*)(void))symbol(library, "openblas_get_corename");
  get_parallel = (int (*)(void))symbol(library, "openblas_get_parallel");
  get_num_threads = (int (*)(void))symbol(library, "openblas_get_num_threads");
  get_num_procs = (int (*)(void))symbol(library, "openblas_get_num_procs");
  set_num_threads = (void (*)(int))symbol(library, "openblas_set_num_threads");
  SGEMM found = (SGEMM)symbol(library, "cblas_sgemm");
  if (!get_config || !get_corename || !get_parallel || !get_num_threads || !get_num_procs ||
      !set_num_threads || !found) {
    snprintf(error, errorSize, "the library has no cblas_sgemm or openblas_* functions");
    return -1;
  }
  sgemm = found;
  return 0;
}

void cinference_blas_sgemm(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                     float beta, float *c, int ldc) {
  __atomic_fetch_add(&multiplyAdds, (unsigned long long)m * n * k, __ATOMIC_RELAXED);
  threadMultiplyAdds += (unsigned long long)m * n * k;
  sgemm(ROW_MAJOR, NO_TRANSPOSE, NO_TRANSPOSE, m, n, k, 1.0f, a, lda, b, ldb, beta, c, ldc);
}

double cinference_blas_sgemm_flops(void) {
  return 2.0 * (double)__atomic_load_n(&multiplyAdds, __ATOMIC_RELAXED);
}

double cinference_blas_thread_sgemm_flops(void) { return 2.0 * (double)threadMultiplyAdds; }

const char *cinference_blas_config(void) { return get_config(); }
const char *cinference_blas_core_name(void) { return get_corename(); }
int cinference_blas_parallel(void) { return get_parallel(); }
int cinference_blas_thread_count(void) { return get_num_threads(); }
int cinference_blas_processor_count(void) { return get_num_procs(); }
void cinference_blas_set_thread_count(int count) { set_num_threads(count); }
