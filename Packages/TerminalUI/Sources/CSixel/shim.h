#ifndef C_SIXEL_SHIM_H
#define C_SIXEL_SHIM_H
#include <sixel.h>
#endif
