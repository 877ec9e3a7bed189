import Testing

@testable import DataScanDetection
@testable import DataScanEngines
@testable import DataScanModel

@Suite struct PhoneDetectorTests {
    static let positives: [DetectionCase] = [
        .init("Call (650) 253-0000 today", ["+16502530000"]),
        .init("Tel: 650-253-0000", ["+16502530000"]),
        .init("PHONE 650.253.0000", ["+16502530000"]),
        .init("+1 650 253 0000", ["+16502530000"]),
        .init("1-800-555-0199 toll free", ["+18005550199"], region: "US"),
        .init("Store: (212) 555-0147\nThank you", ["+12125550147"]),
        // An identifier with its own value before the phone labels that value, not the phone.
        .init("Order 12345678 +46 771 23 45 07", ["+46771234507"]),
        .init("注文番号 3870139095受付 ＋４６７７１２３４５０７", ["+46771234507"], region: "JP", languages: ["ja"]),
        .init("Tel. 030 12345678", ["+493012345678"], region: "DE", languages: ["de"]),
        .init("Telefon: +49 89 1234567", ["+49891234567"], region: "DE", languages: ["de"]),
        .init("Fon 0221/9876543", ["+492219876543"], region: "DE", languages: ["de"]),
        .init("Tel 384521", ["+49384521"], region: "DE", languages: ["de"]),
        .init("Rufnummer 0451278612", ["+49451278612"], region: "DE", languages: ["de"]),
        .init("Telefonnummer 0451278612", ["+49451278612"], region: "DE", languages: ["de"]),
        .init("Service-Nr. 0800 1234567", ["+498001234567"], region: "DE", languages: ["de"]),
        .init("Ruf 0384521 an", ["+49384521"], region: "DE", languages: ["de"]),
        // Eight digits where the country dials no trunk prefix: a Danish number.
        .init("Ring 33123456 i dag", ["+4533123456"], region: "DK", languages: ["da"]),
        .init("Tel. 030/1234567, Steuernr. 12/345/67890", ["+49301234567"], region: "DE", languages: ["de"]),
        .init("Tel.:  030 123456\tFax:\t030 123457", ["+4930123456", "+4930123457"], region: "DE", languages: ["de"]),
        .init("US office (212) 555-0147, KL office 03-7956 2345", ["+12125550147", "+60379562345"], region: "MY"),
        // The page's own country's numbers in its national groups after the trunk 0, which libphonenumber calls only
        // possible (Ofcom's drama range, a Japanese mobile number not yet assigned): confidence 0.6.
        .init("The help desk is on 0115 496 0268 all week.", ["+441154960268"], region: "GB"),
        // Unbroken as the country its sentence names dials it (numbers no country's ranges hold yet).
        .init("The London branch answers on 0289018619.", ["+44289018619"], region: "AU"),
        .init("Our Berlin office (0144538922) opens at nine.", ["+49144538922"], region: "NZ"),
        // A surname is no city's inflected name (`Roman` is no `Roma`): the page's own country reads the number.
        .init("Curry, Carpenter and Roman can be reached on 080-6229-5692.", ["+818062295692"], region: "JP"),
        // A national number printed unbroken after its trunk 0, the page's country's or its sentence's.
        .init("You may also text 04054773351 if the line is busy.", ["+914054773351"], region: "IN"),
        .init("Reach the help desk at 01614960854 any time.", ["+441614960854"], region: "GB"),
        // A number the sentence says is dialled (a verb of calling, a direct line) but no country's ranges hold: fictional,
        // unassigned or new, printed in no phone's shape.
        .init("Please call Anthony Sanchez at 2933645966 before Friday.", ["+12933645966"], region: "US"),
        .init("You may also text 0702-778 15 if the line is busy.", ["+4670277815"], region: "SE"),
        .init("Calvin Douglas's direct line is 0773-279 81. Day", ["+4677327981"], region: "SE"),
        .init("Gonzalez LLC can be reached on 3506400557. Tickets", ["+13506400557"], region: "US"),
        .init("Reach the help desk at 1757589 any time.", ["+641757589"], region: "NZ"),
        // An exchange starting with 0 or 1 is unassigned, but the number is printed as a phone.
        .init("William Smith's direct line is (530) 162-9500.", ["+15301629500"], region: "CA"),
        .init("Try (310) 141-1310 first.", ["+13101411310"]),
        .init("The London branch answers on 01914960023.", ["+441914960023"], region: "US"),
        // `US$` names a currency, not the country whose numbers to read.
        .init(
            "Mobile: 40-2881-8058 The yen figure, 9 billion yen (about US$76 million), surprised analysts.", ["+814028818058"], region: "JP"
        ),
        // A country and an area code before a space, a bracketed area code before: the number is read whole, never its
        // tail (`084433`, `310-5916`: a local number without its area code is no number to dial).
        .init("Call us: +31860 084433 today.", ["+31860084433"], region: "NZ"),
        .init("Customers in Canada should call 1 (115) 310-5916.", ["+11153105916"], region: "CA"),
        // The line a customer calls is no customer's number.
        .init("Customer care: 0709 861 000", ["+254709861000"], region: "KE"),
        // A country named in the next sentence is not this number's.
        .init("The Tokyo branch answers on 080-2887-7555. The U.S. team met at 3.30 p.m.", ["+818028877555"], region: "AU"),
        // A German inflected country name still names it.
        .init("Unsere Filiale in den Niederlanden: 020 123 4567", ["+31201234567"], region: "DE", languages: ["de"]),
        // A North American number dialled from abroad with 00, on a page whose own ranges also hold `00…` numbers.
        .init("Call 001-918-484-6205 now.", ["+19184846205"], region: "JP"),
        .init("Reach us at (0115) 496 0268.", ["+441154960268"], region: "GB"),
        .init("お問い合わせは 090-0052-3135 まで", ["+819000523135"], region: "JP", languages: ["ja"]),
        .init("お問い合わせ電話番号 03-3224-5000", ["+81332245000"], region: "JP", languages: ["ja"]),
        .init("Tél : 01 42 68 53 00", ["+33142685300"], region: "FR", languages: ["fr"]),
        .init("Tel. +33 1 42 68 53 00", ["+33142685300"], region: "FR", languages: ["fr"]),
        .init("Tel: 912 34 56 78", ["+34912345678"], region: "ES", languages: ["es"]),
        .init("Tel: 020 7946 0958", ["+442079460958"], region: "GB", languages: ["en"]),
        .init("+44 20 7946 0958", ["+442079460958"], region: "US"),
        .init("電話 03-3224-5000", ["+81332245000"], region: "JP", languages: ["ja"]),
        .init("TEL ０３-３２２４-５０００", ["+81332245000"], region: "JP", languages: ["ja"]),
        .init("Tel 06-6345-1234 FAX 06-6345-1235", ["+81663451234", "+81663451235"], region: "JP", languages: ["ja"]),
        .init("전화 02-312-3456", ["+8223123456"], region: "KR", languages: ["ko"]),
        // Several languages: the region first, then the other languages' regions.
        .init("US (650) 253-0000 / DE 030 12345678", ["+16502530000", "+493012345678"], region: "US", languages: ["en", "de"]),
        .init("Tel 030 12345678", ["+493012345678"], region: "US", languages: ["en", "de"]),
        .init("(650) 253-0000 / 030 12345678", ["+16502530000", "+493012345678"], region: "US", languages: ["en", "de"]),
        // Multi-byte text before the number: offsets are bytes.
        .init("Téléphone café 日本 (650) 253-0000", ["+16502530000"]),
        .init("Hotline: +41 44 668 18 00", ["+41446681800"], region: "CH", languages: ["de"]),
        .init("tel:+16502530000", ["+16502530000"]),
        .init("Telefono 06 6982 1234", ["+390669821234"], region: "IT", languages: ["it"]),
        .init("Tel 020 123 4567", ["+31201234567"], region: "NL", languages: ["nl"]),
        .init("Phone: 0400 123 456", ["+61400123456"], region: "AU", languages: ["en"]),
        // OCR confusions inside digit runs, kept because the result validates; the value stays as printed.
        .init("Tel. O3O 12345678", ["+493012345678"], region: "DE", languages: ["de"]),
        .init("Call (65O) 253-OOOO", ["+16502530000"]),
        .init("Tel 0l71 2345678", ["+491712345678"], region: "DE", languages: ["de"]),
        .init("Phone 212-SS5-0147", ["+12125550147"]),
        // A labelled fictional number (possible, not valid): the label vouches for it.
        .init("Phone: (555) 123-4567", ["+15551234567"]),
        .init("Mob. 165-942-2075", ["+11659422075"]),
        // Secondary regions: convincing numbers of a hinted language's country.
        .init("Tel 0171 2345678", ["+491712345678"], region: "US", languages: ["en", "de"]),
        .init("Tél 01 42 68 53 00", ["+33142685300"], region: "DE", languages: ["de", "fr"]),
        .init("Tel 0049 30 1234567", ["+49301234567"], region: "US", languages: ["en", "de"]),
        .init("電話 03-3224-5000 / (650) 253-0000", ["+81332245000", "+16502530000"], region: "JP", languages: ["ja", "en"]),
        .init("Teléfono: 912 34 56 78", ["+34912345678"], region: "US", languages: ["en", "es"]),
        .init("Tel.: +43 1 5321234", ["+4315321234"], region: "AT", languages: ["de"]),
        .init("Tlf. 32 12 34 56", ["+4532123456"], region: "DK", languages: ["da"]),
        .init("Tel. +48 22 123 45 67", ["+48221234567"], region: "PL", languages: ["pl"]),
        .init("Tel: 02-1234-5678", ["+82212345678"], region: "KR", languages: ["ko"]),
        .init("TEL 010-1234-5678", ["+821012345678"], region: "KR", languages: ["ko"]),
        .init("Telefone (11) 3456-7890", ["+551134567890"], region: "BR", languages: ["pt"]),
        .init("Fax: 020 7946 0959\nTel: 020 7946 0958", ["+442079460959", "+442079460958"], region: "GB"),
        // A large city's name in the sentence says the country, as the country's name does.
        .init("Our Paris office can be reached at 01 42 68 53 00.", ["+33142685300"]),
        .init("The Sydney branch number is (02) 9876 5433.", ["+61298765433"]),
        .init("Mumbai office: 022 2345 6789", ["+912223456789"]),
        .init("Tokyo HQ: 03-1234-5678", ["+81312345678"]),
        .init("Unser Büro in München: 089 1234567", ["+49891234567"], region: "US", languages: ["en"]),
        .init("Visit our store in Paris, TX 75460 or call (903) 555-0123.", ["+19035550123"]),
        .init("Customers in the US should call 551.202.0094.", ["+15512020094"], region: "IN"),
        // Unlabelled numbers no country's ranges hold, printed in a phone number's shape: with a country code, or in
        // North American form where the page dials +1.
        .init("You can reach the office on +1-283-919-4410x512.", ["+12839194410"]),
        .init("+44(0)1632 960123 is the line.", ["+441632960123"]),
        .init("Dial 001-627-458-1192 for support.", ["+16274581192"]),
        .init("Tel 00 44 20 7946 0958", ["+442079460958"]),
        // A city that is a person's name is no country for a North American number.
        .init("Sydney Medina's direct line is (427)344-4658x42805.", ["+14273444658"]),
        .init("Customers in the UK should call (0115) 496 0888.", ["+441154960888"], region: "AU"),
        .init("Phone: +1 (752) 349-7040", ["+17523497040"], region: "BR", languages: ["en"]),
        // `0018` is a dial-out prefix in Australia too; the groups say `00` and `1` (not `+27 814 8879`).
        .init("Our Sydney office (07 6714 3467) opens at nine. Fax 001-827-814-8879", ["+61767143467", "+18278148879"]),
        .init("Tel. 001-890-909-5427x898", ["+18909095427"], region: "AU"),
        .init("Our Chicago office (598.736.3223x14840) opens at nine.", ["+15987363223"], region: "SE"),
        // A national number of the country named before it, in groups after its trunk 0.
        .init("The Tokyo branch answers on 070-0032-8713.", ["+817000328713"]),
        .init("The Berlin branch answers on (0144) 538922.", ["+49144538922"]),
        // The country named before the first of two numbers is not the second's.
        .init("The Brazil team answers on (11) 2345-6789. 📞 027 0907 8185", ["+551123456789"], region: "GB"),
        .init("Meet us, (0129)-773940, at nine.", ["+31129773940"], region: "NL", languages: ["en"]),
        .init("Try 976.563.0201, (283) 919-4410 or 1-955-764-6946.", ["+19765630201", "+12839194410", "+19557646946"]),
        // Extensions glued to the number or after it.
        .init("The branch answers on (612)385-6301x821.", ["+16123856301"]),
        .init("Call (612) 385-6301 ext. 821 today.", ["+16123856301"]),
        // An identifier far before, with its own value between, labels that value, not the phone.
        .init("Invoice no. INV-6831-2188 is attached. Our Chicago office (617-219-3698) opens at nine.", ["+16172193698"]),
        .init("Her account number is GMQT63025651477334. You may also text +48 530 898 677 today.", ["+48530898677"], region: "SE"),
    ]

    static let negatives: [DetectionCase] = [
        .init("Customer no: 0709 861 000", [], region: "KE"),
        .init("Date 03/15/2024", []),
        // Said of something else than dialling, or dialled abroad (`00`) to a country the sentence does not name.
        .init("Revenue reached 2933645966 units.", [], region: "US"),
        .init("You may also text 00461079 if the line is busy.", [], region: "AU"),
        .init("Please call Ricky Henson at 00950092937 before Friday.", [], region: "AU"),
        // Longer than E.164 allows (15 digits with the country code): a table row whose decimals the OCR lost, on a
        // Malaysian receipt that names Germany in an item, is no German number.
        .init("1682 1 200 242 242 SRO\nBENANG NYLON #18\nGERMANY SUDU PLASTER", [], region: "MY"),
        .init("Order #6502530000", []),
        .init("Invoice No. 6502530000", []),
        .init("GTIN 4006381333931", [], region: "DE", languages: ["de"]),
        // A short run of digits a German number would dial after its trunk 0, without it and without a label: a
        // counter on a receipt's TSE block (valid as +49 38452 1), not a phone. With its 0 or a label it is one.
        .init("TSE-Signaturzähler:           384521", [], region: "DE", languages: ["de"]),
        .init("Kasse 2 384521 Bon 4711", [], region: "DE", languages: ["de"]),
        // A German compound with `Nr.` or `nummer` names an identifier, unless it names a phone (a card slip's merchant,
        // approval and terminal numbers).
        .init("VU-Nr. 0451278612", [], region: "DE", languages: ["de"]),
        .init("Genehmigungsnummer 0451278", [], region: "DE", languages: ["de"]),
        .init("Kassen-Nr. 0451278", [], region: "DE", languages: ["de"]),
        .init("Kassenbon 04512786", [], region: "DE", languages: ["de"]),
        .init("4006381333931", [], region: "DE", languages: ["de"]),
        .init("TOTAL 1234.56", []),
        .init("Zeit 14:32:05", [], region: "DE", languages: ["de"]),
        .init("ZIP 94043", []),
        .init("Menge 2 x 1,99", [], region: "DE", languages: ["de"]),
        .init("Rechnung 2024-000123", [], region: "DE", languages: ["de"]),
        // A number written in slash-separated groups is read whole: its later groups are no phone number.
        .init("Steuernummer 143/169/73822", [], region: "DE", languages: ["de"]),
        // A citation's pages after its volume, then the next reference's number or year (two columns run together).
        .init("J Clin Endocrinol Metab. 2011;96:2105-2111. 18 Chen PV, Osborne R", []),
        .init("J Natl Cancer Inst 2005;97:724-732. 2001;136:334-337.", []),
        // Eleven digits after a trunk 0 are a national number only where the country dials ten after it; an Italian
        // VAT number is eleven digits too, and any such run after an identifier's word is that identifier.
        .init("P.IVA: 07515280159", [], region: "IT", languages: ["it"]),
        .init("Partita IVA 07515280159 e C.F. 07515280159", [], region: "IT", languages: ["it"]),
        .init("Order 04054773351 shipped.", [], region: "IN"),
        .init("Her account number is 04054773351.", [], region: "IN"),
        .init("Reference 01614960854 is closed.", [], region: "GB"),
        .init("Steuernummer 498/36996/12", [], region: "DE", languages: ["de"]),
        .init("Az. 12/345/6789", [], region: "DE", languages: ["de"]),
        // A table row's quantity and amounts, their columns apart: no number's groups.
        .init("Delivery  8  15.34  122.72", []),
        // Amounts with cents standing apart, as table cells print them, are no number's groups.
        .init("Lieferung 6 273,57 1.641,42", [], region: "DE", languages: ["de"]),
        .init("Delivery 1 809.83 809.83", []),
        .init("Widget 5 23.57 117.85", [], region: "GB"),
        // English on a Malaysian receipt brings North American numbers in their own shape only: a date and a time
        // the OCR glued are none.
        .init("Date: 2508/2017 10:46", [], region: "MY"),
        // An inquiry (tracking) number, though printed in a Japanese number's groups.
        .init("お問合せ番号: 0310-8911-2032", [], region: "JP", languages: ["ja"]),
        // A date and an hour, OCR debris: no national number's groups.
        .init("Date 04-05-18 12:30", [], region: "MY"),
        .init("Ref 01--539233", [], region: "MY"),
        .init("No 03-18/199913", [], region: "MY"),
        .init("Card ************1234 Auth 123456", []),
        .init("12.03.2024 14:32", [], region: "DE", languages: ["de"]),
        .init("MwSt 19% 1,60", [], region: "DE", languages: ["de"]),
        .init("Ticket 012345678901", [], region: "FR", languages: ["fr"]),
        .init("Store 0147 Reg 3", []),
        .init("St.-Nr. 143/123/45678", [], region: "DE", languages: ["de"]),
        .init("USt-IdNr. DE123456789", [], region: "DE", languages: ["de"]),
        .init("N° TVA FR12345678901", [], region: "FR", languages: ["fr"]),
        .init("SIRET 123 456 789 00012", [], region: "FR", languages: ["fr"]),
        .init("NIF 12345678Z", [], region: "ES", languages: ["es"]),
        .init("VAT No. GB 123 4567 89", [], region: "GB", languages: ["en"]),
        .init("登録番号 T1234567890123", [], region: "JP", languages: ["ja"]),
        .init("注文番号 0312345678", [], region: "JP", languages: ["ja"]),
        .init("주문번호 0221002114", [], region: "KR", languages: ["ko"]),
        .init("REF # 123456789012", []),
        .init("Bestellnummer 0301234567", [], region: "DE", languages: ["de"]),
        .init("Auth Code: 012345 Seq 0001234567", []),
        .init("Price 1/2 off", []),
        // A group of a longer digit-group sequence (a barcode's human-readable text, an IBAN).
        .init("4 006381 333931", [], region: "US", languages: ["en", "de"]),
        .init("4\"006381\"333931", [], region: "US", languages: ["en", "de"]),
        // (A quote and a space between the groups: a 1-bit scan's `4 "004599 565229`, the EAN's first digit apart.)
        .init("4 \"004599 565229", [], region: "US", languages: ["en", "de"]),
        .init("4\" 004599 565229", [], region: "US", languages: ["en", "de"]),
        .init("IBAN DE89 3704 0044 0532 0130 00", [], region: "DE", languages: ["de"]),
        // Found only via a secondary region without enough evidence.
        .init("Lager 333931", [], region: "US", languages: ["en", "de"]),
        .init("Kasse 2 Bon 471123", [], region: "US", languages: ["en", "de"]),
        // Letters beside digits inside words are not OCR confusions.
        .init("SOS 2Stk 10Off", []),
        // Another country's national number on a page read as American: ten digits, possible for +1, but no North
        // American number is dialled with a leading 0, and a dozen countries would validate these (`+10142685300`).
        .init("Tel. 01 42 68 53 00", []),
        .init("phone 0400 123 456", []),
        // A city in the sentence is no country for a number libphonenumber only calls possible.
        .init("The Berlin Wall fell in 1989; call 555-0100.", []),
        // Possible only and not in a phone number's shape: bare digits, an area code starting with 1, an American
        // social security number's grouping read as a Polish mobile.
        .init("Bare 9557646946 digits.", []),
        .init("Try (110) 241-1310 first.", []),
        .init("SSN 781-62-7647 was redacted.", [], region: "PL"),
        .init("Order 283-919-4410 shipped.", []),
        .init("Ref (01) 23456 and score (0) 123 4567", [], region: "GB"),
        // An extension's digits are not the country code's: still a national number of another country.
        .init("Tel 030 1234567 Ext. 12", []),
    ]

    @Test(arguments: positives) func findsPhoneNumbers(_ row: DetectionCase) { check(PhoneDetector(), row) }
    @Test(arguments: negatives) func leavesOtherNumbersAlone(_ row: DetectionCase) { check(PhoneDetector(), row) }

    /// Dates, amounts glued to a currency sign and postal codes after `〒` never reach libphonenumber (it would reject
    /// them, once for every region of the page); the numbers beside them still do.
    @Test func datesAndAmountsAreNoCandidates() {
        let text = "03/15/24 $10.66 Tel 030 1234567 15.03.2024 12,50 € 2024-03-15 〒100-0005 1.234,56€ (650) 253-0000"
        let t = UTF8Text(text)
        let segments = PhoneDetector.candidateSegments(in: t).map { t.string($0).filter(\.isNumber) }
        #expect(segments == ["0301234567", "6502530000"])
        // Shapes that are no date or no amount stay candidates: a month 34, a dash before a two-digit year, a
        // French number's pairs; an amount with cents standing apart (`1234.56`, as table cells print) is none.
        let others = UTF8Text("12.34.5678 or 01-05-24 or 1234.56 or 06.12.34.56.78")
        #expect(
            PhoneDetector.candidateSegments(in: others).map { others.string($0).filter(\.isNumber) } == [
                "12345678", "010524", "0612345678",
            ])
        let found = PhoneDetector().detect(in: text, context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(found.map(\.normalized) == ["+49301234567"])
    }

    /// A number no country's ranges hold keeps a lower confidence; its value is the printed number with its
    /// extension, without a bracket that encloses it.
    @Test func shapedNumbersAreLessSureAndValuesKeepTheirExtension() {
        let context = DetectionContext(region: "US", languages: ["en"])
        let shaped = PhoneDetector().detect(in: "Try 976.563.0201 after noon.", context: context)
        #expect(shaped.map(\.confidence) == [PhoneDetector.shapedOnlyConfidence])
        let valid = PhoneDetector().detect(in: "Our New York office (212-555-0147) opens; or (612)385-6301x821.", context: context)
        #expect(valid.map(\.value) == ["212-555-0147", "(612)385-6301x821"])
        #expect(valid.map(\.confidence) == [nil, nil])
    }

    @Test func rangesAreUTF8ByteOffsets() {
        let text = "Téléphone café 日本 (650) 253-0000"
        let found = PhoneDetector().detect(in: text, context: DetectionContext(region: "US", languages: ["en"]))
        let start = text.utf8.count - "(650) 253-0000".utf8.count
        #expect(found.map(\.range) == [start..<text.utf8.count])
        #expect(found.first?.value == "(650) 253-0000")
    }

    @Test func aLongTextsNumbersAreAllFoundWhereTheyStand() {
        // Far more text than one call of the matcher reads (its segments go in chunks): every number, each at its
        // own bytes, in order, with multi-byte text between them.
        let lines = (0..<600).map { i in "Kundin \(i) – Tel. 030 \(String(format: "%08d", 10_000_000 + i * 7)) · Büro" }
        let text = lines.joined(separator: "\n")
        let found = PhoneDetector().detect(in: text, context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(found.count == 600)
        let expected = (0..<600).map { i in "+4930\(10_000_000 + i * 7)" }
        #expect(found.map(\.normalized) == expected)
        let bytes = Array(text.utf8)
        #expect(found.allSatisfy { String(decoding: bytes[$0.range], as: UTF8.self) == $0.value })
    }

    @Test func ocrConfusionsKeepThePrintedValue() {
        let found = PhoneDetector().detect(in: "Tel. O3O 12345678", context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(found.map(\.value) == ["O3O 12345678"])
    }

    @Test func libraryReportsCountryCodeAndNationalDigits() throws {
        let found = try PhoneNumberLibrary.matches(in: "Tel 030 12345678", region: "DE")
        #expect(found.map(\.countryCode) == [49])
        #expect(found.map(\.nationalDigits) == [10])
    }

    @Test func unknownRegionStillFindsInternationalNumbers() {
        let found = PhoneDetector().detect(
            in: "+49 30 1234567 or 089 1234567",
            context: DetectionContext(region: "", languages: []))
        // The +49 number makes the national one German too (a page's country codes suggest its regions).
        #expect(found.map(\.normalized) == ["+49301234567", "+49891234567"])
        #expect(PhoneDetector().detect(in: "030 1234567", context: DetectionContext(region: "", languages: [])).isEmpty)
    }

    @Test func invalidRegionIsAnErrorOfTheWrapper() {
        #expect(throws: PhoneNumberLibraryError.invalidArgument(region: "QQ")) {
            try PhoneNumberLibrary.matches(in: "650 253 0000", region: "QQ")
        }
    }

    @Test func concurrentSearchesAgree() async {
        let text = String(repeating: "Tel (650) 253-0000, +44 20 7946 0958\n", count: 20)
        let expected = try? PhoneNumberLibrary.matches(in: text, region: "US")
        #expect(expected?.count == 40)
        await withTaskGroup(of: [PhoneNumberMatch]?.self) { group in
            for _ in 0..<8 { group.addTask { try? PhoneNumberLibrary.matches(in: text, region: "US") } }
            for await result in group { #expect(result == expected) }
        }
    }
}

@Suite struct PhoneCountryDoubtTests {
    /// A labelled number that is only possible where the page is, but a valid number of another country as
    /// printed, is kept (the label says it is a phone) with a low confidence: its country may be wrong.
    @Test func aLabelledNumberValidInAnotherCountryIsKeptWithALowConfidence() {
        let context = DetectionContext(region: "DE", languages: ["de"])
        let doubtful = PhoneDetector().detect(in: "Tel. 020 7946 0958", context: context)
        #expect(doubtful.map(\.value) == ["020 7946 0958"])
        #expect(doubtful.first?.confidence == PhoneDetector.doubtfulCountryConfidence)
        let sure = PhoneDetector().detect(in: "Tel. 030 12345678", context: context)
        #expect(sure.map(\.normalized) == ["+493012345678"])
        #expect(sure.first?.confidence == nil)
    }
}
