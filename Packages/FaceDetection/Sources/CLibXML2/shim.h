#ifndef C_LIBXML2_SHIM_H
#define C_LIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#endif
