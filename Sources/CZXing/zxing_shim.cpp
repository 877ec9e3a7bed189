// C shim over zxing-cpp 1.4: converts zxing's C++ results into malloc'ed plain C structs.
// Every entry point catches all exceptions, because a C++ exception unwinding into Swift is undefined behaviour.
//
// Debian builds zxing-cpp with assertions enabled, and 1.4 has assertions that real images trip (Result::operator==
// for linear codes, zxing-cpp issues #399 and #516). An assertion calls __assert_fail, which aborts the whole
// process: one odd barcode would end a batch of thousands of pages. So this file defines __assert_fail itself
// (the executable's definition takes precedence over glibc's for shared libraries such as libZXing): while a
// zxing call runs on this thread, a failed assertion jumps back out of zxing and the call returns
// CZX_ERROR_ASSERTION; anywhere else it behaves like glibc's (message, then abort). Jumping out skips zxing's
// destructors, so the objects of that one call leak; that is the price of not losing the process.

#include "CZXing.h"

#include <ZXing/BarcodeFormat.h>
#include <ZXing/DecodeHints.h>
#include <ZXing/ImageView.h>
#include <ZXing/ReadBarcode.h>
#include <ZXing/Result.h>
#include <ZXing/ZXVersion.h>

#include <csetjmp>
#include <dlfcn.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#define CZX_STRINGIFY_INNER(x) #x
#define CZX_STRINGIFY(x) CZX_STRINGIFY_INNER(x)

namespace {

/// Where a failed assertion inside zxing jumps to; null when no zxing call is running on this thread.
thread_local sigjmp_buf *assertionEscape = nullptr;
thread_local char assertionMessage[512];

/// ReadBarcodes, returning false (with assertionMessage set) when zxing fails one of its assertions.
bool readBarcodesGuarded(const ZXing::ImageView &view, const ZXing::DecodeHints &hints, ZXing::Results *found) {
    sigjmp_buf escape;
    if (sigsetjmp(escape, 0) != 0) {
        assertionEscape = nullptr;
        return false;
    }
    assertionEscape = &escape;
    try {
        *found = ZXing::ReadBarcodes(view, hints);
    } catch (...) {
        assertionEscape = nullptr;
        throw;
    }
    assertionEscape = nullptr;
    return true;
}

void writeMessage(char *buffer, size_t capacity, const char *message) {
    if (buffer == nullptr || capacity == 0) return;
    std::strncpy(buffer, message, capacity - 1);
    buffer[capacity - 1] = '\0';
}

int contentTypeCode(ZXing::ContentType type) {
    switch (type) {
    case ZXing::ContentType::Text: return CZX_CONTENT_TEXT;
    case ZXing::ContentType::Binary: return CZX_CONTENT_BINARY;
    case ZXing::ContentType::Mixed: return CZX_CONTENT_MIXED;
    case ZXing::ContentType::GS1: return CZX_CONTENT_GS1;
    case ZXing::ContentType::ISO15434: return CZX_CONTENT_ISO15434;
    case ZXing::ContentType::UnknownECI: return CZX_CONTENT_UNKNOWN_ECI;
    }
    return CZX_CONTENT_TEXT;
}

ZXing::Binarizer binarizerFor(int code) {
    switch (code) {
    case CZX_BINARIZER_GLOBAL_HISTOGRAM: return ZXing::Binarizer::GlobalHistogram;
    case CZX_BINARIZER_FIXED_THRESHOLD: return ZXing::Binarizer::FixedThreshold;
    default: return ZXing::Binarizer::LocalAverage;
    }
}

// Copies `length` bytes into a NUL-terminated malloc'ed buffer (so text can be read as a C string).
template <typename Byte> char *copyBytes(const Byte *data, size_t length) {
    char *copy = static_cast<char *>(std::malloc(length + 1));
    if (copy == nullptr) return nullptr;
    if (length > 0) std::memcpy(copy, data, length);
    copy[length] = '\0';
    return copy;
}

}  // namespace

extern "C" czx_options czx_default_options(void) {
    czx_options options;
    options.formats = 0;
    options.try_harder = 1;
    options.try_rotate = 1;
    options.try_downscale = 0;
    options.is_pure = 0;
    options.binarizer = CZX_BINARIZER_LOCAL_AVERAGE;
    options.max_symbols = 255;
    return options;
}

extern "C" void czx_results_free(czx_result *results, int count) {
    if (results == nullptr) return;
    for (int i = 0; i < count; ++i) {
        std::free(results[i].text);
        std::free(results[i].bytes);
    }
    std::free(results);
}

extern "C" int czx_read_barcodes(
    const uint8_t *luminance, int width, int height, int row_stride, const czx_options *options,
    czx_result **results, int *count, char *error_message, size_t error_capacity) {
    if (results != nullptr) *results = nullptr;
    if (count != nullptr) *count = 0;
    if (luminance == nullptr || options == nullptr || results == nullptr || count == nullptr || width <= 0
        || height <= 0 || row_stride < width) {
        writeMessage(error_message, error_capacity, "invalid argument: null pointer or bad image size");
        return CZX_ERROR_INVALID_ARGUMENT;
    }
    czx_result *out = nullptr;
    int produced = 0;
    try {
        int formats = options->formats == 0 ? static_cast<int>(ZXing::BarcodeFormat::Any) : options->formats;
        ZXing::DecodeHints hints;
        hints.setFormats(ZXing::BarcodeFormats(static_cast<ZXing::BarcodeFormat>(formats)));
        hints.setTryHarder(options->try_harder != 0);
        hints.setTryRotate(options->try_rotate != 0);
        // Debian's libZXing 1.4 is built with assertions on, and Result::operator== asserts (aborting the whole
        // process) when ReadBarcodes compares two linear results with the same text: the same code found in two
        // layers of the downscale pyramid, found by both horizontal and vertical scans (try_rotate), or two
        // identical codes on one image. With linear formats on, downscaling is therefore off and at most one
        // symbol is read per call: then no two results are ever compared.
        int linear = CZX_FORMAT_CODABAR | CZX_FORMAT_CODE_39 | CZX_FORMAT_CODE_93 | CZX_FORMAT_CODE_128
            | CZX_FORMAT_DATABAR | CZX_FORMAT_DATABAR_EXPANDED | CZX_FORMAT_EAN_8 | CZX_FORMAT_EAN_13 | CZX_FORMAT_ITF
            | CZX_FORMAT_UPC_A | CZX_FORMAT_UPC_E;
        bool anyLinear = (formats & linear) != 0;
        hints.setTryDownscale(options->try_downscale != 0 && !anyLinear);
        hints.setIsPure(options->is_pure != 0);
        hints.setBinarizer(binarizerFor(options->binarizer));
        int maxSymbols = options->max_symbols < 1 ? 1 : (options->max_symbols > 255 ? 255 : options->max_symbols);
        if (anyLinear) maxSymbols = 1;
        hints.setMaxNumberOfSymbols(static_cast<uint8_t>(maxSymbols));

        ZXing::ImageView view(luminance, width, height, ZXing::ImageFormat::Lum, row_stride);
        ZXing::Results found;
        if (!readBarcodesGuarded(view, hints, &found)) {
            writeMessage(error_message, error_capacity, assertionMessage);
            return CZX_ERROR_ASSERTION;
        }

        int valid = 0;
        for (const auto &result : found)
            if (result.isValid()) ++valid;
        if (valid == 0) return CZX_OK;

        out = static_cast<czx_result *>(std::calloc(static_cast<size_t>(valid), sizeof(czx_result)));
        if (out == nullptr) {
            writeMessage(error_message, error_capacity, "out of memory");
            return CZX_ERROR_OUT_OF_MEMORY;
        }
        for (const auto &result : found) {
            if (!result.isValid()) continue;
            czx_result &r = out[produced];
            ++produced;  // counted before filling, so a failure below still frees what was allocated
            r.format = static_cast<int>(result.format());
            r.content_type = contentTypeCode(result.contentType());
            std::string text = result.text();
            r.text = copyBytes(text.data(), text.size());
            r.text_length = static_cast<int>(text.size());
            const ZXing::ByteArray &bytes = result.bytes();
            r.bytes = reinterpret_cast<uint8_t *>(copyBytes(bytes.data(), bytes.size()));
            r.bytes_length = static_cast<int>(bytes.size());
            if (r.text == nullptr || r.bytes == nullptr) {
                czx_results_free(out, produced);
                writeMessage(error_message, error_capacity, "out of memory");
                return CZX_ERROR_OUT_OF_MEMORY;
            }
            const ZXing::Position &position = result.position();
            for (int corner = 0; corner < 4; ++corner) {
                r.corners[corner].x = position[corner].x;
                r.corners[corner].y = position[corner].y;
            }
            r.orientation = result.orientation();
            r.line_count = result.lineCount();
            std::string identifier = result.symbologyIdentifier();
            writeMessage(r.symbology_identifier, sizeof r.symbology_identifier, identifier.c_str());
        }
        *results = out;
        *count = produced;
        return CZX_OK;
    } catch (const std::bad_alloc &) {
        czx_results_free(out, produced);
        writeMessage(error_message, error_capacity, "out of memory");
        return CZX_ERROR_OUT_OF_MEMORY;
    } catch (const std::exception &error) {
        czx_results_free(out, produced);
        writeMessage(error_message, error_capacity, error.what());
        return CZX_ERROR_DECODER;
    } catch (...) {
        czx_results_free(out, produced);
        writeMessage(error_message, error_capacity, "zxing-cpp failed with an unknown exception");
        return CZX_ERROR_DECODER;
    }
}

extern "C" const char *czx_version(void) {
    return CZX_STRINGIFY(ZXING_VERSION_MAJOR) "." CZX_STRINGIFY(ZXING_VERSION_MINOR) "." CZX_STRINGIFY(ZXING_VERSION_PATCH);
}

extern "C" void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) __THROW {
    if (assertionEscape != nullptr) {
        std::snprintf(assertionMessage, sizeof assertionMessage, "zxing-cpp assertion failed: %s (%s:%u)", assertion, file, line);
        siglongjmp(*assertionEscape, 1);
    }
    // Not inside zxing: what glibc does.
    std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function != nullptr ? function : "?", assertion);
    std::fflush(stderr);
    std::abort();
}

extern "C" int czx_assertion_guard_active(void) {
    // The definition libZXing binds to is the first one in global lookup order; when that is this file's, zxing's
    // failed assertions come here.
    void *bound = dlsym(RTLD_DEFAULT, "__assert_fail");
    return bound == reinterpret_cast<void *>(&__assert_fail) ? 1 : 0;
}
