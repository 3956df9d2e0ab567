// libxml2 for Swift: Today's feeds (RSS, Atom, OPML) and the sites' HTML pages for feed discovery.
// Already on every machine that has WebKitGTK.
#ifndef SKIFF_CXML2_SHIM_H
#define SKIFF_CXML2_SHIM_H

#include <libxml/xmlversion.h>
// libxml2 built with ICU includes <unicode/ucnv.h>, whose enums clash with the copy of ICU inside
// Swift's Foundation the moment a Swift file imports both. Skiff never uses libxml2's ICU
// converters (only two pointers at the end of xmlCharEncodingHandler, a struct it never
// allocates or reads), so the headers are read without them.
#undef LIBXML_ICU_ENABLED

#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// libxml2's xmlFree is a mutable global function pointer, which Swift 6 cannot read safely.
static inline void skiff_xml_free(void *pointer) { xmlFree(pointer); }

// Refuses every external entity and DTD, whatever the options: a feed is never allowed to make
// libxml2 open a file or a URL (docs/feeds.md, "Limits").
static inline xmlParserInputPtr skiff_xml_refuse_entity(const char *url, const char *identifier,
                                                        xmlParserCtxtPtr context) {
    (void)url; (void)identifier; (void)context;
    return NULL;
}

static inline void skiff_xml_install_entity_refusal(void) {
    xmlSetExternalEntityLoader(skiff_xml_refuse_entity);
}

#endif
