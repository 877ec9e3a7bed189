import Foundation

/// ISO 3166-1 regions: what `--region` accepts.
public enum Region {
    /// `region` upper-cased when it is an ISO 3166-1 alpha-2 code; otherwise a usage error (with the likely code
    /// for the common mistakes: `UK` → `GB`).
    public static func validated(_ region: String) throws(DataScanError) -> String {
        let code = region.trimmingCharacters(in: .whitespaces).uppercased()
        if isISO3166(code) { return code }
        let hint = commonMistakes[code].map { " (did you mean \($0)?)" } ?? ""
        throw DataScanError(.usage, "invalid value '\(region)'; give an ISO 3166-1 region code such as US, DE, JP\(hint)")
    }

    /// Whether `code` (upper case) is an ISO 3166-1 alpha-2 code.
    public static func isISO3166(_ code: String) -> Bool { code.utf8.count == 2 && codes.contains(code) }

    private static let commonMistakes = ["UK": "GB", "EL": "GR", "EN": "GB or US", "JA": "JP", "KO": "KR", "ZH": "CN or TW"]

    /// ISO 3166-1 alpha-2, the 249 codes of Debian's iso-codes (`/usr/share/iso-codes/json/iso_3166-1.json`).
    /// Foundation's `Locale.Region.isISORegion` also accepts `EU`, `UK` and `ZZ`, which no phone or date rule knows.
    static let codes: Set<String> = Set(
        """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD
        CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF
        GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN
        KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
        NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
        SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI
        VN VU WF WS YE YT ZA ZM ZW
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
