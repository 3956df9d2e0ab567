// libxml2 for Swift: Today's feeds (RSS, Atom, OPML) and the sites' HTML pages for feed discovery.
// Already on every machine that has WebKitGTK.
#ifndef SKIFF_CXML2_SHIM_H
#define SKIFF_CXML2_SHIM_H

// libxml2 built with ICU includes ICU's headers from encoding.h; Swift's Foundation carries its own,
// newer ICU, and the two definitions of UErrorCode collide in any file importing both. Nothing of
// ours touches the ICU converter fields (they sit at the end of xmlCharEncodingHandler, which we
// only ever hold by pointer), so the ICU part of the header is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
