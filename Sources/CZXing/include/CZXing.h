/*
 * CZXing: a plain C interface over zxing-cpp 1.4 (C++), so that Swift can read barcodes without C++ interop.
 *
 * Usage:
 *   czx_options options = czx_default_options();
 *   options.formats = CZX_FORMAT_QR_CODE | CZX_FORMAT_EAN_13;   // 0 = every format
 *   czx_result *results = NULL; int count = 0;
 *   char error[256];
 *   int status = czx_read_barcodes(pixels, width, height, width, &options, &results, &count, error, sizeof error);
 *   if (status == CZX_OK) { ... use results[0 ..< count] ... }
 *   czx_results_free(results, count);   // always safe, also after an error (results is then NULL)
 *
 * No C++ exception crosses this interface: every failure is a status code plus a message.
 * The functions keep no global state; concurrent calls on different buffers are safe.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Barcode formats, one bit each (the same values as ZXing::BarcodeFormat). Combine with `|`. */
enum {
    CZX_FORMAT_NONE = 0,
    CZX_FORMAT_AZTEC = 1 << 0,
    CZX_FORMAT_CODABAR = 1 << 1,
    CZX_FORMAT_CODE_39 = 1 << 2,
    CZX_FORMAT_CODE_93 = 1 << 3,
    CZX_FORMAT_CODE_128 = 1 << 4,
    CZX_FORMAT_DATABAR = 1 << 5,
    CZX_FORMAT_DATABAR_EXPANDED = 1 << 6,
    CZX_FORMAT_DATA_MATRIX = 1 << 7,
    CZX_FORMAT_EAN_8 = 1 << 8,
    CZX_FORMAT_EAN_13 = 1 << 9,
    CZX_FORMAT_ITF = 1 << 10,
    CZX_FORMAT_MAXICODE = 1 << 11,
    CZX_FORMAT_PDF417 = 1 << 12,
    CZX_FORMAT_QR_CODE = 1 << 13,
    CZX_FORMAT_UPC_A = 1 << 14,
    CZX_FORMAT_UPC_E = 1 << 15,
    CZX_FORMAT_MICRO_QR_CODE = 1 << 16,
};

/** Status codes returned by czx_read_barcodes. */
enum {
    CZX_OK = 0,
    /** A NULL pointer, a non-positive size or a row stride smaller than the width. */
    CZX_ERROR_INVALID_ARGUMENT = 1,
    /** Allocation of the result array failed. */
    CZX_ERROR_OUT_OF_MEMORY = 2,
    /** zxing-cpp threw; the message says what. */
    CZX_ERROR_DECODER = 3,
    /**
     * zxing-cpp failed one of its internal assertions (Debian builds it with assertions on). The process goes on;
     * treat the image as unreadable by zxing. The shim defines __assert_fail to make this possible: outside zxing
     * calls it prints the usual message and aborts, like glibc's.
     */
    CZX_ERROR_ASSERTION = 4,
};

/** What the payload holds, as zxing-cpp classifies it (ZXing::ContentType). */
enum {
    CZX_CONTENT_TEXT = 0,
    CZX_CONTENT_BINARY = 1,
    CZX_CONTENT_MIXED = 2,
    CZX_CONTENT_GS1 = 3,
    CZX_CONTENT_ISO15434 = 4,
    CZX_CONTENT_UNKNOWN_ECI = 5,
};

/** How the luminance image is turned into black and white (ZXing::Binarizer). */
enum {
    /** Local average for matrix codes, per-line histogram for linear codes: zxing's default, best on scans. */
    CZX_BINARIZER_LOCAL_AVERAGE = 0,
    /** One threshold from the histogram valley: helps on evenly lit, low-contrast images. */
    CZX_BINARIZER_GLOBAL_HISTOGRAM = 1,
    CZX_BINARIZER_FIXED_THRESHOLD = 2,
};

/** Decoder settings. Start from czx_default_options(). */
typedef struct czx_options {
    /** Bitmask of CZX_FORMAT_*; 0 means every supported format. */
    int formats;
    /** Spend more time looking (more scan lines, more detectors). */
    int try_harder;
    /** Also look at the image turned by 90/180/270 degrees. */
    int try_rotate;
    /**
     * Also look at internally downscaled copies of large images. Ignored (treated as 0) when any linear format is
     * enabled: zxing-cpp 1.4 fails an assertion (CZX_ERROR_ASSERTION, the call's results are lost) when one linear
     * code is found at two scales. Downscale the image yourself instead.
     */
    int try_downscale;
    /** The image holds nothing but one perfectly aligned, generated code (fast path). */
    int is_pure;
    /** One of CZX_BINARIZER_*. */
    int binarizer;
    /**
     * At most this many symbols are returned (1...255). Forced to 1 when any linear format is enabled (see
     * try_downscale for why); to find several linear codes, blank out each one found and call again.
     */
    int max_symbols;
} czx_options;

/** A pixel position in the image given to czx_read_barcodes (origin top-left). */
typedef struct czx_point {
    int x;
    int y;
} czx_point;

/** One decoded barcode. Every pointer is owned by the result array; free it with czx_results_free. */
typedef struct czx_result {
    /** Exactly one CZX_FORMAT_* bit. */
    int format;
    /** One of CZX_CONTENT_*. */
    int content_type;
    /** The payload as UTF-8 text (zxing's character-set handling applied), NUL-terminated. */
    char *text;
    /** Length of `text` in bytes, without the terminating NUL. */
    int text_length;
    /** The payload bytes exactly as encoded in the symbol, no character-set conversion. May be NULL if empty. */
    uint8_t *bytes;
    int bytes_length;
    /** The corners as the code reads: top-left, top-right, bottom-right, bottom-left. */
    czx_point corners[4];
    /** The code's rotation in degrees (0 = upright, 90 = turned clockwise...). */
    int orientation;
    /** Linear codes: how many scan lines agreed on this result (0 for matrix codes). */
    int line_count;
    /** ISO/IEC 15424 symbology identifier such as "]Q1", "]C1" (GS1-128), "]e0" (DataBar); empty if none. */
    char symbology_identifier[8];
} czx_result;

/** The recommended settings: every format, try_harder and try_rotate on, try_downscale off, not pure. */
czx_options czx_default_options(void);

/**
 * Finds and decodes every barcode in an 8-bit luminance image (0 = black, 255 = white).
 *
 * `luminance` points to `height` rows of `row_stride` bytes each; the first `width` bytes of a row are pixels.
 * On CZX_OK, `*results` is a malloc'ed array of `*count` results (NULL when `*count` is 0).
 * On failure, `*results` is NULL, `*count` is 0 and, if `error_message` is not NULL, a NUL-terminated message is
 * written into it (at most `error_capacity` bytes including the NUL).
 */
int czx_read_barcodes(
    const uint8_t *luminance, int width, int height, int row_stride, const czx_options *options,
    czx_result **results, int *count, char *error_message, size_t error_capacity);

/** Frees an array returned by czx_read_barcodes. NULL is fine. */
void czx_results_free(czx_result *results, int count);

/**
 * 1 when zxing-cpp's failed assertions are turned into CZX_ERROR_ASSERTION in this process (the shim's
 * __assert_fail is the one shared libraries bind to), 0 when they would abort the process.
 */
int czx_assertion_guard_active(void);

/** The zxing-cpp version this shim was built against, e.g. "1.4.0". Static storage, do not free. */
const char *czx_version(void);

#ifdef __cplusplus
}
#endif
