// C shims for the image decoders. Each exists because Swift cannot make the call itself:
// - libjpeg and libpng report fatal errors by longjmp; a longjmp must never cross Swift frames, so every call into
//   them runs inside one C function that owns the setjmp (dsi_jpeg_*, dsi_png_*).
// - libtiff's and leptonica's message handlers receive printf-style formats and va_list, and leptonica's handler
//   has no context pointer: messages are formatted here and collected per call in a thread-local sink.
// - TIFFGetField is variadic (dsi_tiff_get_*); TIFFClientOpenExt needs C callbacks over a memory buffer.
// No library header is included here, so that no type is declared twice across the C modules.
#ifndef CIMAGESHIMS_H
#define CIMAGESHIMS_H

#include <stddef.h>
#include <stdint.h>

// ---- library messages

/// Messages that libraries reported during one decode, as lines "library: text". Opaque; owned by the caller.
typedef struct dsi_messages dsi_messages;

dsi_messages *dsi_messages_new(void);
void dsi_messages_free(dsi_messages *messages);
/// The collected lines, '\n'-separated, NUL-terminated (never NULL).
const char *dsi_messages_text(const dsi_messages *messages);
/// How many messages were left out after the first ones (repeats and overflow).
unsigned dsi_messages_dropped(const dsi_messages *messages);
/// Adds "library: text" (newlines folded, exact repeats and overflow counted, not kept). NULL `messages`: dropped.
/// A message that reports a failed allocation also marks the page process's memory as exhausted
/// (csystem_memory_guard_note_exhausted), so a library that carries on after it still fails the page for memory.
void dsi_messages_add(dsi_messages *messages, const char *library, const char *text);

/// Routes leptonica's messages (warnings and errors) into the calling thread's current sink instead of stderr.
/// Idempotent and thread-safe; called before any decode.
void dsi_messages_install(void);
/// Makes `messages` the calling thread's sink (NULL: none, messages are dropped); returns the previous one.
dsi_messages *dsi_messages_redirect(dsi_messages *messages);
/// The calling thread's sink, NULL outside a capture (for handlers written in Swift: GLib's log handler).
dsi_messages *dsi_messages_current(void);

// ---- libtiff

struct tiff;

/// Opens a TIFF held in memory for reading; its errors and warnings go to `messages` (per-open handlers, so
/// another thread's TIFF or leptonica's own handler changes cannot divert them). NULL when libtiff refuses the
/// file; the reason is in `messages`. `data` must outlive the handle. Close with TIFFClose.
struct tiff *dsi_tiff_open_memory(const uint8_t *data, size_t size, dsi_messages *messages);
/// TIFFGetField for one value of the tag's type; 1 when the tag is present.
int dsi_tiff_get_u16(struct tiff *tif, uint32_t tag, uint16_t *value);
int dsi_tiff_get_u32(struct tiff *tif, uint32_t tag, uint32_t *value);
int dsi_tiff_get_float(struct tiff *tif, uint32_t tag, float *value);
/// TIFFGetFieldDefaulted for a u16 tag (libtiff's default when the tag is absent); 1 when there is a value.
int dsi_tiff_get_u16_defaulted(struct tiff *tif, uint32_t tag, uint16_t *value);
/// Tags with two u16 values (YCbCrSubsampling).
int dsi_tiff_get_u16_pair(struct tiff *tif, uint32_t tag, uint16_t *first, uint16_t *second);
/// ExtraSamples: the number of extra samples and the kind of the first one.
int dsi_tiff_get_extra_samples(struct tiff *tif, uint16_t *count, uint16_t *first_kind);

// ---- libjpeg

/// What a JPEG's header says.
typedef struct dsi_jpeg_info {
    int width, height;
    /// Components and J_COLOR_SPACE as stored (1 gray, 3 YCbCr or RGB, 4 CMYK or YCCK).
    int components, color_space;
    int precision;
    int progressive;
    /// JFIF density: unit 0 none (aspect ratio only), 1 per inch, 2 per centimetre.
    int density_unit, x_density, y_density;
    /// Adobe APP14 transform (0 none, 1 YCbCr, 2 YCCK), -1 without an Adobe marker.
    int adobe_transform;
} dsi_jpeg_info;

/// Reads the header of the JPEG stream at `data` (which starts with SOI). 0 on success, -1 on failure with
/// libjpeg's message in `messages`.
int dsi_jpeg_read_info(const uint8_t *data, size_t size, dsi_jpeg_info *info, dsi_messages *messages);

/// Decodes to 8-bit gray into `out` (width*height bytes, row-major, 0 black). Returns 0 when every row was
/// decoded from intact data, 1 when the data was damaged or cut (`*rows_read` rows from the top are good; the
/// rest are set to white), -1 on failure (message in `messages`).
int dsi_jpeg_decode_gray(
    const uint8_t *data, size_t size, uint8_t *out, size_t out_size, int *rows_read, dsi_messages *messages);

// ---- libpng

typedef struct dsi_png_info {
    int width, height, bit_depth, color_type, interlaced;
    /// pHYs: pixels per unit; unit 1 is the metre, 0 means aspect ratio only; -1 without pHYs.
    int unit;
    uint32_t x_pixels_per_unit, y_pixels_per_unit;
} dsi_png_info;

int dsi_png_read_info(const uint8_t *data, size_t size, dsi_png_info *info, dsi_messages *messages);

/// Decodes to 8-bit gray (alpha composited on white) into `out`; returns 0, 1 (partial: `*rows_read` rows from
/// the top, rest white) or -1 as dsi_jpeg_decode_gray.
int dsi_png_decode_gray(
    const uint8_t *data, size_t size, uint8_t *out, size_t out_size, int *rows_read, dsi_messages *messages);

// ---- pixel conversion shared by the decoders

/// Rec. 601 luma of 8-bit R, G, B.
static inline uint8_t dsi_luma(uint8_t r, uint8_t g, uint8_t b) {
    return (uint8_t)((r * 77 + g * 150 + b * 29 + 128) >> 8);
}

#endif
