// libxml2 reports an error through the reader's structured handler when it knows the parser
// (well-formedness, namespaces), and otherwise through the calling thread's handlers
// (encoding conversion, buffers, messages of its own). A reading takes over all three while
// it lasts, so nothing reaches stderr, and hands the thread's handlers back at the end. Those
// are libxml2's per-thread state, so readings on other threads are unaffected.
#include "CFaceDetectionXML.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

// libxml2 2.12 made the structured handler's error `const`.
#if LIBXML_VERSION >= 21200
typedef const xmlError *cfacedetection_xml_error_ptr;
#else
typedef xmlErrorPtr cfacedetection_xml_error_ptr;
#endif

struct cfacedetection_xml_reader {
  xmlTextReaderPtr reader;
  int level;
  int line;
  char message[256];
  xmlGenericErrorFunc saved_generic;
  void *saved_generic_context;
  xmlStructuredErrorFunc saved_structured;
  void *saved_structured_context;
};

// Safe for untrusted input: never the network, no DTD loaded or validated against, no entity
// substituted (XML_PARSE_NOENT would substitute them), and without XML_PARSE_HUGE libxml2
// keeps its limits on nesting and on the length of a text.
static const int cfacedetection_xml_options = XML_PARSE_NONET;

void cfacedetection_xml_initialize(void) { xmlInitParser(); }

/// Keeps the first report of the highest level seen, warnings aside.
static void cfacedetection_xml_record(cfacedetection_xml_reader *reader, int level, int line,
                                const char *message) {
  if (level < XML_ERR_ERROR || level <= reader->level) return;
  reader->level = level;
  reader->line = line > 0 ? line : 0;
  snprintf(reader->message, sizeof reader->message, "%s", message ? message : "");
}

static void cfacedetection_xml_structured(void *context, cfacedetection_xml_error_ptr error) {
  if (context == NULL || error == NULL) return;
  cfacedetection_xml_record(context, error->level, error->line, error->message);
}

// libxml2 calls the generic handler with a printf format, sometimes with a message in
// pieces: the first piece counts, and only when nothing else was reported.
static void cfacedetection_xml_generic(void *context, const char *format, ...) {
  cfacedetection_xml_reader *reader = context;
  if (reader == NULL || format == NULL || reader->level != 0) return;
  char text[sizeof reader->message];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(text, sizeof text, format, arguments);
  va_end(arguments);
  cfacedetection_xml_record(reader, XML_ERR_ERROR, 0, text);
}

cfacedetection_xml_reader *cfacedetection_xml_open(const char *bytes, int size) {
  cfacedetection_xml_reader *reader = calloc(1, sizeof *reader);
  if (reader == NULL) return NULL;
  reader->saved_generic = xmlGenericError;
  reader->saved_generic_context = xmlGenericErrorContext;
  reader->saved_structured = xmlStructuredError;
  reader->saved_structured_context = xmlStructuredErrorContext;
  xmlSetGenericErrorFunc(reader, cfacedetection_xml_generic);
  xmlSetStructuredErrorFunc(reader, cfacedetection_xml_structured);
  reader->reader = xmlReaderForMemory(bytes, size, NULL, NULL, cfacedetection_xml_options);
  if (reader->reader == NULL) {
    cfacedetection_xml_record(reader, XML_ERR_FATAL, 0, "libxml2 could not start a reader");
  } else {
    xmlTextReaderSetStructuredErrorHandler(reader->reader, cfacedetection_xml_structured, reader);
  }
  return reader;
}

int cfacedetection_xml_next(cfacedetection_xml_reader *reader) {
  if (reader->reader == NULL) return -1;
  const int status = xmlTextReaderRead(reader->reader);
  return status > 0 ? 1 : status;
}

int cfacedetection_xml_kind(cfacedetection_xml_reader *reader) {
  switch (xmlTextReaderNodeType(reader->reader)) {
  case XML_READER_TYPE_ELEMENT:
    return CFACEDETECTION_XML_ELEMENT;
  case XML_READER_TYPE_END_ELEMENT:
    return CFACEDETECTION_XML_END_ELEMENT;
  case XML_READER_TYPE_TEXT:
  case XML_READER_TYPE_CDATA:
  case XML_READER_TYPE_WHITESPACE:
  case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
    return CFACEDETECTION_XML_TEXT;
  case XML_READER_TYPE_ENTITY_REFERENCE:
    return CFACEDETECTION_XML_ENTITY_REFERENCE;
  default:
    return CFACEDETECTION_XML_OTHER;
  }
}

int cfacedetection_xml_depth(cfacedetection_xml_reader *reader) {
  return xmlTextReaderDepth(reader->reader);
}

int cfacedetection_xml_is_empty_element(cfacedetection_xml_reader *reader) {
  return xmlTextReaderIsEmptyElement(reader->reader) == 1;
}

const char *cfacedetection_xml_name(cfacedetection_xml_reader *reader) {
  const xmlChar *name = xmlTextReaderConstName(reader->reader);
  return name ? (const char *)name : "";
}

const char *cfacedetection_xml_value(cfacedetection_xml_reader *reader) {
  const xmlChar *value = xmlTextReaderConstValue(reader->reader);
  return value ? (const char *)value : "";
}

long cfacedetection_xml_line(cfacedetection_xml_reader *reader) {
  if (reader->reader == NULL) return 0;
  const xmlNode *node = xmlTextReaderCurrentNode(reader->reader);
  const long line = node ? xmlGetLineNo(node) : -1;
  return line > 0 ? line : xmlTextReaderGetParserLineNumber(reader->reader);
}

const char *cfacedetection_xml_error(const cfacedetection_xml_reader *reader, int *line) {
  if (reader->level == 0) return NULL;
  if (line != NULL) *line = reader->line;
  return reader->message;
}

void cfacedetection_xml_close(cfacedetection_xml_reader *reader) {
  if (reader == NULL) return;
  if (reader->reader != NULL) xmlFreeTextReader(reader->reader);
  xmlSetGenericErrorFunc(reader->saved_generic_context, reader->saved_generic);
  xmlSetStructuredErrorFunc(reader->saved_structured_context, reader->saved_structured);
  free(reader);
}
