// libxlsxwriter: the workbook of `datascan export --format xlsx` (WorkbookWriter).
#include <xlsxwriter.h>
