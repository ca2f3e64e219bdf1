// Extended attributes (listxattr, getxattr, fsetxattr) for the file writer: <sys/xattr.h> is not part
// of Swift's Glibc module. The functions are in the C library itself: nothing to link.
#ifndef TILEGRID_CXATTR_SHIM_H
#define TILEGRID_CXATTR_SHIM_H
#include <sys/types.h>
#include <sys/xattr.h>
#endif
