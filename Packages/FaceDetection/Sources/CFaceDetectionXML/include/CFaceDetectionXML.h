// One document read with libxml2's streaming reader (xmlTextReader), set up for untrusted
// bytes, with every error libxml2 reports caught here instead of printed. The header names
// no libxml2 type: libxml2's headers include ICU's, which clash with the copy Foundation
// brings, so Swift sees only these functions. Symbols are prefixed `cfacedetection_xml_`.
#ifndef CFACEDETECTION_XML_H
#define CFACEDETECTION_XML_H

/// The reading of one document: libxml2's reader and the most severe error reported.
typedef struct cfacedetection_xml_reader cfacedetection_xml_reader;

/// What the reader's current node is (the kinds an element tree needs; the rest is
/// CFACEDETECTION_XML_OTHER: comments, processing instructions, the DOCTYPE, the XML declaration).
enum {
  CFACEDETECTION_XML_OTHER = 0,
  CFACEDETECTION_XML_ELEMENT = 1,
  CFACEDETECTION_XML_END_ELEMENT = 2,
  /// Text, a CDATA section or whitespace between elements.
  CFACEDETECTION_XML_TEXT = 3,
  /// A reference to an entity the document declares (never substituted).
  CFACEDETECTION_XML_ENTITY_REFERENCE = 4,
};

/// Initialises libxml2 (xmlInitParser). Call it once, before any other function here.
void cfacedetection_xml_initialize(void);

/// Starts reading the `size` bytes at `bytes`, which must stay valid until
/// cfacedetection_xml_close: no network access, no DTD loaded, no entity substituted, libxml2's
/// own limits (nesting, length of a text) in force. Until then libxml2's error handlers of
/// the calling thread report into the reader, so the whole reading happens on this thread.
/// NULL only when memory runs out.
cfacedetection_xml_reader *cfacedetection_xml_open(const char *bytes, int size);

/// Moves to the next node: 1 when there is one, 0 at the end of the document, -1 on an
/// error (cfacedetection_xml_error says which).
int cfacedetection_xml_next(cfacedetection_xml_reader *reader);

/// The current node's kind (CFACEDETECTION_XML_*).
int cfacedetection_xml_kind(cfacedetection_xml_reader *reader);

/// The current node's depth: 0 for the root element.
int cfacedetection_xml_depth(cfacedetection_xml_reader *reader);

/// Non-zero for an element that closes itself (`<a/>`): no end element follows.
int cfacedetection_xml_is_empty_element(cfacedetection_xml_reader *reader);

/// The current element's or entity reference's name, or a text's content, as UTF-8; valid
/// until the next cfacedetection_xml_next. Never NULL.
const char *cfacedetection_xml_name(cfacedetection_xml_reader *reader);
const char *cfacedetection_xml_value(cfacedetection_xml_reader *reader);

/// The line of the current node, or of the parser's position when the node has none.
long cfacedetection_xml_line(cfacedetection_xml_reader *reader);

/// The first of the most severe errors reported so far (errors and fatal errors, not
/// warnings), NUL-terminated, with its line in `*line` (0 when libxml2 gave none); NULL when
/// there was none. Valid until cfacedetection_xml_close.
const char *cfacedetection_xml_error(const cfacedetection_xml_reader *reader, int *line);

/// Frees libxml2's reader and this one, and gives the calling thread its error handlers back.
void cfacedetection_xml_close(cfacedetection_xml_reader *reader);

#endif
