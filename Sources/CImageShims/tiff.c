#include "CImageShims.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

// A read-only stream over caller-owned bytes. Freed by libtiff's close callback.
typedef struct memory_stream {
    const uint8_t *data;
    toff_t size;
    toff_t position;
} memory_stream;

static tmsize_t stream_read(thandle_t handle, void *buffer, tmsize_t count) {
    memory_stream *s = handle;
    if (count <= 0 || s->position >= s->size) return 0;
    toff_t n = (toff_t)count;
    if (n > s->size - s->position) n = s->size - s->position;
    memcpy(buffer, s->data + s->position, (size_t)n);
    s->position += n;
    return (tmsize_t)n;
}

static tmsize_t stream_write(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle, (void)buffer, (void)count;
    return -1;
}

static toff_t stream_seek(thandle_t handle, toff_t offset, int whence) {
    memory_stream *s = handle;
    toff_t base = whence == SEEK_CUR ? s->position : whence == SEEK_END ? s->size : 0;
    // Why no bound at the end: libtiff seeks past the end of a cut file and then reads 0 bytes, which it reports.
    s->position = base + offset;
    return s->position;
}

static int stream_close(thandle_t handle) {
    free(handle);
    return 0;
}

static toff_t stream_size(thandle_t handle) { return ((memory_stream *)handle)->size; }

// Why map: libtiff reads strips of an uncompressed file straight from a mapping instead of copying them.
static int stream_map(thandle_t handle, void **base, toff_t *size) {
    memory_stream *s = handle;
    *base = (void *)s->data;
    *size = s->size;
    return 1;
}

static void stream_unmap(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

static int capture(TIFF *tif, void *user_data, const char *module, const char *format, va_list args) {
    (void)tif;
    char text[400];
    int n = module && *module ? snprintf(text, sizeof text, "%s: ", module) : 0;
    if (n < 0 || n >= (int)sizeof text) n = 0;
    vsnprintf(text + n, sizeof text - (size_t)n, format, args);
    dsi_messages_add(user_data, "libtiff", text);
    return 1;  // handled: libtiff does not call the process-wide handlers (which print to stderr)
}

TIFF *dsi_tiff_open_memory(const uint8_t *data, size_t size, dsi_messages *messages) {
    memory_stream *s = calloc(1, sizeof *s);
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (s == NULL || options == NULL) {
        free(s);
        TIFFOpenOptionsFree(options);
        dsi_messages_add(messages, "libtiff", "out of memory");
        return NULL;
    }
    s->data = data;
    s->size = size;
    TIFFOpenOptionsSetErrorHandlerExtR(options, capture, messages);
    TIFFOpenOptionsSetWarningHandlerExtR(options, capture, messages);
    // "m" is not given: libtiff may map the buffer (stream_map) for uncompressed strips.
    TIFF *tif = TIFFClientOpenExt("memory", "r", s, stream_read, stream_write, stream_seek, stream_close,
                                  stream_size, stream_map, stream_unmap, options);
    TIFFOpenOptionsFree(options);
    // On failure libtiff cleans up without calling stream_close: the stream is still ours.
    if (tif == NULL) free(s);
    return tif;
}

int dsi_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) { return TIFFGetField(tif, tag, value) == 1; }

int dsi_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) { return TIFFGetField(tif, tag, value) == 1; }

int dsi_tiff_get_float(TIFF *tif, uint32_t tag, float *value) { return TIFFGetField(tif, tag, value) == 1; }

int dsi_tiff_get_u16_defaulted(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetFieldDefaulted(tif, tag, value) == 1;
}

int dsi_tiff_get_u16_pair(TIFF *tif, uint32_t tag, uint16_t *first, uint16_t *second) {
    return TIFFGetField(tif, tag, first, second) == 1;
}

int dsi_tiff_get_extra_samples(TIFF *tif, uint16_t *count, uint16_t *first_kind) {
    uint16_t *kinds = NULL;
    if (TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, count, &kinds) != 1) return 0;
    *first_kind = (*count > 0 && kinds != NULL) ? kinds[0] : 0;
    return 1;
}
