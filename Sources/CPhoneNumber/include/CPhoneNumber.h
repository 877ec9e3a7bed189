#pragma once
// A plain C view of libphonenumber's C++ PhoneNumberMatcher, for Swift.
// Every function catches all C++ exceptions and reports them as an error code.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes.
enum {
    CPN_OK = 0,
    CPN_ERROR_ARGUMENT = -1,   ///< null pointer or unknown region
    CPN_ERROR_MEMORY = -2,     ///< allocation failed
    CPN_ERROR_INTERNAL = -3,   ///< libphonenumber threw
};

/// One phone number found in a text.
typedef struct cpn_match {
    /// UTF-8 byte offsets of the match in the searched text (end exclusive).
    int64_t start;
    int64_t end;
    /// The number as printed (NUL-terminated UTF-8).
    char *raw;
    /// The number in E.164 form (`+16502530000`).
    char *e164;
    /// The country calling code (`1`, `49`).
    int32_t country_code;
    /// The number of digits of the national significant number (without country code or trunk prefix).
    int32_t national_digits;
} cpn_match;

/// All matches of one search; free with `cpn_match_list_free`.
typedef struct cpn_match_list {
    cpn_match *items;
    size_t count;
} cpn_match_list;

/// How sure a match must be (libphonenumber's `PhoneNumberMatcher::Leniency`).
enum {
    CPN_LENIENCY_VALID = 0,     ///< a valid number of its country (the assigned number ranges)
    CPN_LENIENCY_POSSIBLE = 1,  ///< only of a possible length, dialable from anywhere (not local-only)
};

/// Finds the phone numbers in `text` (`length` bytes of UTF-8, need not be NUL-terminated) that are numbers at
/// `leniency` (a CPN_LENIENCY_* value) when read with `region` (ISO 3166 alpha-2, e.g. "US") as the default
/// country.
/// On success fills `*out` (which the caller frees with `cpn_match_list_free`) and returns CPN_OK;
/// on failure leaves `*out` empty and returns a negative CPN_ERROR_* code.
/// Thread-safe: libphonenumber's PhoneNumberUtil singleton guards its regex cache with a lock.
int cpn_find_numbers(const char *text, size_t length, const char *region, int leniency, cpn_match_list *out);

/// Writes the main region of a country calling code (`44` → "GB", NUL-terminated, so `out` holds 3 bytes) and
/// returns CPN_OK; CPN_ERROR_ARGUMENT for a code no region uses (or a non-geographic one, `800` → "001").
int cpn_region_for_country_code(int32_t country_code, char out[3]);

/// What `cpn_number_status` found.
enum {
    CPN_STATUS_POSSIBLE = 1,  ///< a possible number dialable from anywhere (libphonenumber's IS_POSSIBLE)
    CPN_STATUS_VALID = 2,     ///< a valid number (in its country's assigned ranges)
};

/// How `text` (`length` bytes of UTF-8) reads when parsed with `region` as the default country: a combination of
/// CPN_STATUS_* bits (0 when it cannot be parsed), or a negative CPN_ERROR_* code.
int cpn_number_status(const char *text, size_t length, const char *region);

/// Frees what `cpn_find_numbers` allocated; safe on an empty or already-freed list.
void cpn_match_list_free(cpn_match_list *list);

#ifdef __cplusplus
}
#endif
