// One document read with libxml2's streaming reader (xmlTextReader), set up for untrusted
// bytes, with every error libxml2 reports caught here instead of printed. The header names
// no libxml2 type: libxml2's headers include ICU's, which clash with the copy Foundation
// brings, so Swift sees only these functions. Symbols are prefixed `cfaceanalysis_xml_`.
#ifndef CFACEANALYSIS_XML_H
#define CFACEANALYSIS_XML_H

/// The reading of one document: libxml2's reader and the most severe error reported.
typedef struct cfaceanalysis_xml_reader cfaceanalysis_xml_reader;

/// What the reader's current node is (the kinds an element tree needs; the rest is
/// CFACEANALYSIS_XML_OTHER: comments, processing instructions, the DOCTYPE, the XML declaration).
enum {
  CFACEANALYSIS_XML_OTHER = 0,
  CFACEANALYSIS_XML_ELEMENT = 1,
  CFACEANALYSIS_XML_END_ELEMENT = 2,
  /// Text, a CDATA section or whitespace between elements.
  CFACEANALYSIS_XML_TEXT = 3,
  /// A reference to an entity the document declares (never substituted).
  CFACEANALYSIS_XML_ENTITY_REFERENCE = 4,
};

/// Initialises libxml2 (xmlInitParser). Call it once, before any other function here.
void cfaceanalysis_xml_initialize(void);

/// Starts reading the `size` bytes at `bytes`, which must stay valid until
/// cfaceanalysis_xml_close: no network access, no DTD loaded, no entity substituted, libxml2's
/// own limits (nesting, length of a text) in force. Until then libxml2's error handlers of
/// the calling thread report into the reader, so the whole reading happens on this thread.
/// NULL only when memory runs out.
cfaceanalysis_xml_reader *cfaceanalysis_xml_open(const char *bytes, int size);

/// Moves to the next node: 1 when there is one, 0 at the end of the document, -1 on an
/// error (cfaceanalysis_xml_error says which).
int cfaceanalysis_xml_next(cfaceanalysis_xml_reader *reader);

/// The current node's kind (CFACEANALYSIS_XML_*).
int cfaceanalysis_xml_kind(cfaceanalysis_xml_reader *reader);

/// The current node's depth: 0 for the root element.
int cfaceanalysis_xml_depth(cfaceanalysis_xml_reader *reader);

/// Non-zero for an element that closes itself (`<a/>`): no end element follows.
int cfaceanalysis_xml_is_empty_element(cfaceanalysis_xml_reader *reader);

/// The current element's or entity reference's name, or a text's content, as UTF-8; valid
/// until the next cfaceanalysis_xml_next. Never NULL.
const char *cfaceanalysis_xml_name(cfaceanalysis_xml_reader *reader);
const char *cfaceanalysis_xml_value(cfaceanalysis_xml_reader *reader);

/// The line of the current node, or of the parser's position when the node has none.
long cfaceanalysis_xml_line(cfaceanalysis_xml_reader *reader);

/// The first of the most severe errors reported so far (errors and fatal errors, not
/// warnings), NUL-terminated, with its line in `*line` (0 when libxml2 gave none); NULL when
/// there was none. Valid until cfaceanalysis_xml_close.
const char *cfaceanalysis_xml_error(const cfaceanalysis_xml_reader *reader, int *line);

/// Frees libxml2's reader and this one, and gives the calling thread its error handlers back.
void cfaceanalysis_xml_close(cfaceanalysis_xml_reader *reader);

#endif
