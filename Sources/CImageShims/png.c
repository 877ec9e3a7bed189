#include "CImageShims.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

// libpng, like libjpeg, escapes from errors with longjmp; all libpng calls stay inside these C functions, which
// own the jmp_buf (png_jmpbuf), so no Swift frame is ever jumped over. Custom error and warning functions keep
// libpng from printing "libpng error: ..." and "libpng warning: ..." to stderr.
typedef struct reader {
    const uint8_t *data;
    size_t size, position;
    dsi_messages *messages;
    // Kept here rather than in locals so they survive the longjmp.
    png_bytep row;
    png_bytep image;
    png_bytepp row_pointers;
    int rows;
} reader;

static void on_error(png_structp png, png_const_charp message) {
    reader *r = png_get_error_ptr(png);
    dsi_messages_add(r->messages, "libpng", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    reader *r = png_get_error_ptr(png);
    dsi_messages_add(r->messages, "libpng", message);
}

static void read_data(png_structp png, png_bytep out, size_t count) {
    reader *r = png_get_io_ptr(png);
    size_t left = r->size - r->position;
    if (left == 0) png_error(png, "file ends early (truncated)");
    if (left < count) {
        // libpng reads image data in 8 KiB pieces: refusing the last, short piece would lose every row it holds.
        // Handing over what is there, padded with zeros, lets zlib inflate those rows; the padding then fails
        // as a damaged stream, after the rows that were whole.
        dsi_messages_add(r->messages, "libpng", "file ends early (truncated)");
        memcpy(out, r->data + r->position, left);
        memset(out + left, 0, count - left);
        r->position = r->size;
        return;
    }
    memcpy(out, r->data + r->position, count);
    r->position += count;
}

static png_structp create(reader *r, png_infopp info) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    if (png == NULL) return NULL;
    *info = png_create_info_struct(png);
    if (*info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return NULL;
    }
    png_set_read_fn(png, r, read_data);
    return png;
}

static void fill_info(png_structp png, png_infop info, dsi_png_info *out) {
    memset(out, 0, sizeof *out);
    out->width = (int)png_get_image_width(png, info);
    out->height = (int)png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);
    out->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_uint_32 x = 0, y = 0;
    int unit = 0;
    if (png_get_pHYs(png, info, &x, &y, &unit)) {
        out->unit = unit;
        out->x_pixels_per_unit = x;
        out->y_pixels_per_unit = y;
    } else {
        out->unit = -1;
    }
}

int dsi_png_read_info(const uint8_t *data, size_t size, dsi_png_info *out, dsi_messages *messages) {
    reader r = {.data = data, .size = size, .messages = messages};
    png_infop info = NULL;
    png_structp png = create(&r, &info);
    if (png == NULL) {
        dsi_messages_add(messages, "libpng", "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        // A header that was read is the file's size and kind even when what follows is broken: the caller checks
        // the size first (a huge image is refused as too large), and the decode reports the damage.
        int header = png_get_image_width(png, info) > 0 && png_get_image_height(png, info) > 0;
        if (header) fill_info(png, info, out);
        png_destroy_read_struct(&png, &info, NULL);
        return header ? 0 : -1;
    }
    png_read_info(png, info);
    fill_info(png, info, out);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

static void row_to_gray(png_const_bytep in, uint8_t *out, int width, int channels) {
    for (int x = 0; x < width; x++) {
        int gray, alpha = 255;
        switch (channels) {
            case 1: gray = in[x]; break;
            case 2: gray = in[2 * x], alpha = in[2 * x + 1]; break;
            case 3: gray = dsi_luma(in[3 * x], in[3 * x + 1], in[3 * x + 2]); break;
            default:
                gray = dsi_luma(in[4 * x], in[4 * x + 1], in[4 * x + 2]);
                alpha = in[4 * x + 3];
                break;
        }
        // Transparent areas show the page behind them: white.
        out[x] = (uint8_t)((gray * alpha + 255 * (255 - alpha) + 127) / 255);
    }
}

int dsi_png_decode_gray(
    const uint8_t *data, size_t size, uint8_t *out, size_t out_size, int *rows_read, dsi_messages *messages) {
    // On the heap: its fields change after setjmp and are read after the longjmp, which C allows only for
    // objects that are not local (or volatile) to the function holding the jmp_buf.
    reader *r = calloc(1, sizeof *r);
    png_infop info = NULL;
    png_structp png = r ? create(r, &info) : NULL;
    *rows_read = 0;
    if (png == NULL) {
        free(r);
        dsi_messages_add(messages, "libpng", "out of memory");
        return -1;
    }
    r->data = data, r->size = size, r->messages = messages;
    volatile int width = 0, height = 0, interlaced = 0;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        int rows = r->rows;
        free(r->row), free(r->image), free(r->row_pointers), free(r);
        // Rows of an interlaced image are spread over seven passes: a cut leaves no row whole.
        if (interlaced || rows == 0) return -1;
        *rows_read = rows;
        if (rows == height) return 0;  // only what follows the image data (IEND) was missing
        memset(out + (size_t)rows * (size_t)width, 255, (size_t)(height - rows) * (size_t)width);
        return 1;
    }
    png_read_info(png, info);
    width = (int)png_get_image_width(png, info);
    height = (int)png_get_image_height(png, info);
    interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    if ((size_t)width * (size_t)height > out_size) png_error(png, "image is larger than its header said");
    png_set_expand(png);  // palette to RGB, low bit depths to 8, tRNS to alpha
    png_set_scale_16(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    if (!interlaced) {
        r->row = malloc(rowbytes);
        if (r->row == NULL) png_error(png, "out of memory");
        for (int y = 0; y < height; y++) {
            png_read_row(png, r->row, NULL);
            row_to_gray(r->row, out + (size_t)y * (size_t)width, width, channels);
            r->rows = y + 1;
        }
    } else {
        r->image = malloc(rowbytes * (size_t)height);
        r->row_pointers = malloc(sizeof(png_bytep) * (size_t)height);
        if (r->image == NULL || r->row_pointers == NULL) png_error(png, "out of memory");
        for (int y = 0; y < height; y++) r->row_pointers[y] = r->image + (size_t)y * rowbytes;
        png_read_image(png, r->row_pointers);
        for (int y = 0; y < height; y++) row_to_gray(r->row_pointers[y], out + (size_t)y * (size_t)width, width, channels);
        r->rows = height;
        interlaced = 0;  // every row is whole now; a damaged ending below no longer matters
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(r->row), free(r->image), free(r->row_pointers), free(r);
    *rows_read = height;
    return 0;
}
