#ifndef C_TURBOJPEG_SHIM_H
#define C_TURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
