#include "CImageShims.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg reports a fatal error by calling error_exit, which must not return. The default one prints to stderr
// and exits the process; ours records the message and longjmps back into the C function that called libjpeg.
// That function owns the jmp_buf and no Swift frame lies between it and libjpeg, so the jump never unwinds Swift.
typedef struct error_manager {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    dsi_messages *messages;
    // Set once pixel data is being read: a warning from then on means damaged or missing image data.
    int decoding;
    int damaged;
    int damage_scan, damage_imcu_row;
} error_manager;

static void on_error(j_common_ptr cinfo) {
    error_manager *e = (error_manager *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    dsi_messages_add(e->messages, "libjpeg", text);
    longjmp(e->escape, 1);
}

static void on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace output
    error_manager *e = (error_manager *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    dsi_messages_add(e->messages, "libjpeg", text);
    cinfo->err->num_warnings++;
    if (e->decoding && !e->damaged) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        e->damaged = 1;
        e->damage_scan = d->input_scan_number;
        e->damage_imcu_row = (int)d->input_iMCU_row;
    }
}

static void silent(j_common_ptr cinfo) { (void)cinfo; }

static void setup(struct jpeg_decompress_struct *cinfo, error_manager *err, dsi_messages *messages) {
    memset(err, 0, sizeof *err);
    cinfo->err = jpeg_std_error(&err->base);
    err->base.error_exit = on_error;
    err->base.emit_message = on_message;
    err->base.output_message = silent;
    err->messages = messages;
}

int dsi_jpeg_read_info(const uint8_t *data, size_t size, dsi_jpeg_info *info, dsi_messages *messages) {
    struct jpeg_decompress_struct cinfo;
    error_manager err;
    setup(&cinfo, &err, messages);
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    memset(info, 0, sizeof *info);
    info->width = (int)cinfo.image_width;
    info->height = (int)cinfo.image_height;
    info->components = cinfo.num_components;
    info->color_space = (int)cinfo.jpeg_color_space;
    info->precision = cinfo.data_precision;
    info->progressive = cinfo.progressive_mode ? 1 : 0;
    info->density_unit = cinfo.saw_JFIF_marker ? cinfo.density_unit : 0;
    info->x_density = cinfo.X_density;
    info->y_density = cinfo.Y_density;
    info->adobe_transform = cinfo.saw_Adobe_marker ? cinfo.Adobe_transform : -1;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

// CMYK to gray through RGB. Adobe (Photoshop) writes CMYK inverted (255 = no ink); files without an Adobe
// marker are taken as plain CMYK. This is what libjpeg-turbo's TurboJPEG and most viewers assume.
static void cmyk_row_to_gray(const JSAMPLE *in, uint8_t *out, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++, in += 4) {
        int c = in[0], m = in[1], y = in[2], k = in[3];
        if (!inverted) c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
        out[x] = dsi_luma((uint8_t)(c * k / 255), (uint8_t)(m * k / 255), (uint8_t)(y * k / 255));
    }
}

int dsi_jpeg_decode_gray(
    const uint8_t *data, size_t size, uint8_t *out, size_t out_size, int *rows_read, dsi_messages *messages) {
    struct jpeg_decompress_struct cinfo;
    error_manager err;
    setup(&cinfo, &err, messages);
    // Why volatile: read after longjmp, written after setjmp.
    volatile int rows = 0;
    volatile int height = 0, width = 0;
    *rows_read = 0;
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        if (rows == 0) return -1;
        memset(out + (size_t)rows * (size_t)width, 255, (size_t)(height - rows) * (size_t)width);
        *rows_read = rows;
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    width = (int)cinfo.image_width;
    height = (int)cinfo.image_height;
    if ((size_t)width * (size_t)height > out_size) {
        dsi_messages_add(messages, "libjpeg", "image is larger than its header said");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    // Why gray output: for YCbCr libjpeg-turbo then keeps only the Y plane, skipping chroma upsampling and
    // colour conversion; this is most of why this path is faster than leptonica's RGB decode.
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
    err.decoding = 1;  // for progressive files start_decompress already reads every scan
    jpeg_start_decompress(&cinfo);
    JSAMPARRAY line = cmyk ? (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, cinfo.output_width * 4, 1)
                           : NULL;
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *dst = out + (size_t)cinfo.output_scanline * (size_t)width;
        JSAMPROW row = cmyk ? line[0] : dst;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
        if (cmyk) cmyk_row_to_gray(line[0], dst, cinfo.output_width, cinfo.saw_Adobe_marker);
        rows = (int)cinfo.output_scanline;
    }
    jpeg_finish_decompress(&cinfo);
    int good = height;
    // A baseline file that ends after its last row lacks only EOI: complete. A progressive file that ends early
    // may lack whole refinement scans, which nothing can tell from a missing EOI: partial, every row present.
    int partial = err.damaged && (cinfo.progressive_mode || err.damage_imcu_row < (int)cinfo.total_iMCU_rows);
    if (partial) {
        // Rows of whole iMCU rows read before the damage are sound. In a later scan of a progressive (or
        // multi-scan) file every row already has the first scans' data: all rows are there, coarser.
        int imcu_height = cinfo.max_v_samp_factor * DCTSIZE;
        int first_scan = err.damage_scan <= 1 && err.damage_imcu_row < (int)cinfo.total_iMCU_rows;
        good = first_scan ? err.damage_imcu_row * imcu_height : height;
        if (good > height) good = height;
    }
    jpeg_destroy_decompress(&cinfo);
    if (good < height) {
        memset(out + (size_t)good * (size_t)width, 255, (size_t)(height - good) * (size_t)width);
    }
    *rows_read = good;
    return partial ? 1 : 0;
}
