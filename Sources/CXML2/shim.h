// libxml2 for Swift: Today's feeds (RSS, Atom, OPML) and the sites' HTML pages for feed discovery.
// Already on every machine that has WebKitGTK.
#ifndef SKIFF_CXML2_SHIM_H
#define SKIFF_CXML2_SHIM_H

#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
