// libhdf5's C API, plus functions for the macros Swift cannot import: most HDF5
// constants are macros that call H5open() or cast, so Swift sees none of them.
#ifndef CHDF5_SHIM_H
#define CHDF5_SHIM_H

#include <hdf5.h>

/// H5P_DEFAULT: the default property list.
static inline hid_t chdf5_p_default(void) { return H5P_DEFAULT; }

/// H5S_ALL: the whole dataspace.
static inline hid_t chdf5_s_all(void) { return H5S_ALL; }

/// H5F_ACC_RDONLY: open a file read-only.
static inline unsigned chdf5_f_acc_rdonly(void) { return H5F_ACC_RDONLY; }

/// H5T_NATIVE_FLOAT: the machine's float, the memory type of every weight read.
static inline hid_t chdf5_t_native_float(void) { return H5T_NATIVE_FLOAT; }

/// H5T_C_S1: a one-byte C string, the base of variable-length string types.
static inline hid_t chdf5_t_c_s1(void) { return H5T_C_S1; }

/// H5T_VARIABLE: the size that makes a string type variable-length.
static inline size_t chdf5_t_variable(void) { return H5T_VARIABLE; }

/// H5E_DEFAULT: the current thread's error stack.
static inline hid_t chdf5_e_default(void) { return H5E_DEFAULT; }

/// Turns off libhdf5's printing of its error stack to stderr; errors are still recorded.
static inline herr_t chdf5_silence_errors(void) { return H5Eset_auto2(H5E_DEFAULT, NULL, NULL); }

/// The number of open HDF5 objects of every kind in every file (for leak checks).
static inline ssize_t chdf5_open_object_count(void) {
  return H5Fget_obj_count((hid_t)H5F_OBJ_ALL, H5F_OBJ_ALL);
}

/// Frees the strings a variable-length string read allocated.
static inline herr_t chdf5_reclaim_strings(hid_t type, hid_t space, void *buffer) {
#if H5_VERSION_GE(1, 12, 0)
  return H5Treclaim(type, space, H5P_DEFAULT, buffer);
#else
  return H5Dvlen_reclaim(type, space, H5P_DEFAULT, buffer);
#endif
}

#endif
