#include "stand_in.h"

int sixel_stand_in(void) { return 6; }
