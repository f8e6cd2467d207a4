// The CBLAS interface of OpenBLAS, with its openblas_* configuration functions.
#ifndef COPENBLAS_SHIM_H
#define COPENBLAS_SHIM_H

#include <cblas.h>

#endif
