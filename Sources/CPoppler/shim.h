#include <poppler.h>
#include <cairo.h>
#include <glib.h>
