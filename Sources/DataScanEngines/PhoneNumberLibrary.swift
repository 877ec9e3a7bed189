import CPhoneNumber
import DataScanModel

/// A phone number libphonenumber found in a text.
package struct PhoneNumberMatch: Hashable, Sendable {
    /// UTF-8 byte offsets into the searched text.
    package var range: Range<Int>
    /// The number as printed.
    package var raw: String
    /// E.164 form (`+16502530000`).
    package var e164: String
    /// The country calling code (`49`).
    package var countryCode: Int = 0
    /// How many digits the national significant number has (without country code or trunk prefix).
    package var nationalDigits: Int = 0
}

/// Errors of the libphonenumber wrapper.
package enum PhoneNumberLibraryError: Error, Equatable {
    case invalidArgument(region: String)
    case outOfMemory
    case libraryFailure(code: Int32)
}

/// Swift face of libphonenumber's `PhoneNumberMatcher` (through the CPhoneNumber shim).
package enum PhoneNumberLibrary {
    /// The valid phone numbers in `text` when numbers without a country code are read as `region`'s.
    /// Safe to call from several threads at once (the shim's comment says why).
    static func matches(in text: String, region: String) throws(PhoneNumberLibraryError) -> [PhoneNumberMatch] {
        try matches(in: Array(text.utf8)[...], region: region)
    }

    /// The same over UTF-8 bytes; match ranges are offsets into `bytes`' own indices.
    package static func matches(in bytes: ArraySlice<UInt8>, region: String) throws(PhoneNumberLibraryError) -> [PhoneNumberMatch] {
        let list = MatchList()
        let code: Int32 = bytes.withUnsafeBufferPointer { buffer in
            region.withCString { regionPointer in
                // Reinterpreting UInt8 as CChar: same size and alignment, and the shim only reads the bytes.
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    cpn_find_numbers(chars.baseAddress, chars.count, regionPointer, &list.raw)
                }
            }
        }
        switch code {
        case Int32(CPN_OK):
            return list.matches(textLength: bytes.count).map { match in
                var shifted = match
                shifted.range = (match.range.lowerBound + bytes.startIndex)..<(match.range.upperBound + bytes.startIndex)
                return shifted
            }
        case Int32(CPN_ERROR_ARGUMENT): throw .invalidArgument(region: region)
        case Int32(CPN_ERROR_MEMORY): throw .outOfMemory
        default: throw .libraryFailure(code: code)
        }
    }
}

/// Owns one `cpn_match_list` and frees it when it goes away, so no C pointer outlives the call.
private final class MatchList {
    var raw = cpn_match_list(items: nil, count: 0)

    deinit { cpn_match_list_free(&raw) }

    func matches(textLength: Int) -> [PhoneNumberMatch] {
        guard let items = raw.items else { return [] }
        return UnsafeBufferPointer(start: items, count: raw.count).compactMap { item in
            let start = Int(item.start), end = Int(item.end)
            // The shim already checks bounds; checked again because a bad range would crash slicing later.
            guard start >= 0, end > start, end <= textLength, let rawText = item.raw, let e164 = item.e164 else {
                return nil
            }
            return PhoneNumberMatch(
                range: start..<end, raw: String(cString: rawText), e164: String(cString: e164),
                countryCode: Int(item.country_code), nationalDigits: Int(item.national_digits))
        }
    }
}
