import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// Receipts of the languages datascan reads whose tills the receipt lexicon learned last: Turkish, Greek, Danish and
/// the other Nordic languages, Hungarian, Slovak, Romanian, Vietnamese, Arabic. Lines as Tesseract and PP-OCR read drawn
/// receipts of each country (`scripts/make-receipts --locale tr-TR|el-GR|da-DK|hu-HU|sk-SK|pl-PL`); the Vietnamese and
/// Arabic ones as such tills print them.
@Suite struct ReceiptLanguagesTests {
    private func read(_ text: String, region: String, languages: [String]) -> [DetectedText] {
        DataDetector(
            types: [.currency, .dateTimeDuration], context: DetectionContext(region: region, languages: languages, regionIsExplicit: true)
        )
        .detect(in: text)
    }

    /// Each amount's label, in text order (nil for an unlabelled price).
    private func labels(_ found: [DetectedText]) -> [String] {
        found.filter { $0.type == .currency }.map { "\($0.label.map { "\($0)" } ?? "-") \($0.normalized)" }
    }

    @Test func aTurkishTillsTotalTaxCashAndChange() throws {
        // `*` before every amount; the lira's `TL` after them is no `TL` (total) label; `TOPKDV`, the taxes the prices
        // include; `NAKİT` with its dotted capital I, `PARA ÜSTÜ` as PP-OCR reads them without their marks.
        let text = """
            MİGROS TİCARET A.Ş.
            TARİH : 23.04.2022 SAAT : 09:44
            MAKARNA *4,99 TL
            ÇAY 1 KG *1,99 TL
            SİMİT *2,49 TL
            İNDİRİM *-0,50 TL
            ARA TOPLAM *8,97 TL
            GENEL TOPLAM *8,97 TL
            NAKİT *20,00 TL
            PARA USTU *11,03 TL
            TOPKDV *1,19 TL
            """
        let found = read(text, region: "TR", languages: ["tr"])
        #expect(
            labels(found) == [
                "- 4.99 TRY", "- 1.99 TRY", "- 2.49 TRY", "discount -0.50 TRY", "subtotal 8.97 TRY", "total 8.97 TRY", "cash 20.00 TRY",
                "change 11.03 TRY", "tax 1.19 TRY",
            ])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
        // `TARİH` (date) before the date marks it as the receipt's, though its time stands after `SAAT`.
        #expect(found.first { $0.type == .dateTimeDuration }?.label == .transaction)
        // The labels as Tesseract reads them glued (`TOPLAMKDV`: the tax sum, not the total) or spelled otherwise.
        #expect(ReceiptLexicon.role(of: "TOPLAMKDV *9,19 TL") == .tax)
        #expect(ReceiptLexicon.role(of: "TOPLAM *136,40") == .total(strength: 2))
        #expect(ReceiptLexicon.role(of: "ÖDENECEK TUTAR *136,40") == .total(strength: 3))
        #expect(ReceiptLexicon.role(of: "PARA ÜSTÜ *13,60") == .change)
        #expect(ReceiptLexicon.role(of: "KREDİ KARTI *136,40") == .payment)
        // `TL` where it starts the line is still a total's abbreviation (`TL: RM 28.60`).
        #expect(ReceiptLexicon.role(of: "TL: RM 28.60") == .total(strength: 2))
        #expect(ReceiptLexicon.role(of: "NAKIT *150,00 TL") == .cash)
    }

    @Test func aVietnameseTillsGoodsSumDiscountAmountDueAndChange() throws {
        // `Tổng tiền hàng` (the goods' sum) is no `Tổng tiền` (total); `Chiết khấu` a discount; `Khách cần trả` what the
        // customer pays; `Trả lại` the change; the way of paying (`Hình thức thanh toán`) names no amount.
        let text = """
            BÁCH HÓA XANH
            Ngày: 19/03/2024 14:22
            Nước mắm          1    45.000    45.000
            Gạo ST25          1   120.000   120.000
            Trứng gà         10     3.500    35.000
            Tổng tiền hàng:                 200.000
            Chiết khấu:                      10.000
            Khách cần trả:                  190.000
            Khách đưa:                      200.000
            Trả lại:                         10.000
            Hình thức thanh toán: Tiền mặt
            """
        let found = read(text, region: "VN", languages: ["vi"])
        #expect(
            labels(found) == [
                "- 45000 VND", "- 45000 VND", "- 120000 VND", "- 120000 VND", "- 3500 VND", "- 35000 VND", "subtotal 200000 VND",
                "discount 10000 VND", "total 190000 VND", "cash 200000 VND", "change 10000 VND",
            ])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
        #expect(ReceiptLexicon.role(of: "Thanh toán: 92.000") == .total(strength: 2))
        #expect(ReceiptLexicon.role(of: "Hình thức thanh toán: Tiền mặt") != .total(strength: 2))
    }

    @Test func arabicTotalsTheirTaxAndTheSumBeforeIt() throws {
        // A Saudi simplified tax invoice: `الإجمالي قبل الضريبة` (the total before the tax) is the subtotal,
        // `إجمالي ضريبة القيمة المضافة` (the VAT's total) the tax, `الإجمالي شامل الضريبة` (the total with the tax) the
        // total, though all three start with the total's word.
        let invoice = """
            فاتورة ضريبية مبسطة
            قهوة عربية          2    12.00    24.00
            تمر                 1    30.00    30.00
            الإجمالي قبل الضريبة              54.00
            إجمالي ضريبة القيمة المضافة 15%    8.10
            الإجمالي شامل الضريبة             62.10
            """
        #expect(
            labels(read(invoice, region: "SA", languages: ["ar"])) == [
                "- 12.00 SAR", "- 24.00 SAR", "- 30.00 SAR", "- 30.00 SAR", "subtotal 54.00 SAR", "tax 8.10 SAR", "total 62.10 SAR",
            ])
        // A till's cash and change (`نقدا`, `الباقي`), the hamza as the OCR may drop it (`الاجمالي`).
        let till = """
            حليب                     6.00
            خبز                      2.00
            ضريبة القيمة المضافة 15%   1.20
            الاجمالي                 9.20
            نقدا                    10.00
            الباقي                   0.80
            """
        let found = read(till, region: "SA", languages: ["ar"])
        #expect(labels(found) == ["- 6.00 SAR", "- 2.00 SAR", "tax 1.20 SAR", "total 9.20 SAR", "cash 10.00 SAR", "change 0.80 SAR"])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
    }

    @Test func aVietnameseSlipWhoseTotalTheOCRLostIsReadFromItsAmountAndTheTaxItIncludes() throws {
        // `Thuế GTGT 10%` (VAT) is the tax; `SỐ TIỀN` (amount) on the card slip names the total where the total's own
        // line is lost; the dong has no minor unit, so the tax included is its rate's share to the unit (283,200 ×
        // 10 / 110 = 25,745.45).
        let text = """
            BÁNH MÌ 179.400 đ
            SỬA TƯƠI 1L 29.400 đ
            NƯỚC MÁM 74.400 đ
            TÔNG THANH 78ÁW00 đ
            Thẻ 283200 đ
            Thuế GTGT 10% 25.745đ
            SỐ TIỀN 283.200 đ
            """
        let found = read(text, region: "VN", languages: ["vi"])
        #expect(labels(found).suffix(3) == ["- 283200 VND", "tax 25745 VND", "total 283200 VND"])
        // The included tax's share to the unit is evidence: without it the total is a guess.
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.6)
        #expect(ReceiptReader.isIncludedShare(2_574_500, rate: 10, of: 28_320_000, step: 100))
        #expect(!ReceiptReader.isIncludedShare(2_574_500, rate: 10, of: 28_320_000))
    }

    @Test func hebrewTotalCashAndChange() throws {
        // `סה"כ לתשלום` (the total to pay) with its `"` as printed, `מזומן` (cash), `עודף` (change), and the time after
        // its label `שעה:`.
        let text = """
            שופרסל דיל
            תאריך: 12/02/2024 שעה: 19:05
            חלב 3%              6.90
            לחם אחיד            8.50
            ביצים L            14.90
            סה"כ לתשלום       30.30
            מזומן              50.00
            עודף               19.70
            """
        let found = read(text, region: "IL", languages: ["he"])
        #expect(labels(found) == ["- 6.90 ILS", "- 8.50 ILS", "- 14.90 ILS", "total 30.30 ILS", "cash 50.00 ILS", "change 19.70 ILS"])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
        #expect(found.first { $0.type == .dateTimeDuration }?.normalized == "2024-02-12T19:05")
        #expect(ReceiptLexicon.role(of: "סה״כ 30.30") == .total(strength: 2))
        #expect(ReceiptLexicon.role(of: "מע\"מ 17% 4.40") == .tax)
    }

    @Test func scandinavianTotaltIsTheTotalAndBankkortAPayment() throws {
        // `Totalt` is one letter from the glued `total HT` (French: before tax): a phrase with a word of one or two
        // letters matches glued only as printed.
        let text = """
            REMA 1000
            TINE MELK 1L             22,90
            GROVBROD                 34,90
            NORVEGIA 500G            79,90
            POSE                      2,50
            Totalt (4 varer)        140,20
            Bankkort                140,20
            """
        let found = read(text, region: "NO", languages: ["no"])
        #expect(labels(found) == ["- 22.90 NOK", "- 34.90 NOK", "- 79.90 NOK", "- 2.50 NOK", "total 140.20 NOK", "- 140.20 NOK"])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
        #expect(ReceiptLexicon.role(of: "TOTALT 140,20") == .total(strength: 2))
        #expect(ReceiptLexicon.role(of: "TOTALHT 140,20") == .subtotal)
        for line in ["Bankkort 140,20", "Kort 140,20", "M-PESA 365.00", "Paid (bKash) 755.00"] {
            #expect(ReceiptLexicon.role(of: line) == .payment, "\(line)")
        }
        #expect(ReceiptLexicon.role(of: "CASH 150.00") == .cash)
    }

    @Test func asianWalletsAndCardsArePayments() {
        for line in ["微信支付 15.00", "支付宝 15.00", "八達通 OCTOPUS 31.50", "QRIS 200.910", "카카오페이 13,480", "مدى 62.10"] {
            #expect(ReceiptLexicon.role(of: line) == .payment, "\(line)")
        }
    }

    @Test func aGreekTillReadWithLatinCapitalsAndTheEuroSignAsAnEpsilon() throws {
        // Tesseract's Greek model reads some capitals as their Latin twins (`ΣYNOΛO`) and `€` as `ε` or `έ`.
        let text = """
            ΣΚΛΑΒΕΝΙΤΗΣ
            ΗΜ/ΝΙΑ: 12/03/2024
            ΨΩΜΙ 1,50
            ΓΑΛΑ ΦΡΕΣΚΟ 1L 2,30
            ΥΠΟΣΥΝΟΛΟ 3,80
            ΣYNOΛO 3,80 ε
            ΜΕΤΡΗΤΑ 5,00έ
            ΡΕΣΤΑ 1,20
            ΦΠΑ 13% 0,44
            """
        let found = read(text, region: "GR", languages: ["el"])
        #expect(
            labels(found) == [
                "- 1.50 EUR", "- 2.30 EUR", "subtotal 3.80 EUR", "total 3.80 EUR", "cash 5.00 EUR", "change 1.20 EUR", "tax 0.44 EUR",
            ])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
        #expect(found.first { $0.type == .dateTimeDuration }?.label == .transaction)
        for line in ["Σύνολο 3,80", "ΣΥΝΟΛΟ 3,80", "σύνολο 3,80"] {
            #expect(ReceiptLexicon.role(of: line) == .total(strength: 2), "\(line)")
        }
        #expect(ReceiptLexicon.role(of: "ΠΛΗΡΩΤΕΟ ΠΟΣΟ 93,35") == .total(strength: 3))
        #expect(ReceiptLexicon.role(of: "ΣΥΝΟΛΟ ΕΙΔΩΝ 8") == .count)
        #expect(ReceiptLexicon.role(of: "ΠΙΣΤΩΤΙΚΗ ΚΑΡΤΑ 93,35") == .payment)
        #expect(ReceiptLexicon.role(of: "ΤΥΡΟΠΙΤΑ 2,10") == nil)
        // A misread sign marks only an amount with its two decimals: with the separator misread too, no amount.
        #expect(read("ΨΩΜΙ 1,50\nΓΑΛΑ 2,30\nΣΥΝΟΛΟ 4973ε", region: "GR", languages: ["el"]).count { $0.label == .total } == 0)
        #expect(read("ΨΩΜΙ 1,50\nΓΑΛΑ 2,30\nΣΥΝΟΛΟ 79ο79ε", region: "GR", languages: ["el"]).count { $0.label == .total } == 0)
    }

    @Test func nordicTotalsAndTheVATTheyInclude() throws {
        let danish = "MÆLK 12,95\nRUGBRØD 24,00\nI ALT 36,95\nDankort 36,95\nHeraf moms 7,39"
        let found = read(danish, region: "DK", languages: ["da"])
        #expect(labels(found) == ["- 12.95 DKK", "- 24.00 DKK", "total 36.95 DKK", "- 36.95 DKK", "tax 7.39 DKK"])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
        #expect(ReceiptLexicon.role(of: "Heraf moms 7,39") == .includedTax)
        #expect(ReceiptLexicon.role(of: "Varav moms 12,00") == .includedTax)
        #expect(ReceiptLexicon.role(of: "Herav mva 25% 12,00") == .includedTax)
        #expect(ReceiptLexicon.role(of: "Moms 25% 9,68") == .tax)
        #expect(ReceiptLexicon.role(of: "Summa moms 24,69") == .tax)
        // `Moms` is an English word too: not the tax before an item's name.
        #expect(ReceiptLexicon.role(of: "MOMS MEATLOAF 12.99") == nil)
        #expect(ReceiptLexicon.role(of: "BELØB 36,95") == .total(strength: 1))
        #expect(ReceiptLexicon.role(of: "MobilePay 36,95") == .payment)
    }

    @Test func aRussianTillsRublesAsTesseractReadsTheirSign() throws {
        // Tesseract's Russian model reads `₽` as `?`, glued or not, or as the letter `Р` (the sign's own letter form).
        let text = """
            ЯЙЦА С1 10ШТ 1.29?
            МАСЛО СЛИВОЧНОЕ 0.99 ?
            ИТОГО К ОПЛАТЕ 2.28 ?
            НАЛИЧНЫМИ 5.00 Р
            СДАЧА 2.72 ?
            """
        let found = read(text, region: "RU", languages: ["ru"])
        #expect(labels(found) == ["- 1.29 RUB", "- 0.99 RUB", "total 2.28 RUB", "cash 5.00 RUB", "change 2.72 RUB"])
        #expect(try #require(found.first { $0.label == .total }?.confidence) >= 0.9)
        // The letter names rubles beside an amount on any page; `р.` too.
        #expect(read("Итого 89.62 Р", region: "US", languages: ["en"]).map(\.normalized) == ["89.62 RUB"])
        #expect(read("Итого 150 р.", region: "US", languages: ["en"]).map(\.normalized) == ["150 RUB"])
    }

    @Test func hungarianSlovakAndRomanianLabels() {
        let roles: [(String, ReceiptLexicon.Role)] = [
            // `RÉSZÖSSZEG` had read as Polish `RESZTA` (change), one letter apart in its first five.
            ("RÉSZÖSSZEG 1 358", .subtotal), ("ÁFA 27% 289", .tax), ("KEREKÍTÉS -2", .rounding),
            ("FIZETENDŐ ÖSSZEG 1 360", .total(strength: 3)),
            ("SPOLU EUR 1,31", .total(strength: 2)), ("CELKOM 1,31", .total(strength: 2)), ("VRÁTENÉ 0,69", .change),
            ("MEDZISÚČET 1,31", .subtotal), ("ZAOKRÚHLENIE 0,01", .rounding), ("TOTAL DE PLATĂ 12,30", .total(strength: 3)),
            ("NUMERAR 20,00", .cash), ("REST 7,70", .change), ("DIN CARE TVA 1,96", .includedTax),
        ]
        for (line, role) in roles { #expect(ReceiptLexicon.role(of: line) == role, "\(line)") }
        let slovak = read("MLIEKO 1,19\nROŽOK 0,12\nSPOLU EUR 1,31\nHOTOVOSŤ 2,00\nVRÁTENÉ 0,69", region: "SK", languages: ["sk"])
        #expect(labels(slovak) == ["- 1.19 EUR", "- 0.12 EUR", "total 1.31 EUR", "cash 2.00 EUR", "change 0.69 EUR"])
    }
}
