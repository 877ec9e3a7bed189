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

/// How sure libphonenumber must be of a match (its `PhoneNumberMatcher::Leniency`).
package enum PhoneNumberLeniency: Sendable {
    /// A number in its country's assigned ranges.
    case valid
    /// Any number of a possible length for its country, dialable from abroad (what a phone label vouches for).
    case possible
}

/// Swift face of libphonenumber's `PhoneNumberMatcher` (through the CPhoneNumber shim).
package enum PhoneNumberLibrary {
    /// The phone numbers in `text` when numbers without a country code are read as `region`'s.
    /// Safe to call from several threads at once (the shim's comment says why).
    static func matches(
        in text: String, region: String, leniency: PhoneNumberLeniency = .valid
    ) throws(PhoneNumberLibraryError) -> [PhoneNumberMatch] {
        try matches(in: Array(text.utf8)[...], region: region, leniency: leniency)
    }

    /// The same over UTF-8 bytes; match ranges are offsets into `bytes`' own indices.
    package static func matches(
        in bytes: ArraySlice<UInt8>, region: String, leniency: PhoneNumberLeniency = .valid
    ) throws(PhoneNumberLibraryError) -> [PhoneNumberMatch] {
        let list = MatchList()
        let level = Int32(leniency == .valid ? CPN_LENIENCY_VALID : CPN_LENIENCY_POSSIBLE)
        let code: Int32 = bytes.withUnsafeBufferPointer { buffer in
            region.withCString { regionPointer in
                // Reinterpreting UInt8 as CChar: same size and alignment, and the shim only reads the bytes.
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    cpn_find_numbers(chars.baseAddress, chars.count, regionPointer, level, &list.raw)
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

extension PhoneNumberLibrary {
    /// Whether `number` (as printed) read with `region` as the default country is a possible number, dialable from
    /// abroad; false when it cannot be parsed.
    package static func isPossibleNumber(_ number: String, region: String) -> Bool {
        status(number, region: region) & Int32(CPN_STATUS_POSSIBLE) != 0
    }

    /// Whether `number` (as printed) read with `region` as the default country is a valid number.
    package static func isValidNumber(_ number: String, region: String) -> Bool {
        status(number, region: region) & Int32(CPN_STATUS_VALID) != 0
    }

    private static func status(_ number: String, region: String) -> Int32 {
        var bytes = Array(number.utf8)
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            // Reinterpreting UInt8 as CChar: same size and alignment, and the shim only reads the bytes.
            buffer.withMemoryRebound(to: CChar.self) { chars in
                region.withCString { cpn_number_status(chars.baseAddress, chars.count, $0) }
            }
        }
        return max(0, status)  // an error of the library reads as "neither"
    }

    /// The main region of a country calling code (`44` → `GB`, `1` → `US`); nil for a code of no region.
    package static func region(forCountryCode code: Int) -> String? {
        guard let code32 = Int32(exactly: code) else { return nil }
        var out: (CChar, CChar, CChar) = (0, 0, 0)
        let status = withUnsafeMutableBytes(of: &out) { raw in
            // A 3-byte tuple is the `char out[3]` the shim writes; bound to CChar for the call only.
            cpn_region_for_country_code(code32, raw.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
        guard status == Int32(CPN_OK) else { return nil }
        return String(decoding: [UInt8(bitPattern: out.0), UInt8(bitPattern: out.1)], as: UTF8.self)
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
