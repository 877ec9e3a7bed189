// Adapts libphonenumber's C++ PhoneNumberMatcher to the C header Swift imports: C++ classes, std::string and
// exceptions cannot cross into Swift, so matches are copied into malloc'ed C structs.
#include "CPhoneNumber.h"

#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumbermatch.h>
#include <phonenumbers/phonenumbermatcher.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumberMatch;
using i18n::phonenumbers::PhoneNumberMatcher;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

char *copy_string(const std::string &s) {
    char *p = static_cast<char *>(std::malloc(s.size() + 1));
    if (p == nullptr) return nullptr;
    std::memcpy(p, s.data(), s.size());
    p[s.size()] = '\0';
    return p;
}

struct PendingMatch {
    int64_t start;
    int64_t end;
    std::string raw;
    std::string e164;
    int32_t country_code;
    int32_t national_digits;
};

}  // namespace

extern "C" int cpn_find_numbers(const char *text, size_t length, const char *region, int leniency,
                                cpn_match_list *out) {
    if (out == nullptr) return CPN_ERROR_ARGUMENT;
    if (leniency != CPN_LENIENCY_VALID && leniency != CPN_LENIENCY_POSSIBLE) return CPN_ERROR_ARGUMENT;
    out->items = nullptr;
    out->count = 0;
    if ((text == nullptr && length > 0) || region == nullptr) return CPN_ERROR_ARGUMENT;
    try {
        const PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
        std::string region_code(region);
        // "ZZ" (unknown) is allowed: then only numbers written with a +country code match.
        if (region_code != "ZZ" && util->GetCountryCodeForRegion(region_code) == 0) return CPN_ERROR_ARGUMENT;
        const std::string input(text == nullptr ? "" : std::string(text, length));
        // In the C++ port, PhoneNumberMatch::start() and length() count bytes of the UTF-8 std::string
        // (the matcher consumes a std::string; checked against multi-byte text in PhoneDetectorTests).
        const bool possible = leniency == CPN_LENIENCY_POSSIBLE;
        PhoneNumberMatcher matcher(*util, input, region_code,
                                   possible ? PhoneNumberMatcher::POSSIBLE : PhoneNumberMatcher::VALID,
                                   std::numeric_limits<int>::max());
        std::vector<PendingMatch> found;
        PhoneNumberMatch match;
        while (matcher.HasNext()) {
            if (!matcher.Next(&match)) break;
            PendingMatch m;
            m.start = match.start();
            m.end = static_cast<int64_t>(match.start()) + match.length();
            if (m.start < 0 || m.end > static_cast<int64_t>(input.size()) || m.end <= m.start) continue;
            // POSSIBLE also passes numbers that are possible only locally (a 7-digit US number without its area
            // code): their E.164 form would be a different, wrong number.
            if (possible && util->IsPossibleNumberWithReason(match.number()) != PhoneNumberUtil::IS_POSSIBLE) continue;
            m.raw = match.raw_string();
            util->Format(match.number(), PhoneNumberUtil::E164, &m.e164);
            std::string national;
            util->GetNationalSignificantNumber(match.number(), &national);
            m.country_code = match.number().country_code();
            m.national_digits = static_cast<int32_t>(national.size());
            found.push_back(std::move(m));
        }
        if (found.empty()) return CPN_OK;
        auto *items = static_cast<cpn_match *>(std::calloc(found.size(), sizeof(cpn_match)));
        if (items == nullptr) return CPN_ERROR_MEMORY;
        cpn_match_list list{items, 0};
        for (const PendingMatch &m : found) {
            cpn_match &item = items[list.count];
            item.start = m.start;
            item.end = m.end;
            item.raw = copy_string(m.raw);
            item.e164 = copy_string(m.e164);
            item.country_code = m.country_code;
            item.national_digits = m.national_digits;
            list.count += 1;  // counted before the check so that free releases a half-filled item too
            if (item.raw == nullptr || item.e164 == nullptr) {
                cpn_match_list_free(&list);
                return CPN_ERROR_MEMORY;
            }
        }
        *out = list;
        return CPN_OK;
    } catch (const std::bad_alloc &) {
        return CPN_ERROR_MEMORY;
    } catch (...) {
        return CPN_ERROR_INTERNAL;
    }
}

extern "C" int cpn_number_status(const char *text, size_t length, const char *region) {
    if ((text == nullptr && length > 0) || region == nullptr) return CPN_ERROR_ARGUMENT;
    try {
        const PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
        i18n::phonenumbers::PhoneNumber number;
        const std::string input(text == nullptr ? "" : std::string(text, length));
        if (util->Parse(input, std::string(region), &number) != PhoneNumberUtil::NO_PARSING_ERROR) return 0;
        int status = 0;
        if (util->IsPossibleNumberWithReason(number) == PhoneNumberUtil::IS_POSSIBLE) status |= CPN_STATUS_POSSIBLE;
        if (util->IsValidNumber(number)) status |= CPN_STATUS_VALID;
        return status;
    } catch (const std::bad_alloc &) {
        return CPN_ERROR_MEMORY;
    } catch (...) {
        return CPN_ERROR_INTERNAL;
    }
}

extern "C" int cpn_region_for_country_code(int32_t country_code, char out[3]) {
    if (out == nullptr) return CPN_ERROR_ARGUMENT;
    out[0] = '\0';
    try {
        std::string region;
        PhoneNumberUtil::GetInstance()->GetRegionCodeForCountryCode(country_code, &region);
        if (region.size() != 2 || region == "ZZ") return CPN_ERROR_ARGUMENT;
        out[0] = region[0];
        out[1] = region[1];
        out[2] = '\0';
        return CPN_OK;
    } catch (...) {
        return CPN_ERROR_INTERNAL;
    }
}

extern "C" void cpn_match_list_free(cpn_match_list *list) {
    if (list == nullptr || list->items == nullptr) return;
    for (size_t i = 0; i < list->count; ++i) {
        std::free(list->items[i].raw);
        std::free(list->items[i].e164);
    }
    std::free(list->items);
    list->items = nullptr;
    list->count = 0;
}
