// cairo's PDF surface: the searchable PDFs of `datascan export --format pdf` (PDFWriter).
#include <cairo.h>
#include <cairo-pdf.h>
