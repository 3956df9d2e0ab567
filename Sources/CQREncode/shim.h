// libqrencode: the member card's QR code. The only place its C header is touched.
#ifndef SKIFF_CQRENCODE_SHIM_H
#define SKIFF_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
