import Testing

@testable import DataScanDetection
@testable import DataScanModel

@Suite struct PriceDetectorTests {
    static let positives: [DetectionCase] = [
        .init("Coffee $3.50", ["3.50 USD"]),
        .init("$1,234.56", ["1234.56 USD"]),
        .init("Fee $ 12", ["12 USD"]),
        .init("Milk 2.49", ["2.49"]),
        .init("Milk 2.49 F", ["2.49"]),
        // Normalized without the leading zeros a till or the OCR printed.
        .init("Price 01.50", ["1.50"]),
        .init("Tip RM 00.50", ["0.50 MYR"], region: "MY"),
        .init("TOTAL 9.00", ["9.00"]),
        .init("TOTAL (RM) 9.00", ["9.00"], region: "MY"),
        .init("Total: 12,50", ["12.50"], region: "DE", languages: ["de"]),
        .init("Summe EUR 1.234,56", ["1234.56 EUR"], region: "DE", languages: ["de"]),
        .init("Brot 2,49 €", ["2.49 EUR"], region: "DE", languages: ["de"]),
        // Zeros read as letters leave the value as printed (`EUR 5,OO` is 5 euros); a capitalized word after a sentence's
        // point is no cents (`$12.So`).
        .init("Geg. Bar EUR 5,OO", ["5 EUR"], region: "DE", languages: ["de"]),
        // A tax in brackets, the bracket spaced from its digits (`PPN ( 4,370)` on an Indonesian till).
        .init("PPN ( 4,370)", ["4370 IDR"], region: "ID", languages: ["id"], explicitRegion: true),
        .init("It costs $12.So we paid.", ["12 USD"]),
        .init("Total TTC 1 234,56 €", ["1234.56 EUR"], region: "FR", languages: ["fr"]),
        .init("Pain 1,20€", ["1.20 EUR"], region: "FR", languages: ["fr"]),
        .init("CHF 1'234.50", ["1234.50 CHF"], region: "CH", languages: ["de"]),
        .init("Total 12,00 EUR", ["12.00 EUR"], region: "ES", languages: ["es"]),
        .init("USD 12.00", ["12.00 USD"]),
        .init("Tea £2.20", ["2.20 GBP"], region: "GB"),
        // The region's own code as a Cyrillic OCR model or a misread digit writes it: Cyrillic `К` and `Т` and a `2` for
        // `Z`, or `U2S`. (Only Cyrillic look-alikes make a Cyrillic word, `АКТ`, no code; nor is another region's.)
        .init("СУММА 1 000,00 К2Т", ["1000.00 KZT"], region: "KZ", languages: ["ru"], explicitRegion: true),
        .init("TOTAL 250,00 КZТ", ["250.00 KZT"], region: "KZ", languages: ["ru"], explicitRegion: true),
        .init("JAMI 185 230,00 U2S", ["185230.00 UZS"], region: "UZ", languages: ["uz"], explicitRegion: true),
        .init("合計 ¥1,234", ["1234 JPY"], region: "JP", languages: ["ja"]),
        // Cents, of the region's dollar or euro.
        .init("Only 99¢ each", ["0.99 USD"], region: "US"),
        .init("A stamp costs 68 cents", ["0.68 USD"], region: "US"),
        .init("Gum 5¢", ["0.05 CAD"], region: "CA"),
        .init("Der Riegel kostet 80 Cent", ["0.80 EUR"], region: "DE", languages: ["de"]),
        // Yen have no minor units: a grouped whole number, or one on a labelled line, is an amount without its mark.
        // (Bare: the page's currency is decided from all its amounts, and the region here is only a guess.)
        .init("合計 9,994", ["9994"], region: "JP", languages: ["ja"]),
        .init("お預り 10000", ["10000"], region: "JP", languages: ["ja"]),
        .init("合計 半2,210", ["2210"], region: "JP", languages: ["ja"]),
        // A total whose group of thousands the OCR set apart is read whole by the receipt reader.
        .init("合計 ¥8, 572", ["8572"], region: "JP", languages: ["ja"]),
        // The `¥` read as a `Y` glued to a yen amount grouped in thousands or ending its row, on a Japanese page.
        .init("合 言十 Y1,318", ["1318 JPY"], region: "JP", languages: ["ja"]),
        .init("お釣 Y182", ["182 JPY"], region: "JP", languages: ["ja"]),
        .init("サイズ Y2 カラー 赤", [], region: "JP", languages: ["ja"]),
        .init("Total Y1,318", [], region: "US"),
        .init("小計 1,100円", ["1100 JPY"], region: "JP", languages: ["ja"]),
        .init("合计 ¥58.00", ["58.00 CNY"], region: "CN", languages: ["zh-Hans"]),
        .init("합계 ₩12,000", ["12000 KRW"], region: "KR", languages: ["ko"]),
        .init("Coffee C$4.25", ["4.25 CAD"]),
        // A row that writes its marks after the amounts: each mark is the amount's before it, not the next one's.
        .init("1 Beratung 3 Std. 95,00 € 285,00 €", ["95.00 EUR", "285.00 EUR"], region: "DE", languages: ["de"]),
        .init("3 Versandkosten 1 4,90 € 4,90 €", ["4.90 EUR", "4.90 EUR"], region: "DE", languages: ["de"]),
        .init("Menge 2 x 12,00 EUR 24,00 EUR", ["12.00 EUR", "24.00 EUR"], region: "DE", languages: ["de"]),
        .init("€ 95,00 € 285,00", ["95.00 EUR", "285.00 EUR"], region: "DE", languages: ["de"]),
        .init("Fietsonderhoud 1 € 75,00 € 75,00", ["75.00 EUR", "75.00 EUR"], region: "NL", languages: ["nl"]),
        .init("Stück 2 x 1,49 € 2,98 € 5,96 €", ["1.49 EUR", "2.98 EUR", "5.96 EUR"], region: "DE", languages: ["de"]),
        // A quantity before a unit price reads like a space-grouped amount: the row's arithmetic tells them apart.
        .init("Maintenance annuelle 1 450,00 € 450,00 €", ["450.00 EUR", "450.00 EUR"], region: "FR", languages: ["fr"]),
        // A unit price whose separator the OCR lost or misread, where the quantity times it is the row's amount.
        .init("Consulting (hours) 9 2511 225.99", ["25.11", "225.99"]),
        .init("Delivery 3 175:18 525.54", ["175.18", "525.54"]),
        .init("Conseil (heures) 7. 9177 642,39", ["91.77", "642.39"], region: "FR", languages: ["fr"]),
        .init("Meeting 9 1230 100.00", ["100.00"]),
        // …or read as a digit (`719527` for 719,27), and so for the row's amount (`315355` for 315.55).
        .init("Druckerpapier A4 6 719527. 4.315,62", ["719.27", "4315.62"], region: "DE", languages: ["de"]),
        .init("Delivery 5 63.11 315355", ["63.11", "315.55"]),
        .init("Artikel 2 12,50 25350", ["12.50"], region: "DE", languages: ["de"]),
        .init("Room 101 2 45.00 90000", ["45.00"]),
        // …or lost (`553122` for 5 531,22), which also tells the quantity from a space-grouped price; never where the
        // cents would be `00`, which any whole number has.
        .init("Item 3 12.40 3720", ["12.40", "37.20"]),
        .init("Papier A4 9 614,58 553122", ["614.58", "5531.22"], region: "FR", languages: ["fr"]),
        .init("Room 101 2 45.00 9000", ["45.00"]),
        .init("Artikel 2 12,50 2480", ["12.50"], region: "DE", languages: ["de"]),
        // A unit price whose thousands separator the OCR read as a digit (`15322.00` for 1,322.00), where the quantity
        // times it is the row's amount; not when the price as read fits, nor for a 0.
        .init("Consulting (hours) 5 15322.00 6,610.00", ["1322.00", "6610.00"]),
        .init("Widget 2 12345.00 24690.00", ["12345.00", "24690.00"]),
        .init("Consulting (hours) 5 13022.00 6,510.00", ["13022.00", "6510.00"]),
        // Neither reading fits the row (the OCR's `74` for a quantity of 7): no amount rather than 74,488.63.
        .init("Nettoyage 74 488,63 3 420,41", ["3420.41"], region: "FR", languages: ["fr"]),
        .init("Nettoyage 12 500,00 13 000,00", ["12500.00", "13000.00"], region: "FR", languages: ["fr"]),
        .init("Pièces 2 450,00 € 900,00 €", ["450.00 EUR", "900.00 EUR"], region: "FR", languages: ["fr"]),
        .init("Total TTC 1 450,00 €", ["1450.00 EUR"], region: "FR", languages: ["fr"]),
        .init("Loyer 1 450,00 € 1 450,00 €", ["1450.00 EUR", "1450.00 EUR"], region: "FR", languages: ["fr"]),
        // Full-width digits and punctuation, as Japanese pages print them; an amount glued to its label's colon.
        .init("価格：１，９８０円（税込）", ["1980 JPY"], region: "JP", languages: ["ja"]),
        .init("合計　￥１２，３４０", ["12340 JPY"], region: "JP", languages: ["ja"]),
        .init("Total:12.50", ["12.50"], region: "GB"),
        .init("Cash:50.00 Change:4.10", ["50.00", "4.10"], region: "GB"),
        .init("Coffee $4.25", ["4.25 CAD"], region: "CA"),
        .init("Flat white $5.00", ["5.00 AUD"], region: "AU"),
        .init("Kaffe 35 kr", ["35 SEK"], region: "SE", languages: ["sv"]),
        .init("Kaffe 35,00 kr", ["35.00 NOK"], region: "NO", languages: ["nb"]),
        .init("Kawa 12,50 zł", ["12.50 PLN"], region: "PL", languages: ["pl"]),
        .init("₹ 250.00", ["250.00 INR"], region: "IN"),
        // The real's `R$` the OCR read as `RS` or `R5` glued to the amount, on a Brazilian page; the rand's `R` elsewhere.
        .init("DETERGENTE RS8,99", ["8.99 BRL"], region: "BR", languages: ["pt"]),
        .init("CAFE 500G R52,99", ["2.99 BRL"], region: "BR", languages: ["pt"]),
        .init("TOTAL RS R59.87", ["9.87 BRL"], region: "BR", languages: ["pt"]),
        .init("TOTAL R59.87", ["59.87 ZAR"], region: "ZA"),
        // Indian grouping: lakhs and crores.
        .init("Rs 1,50,000", ["150000 INR"], region: "IN"),
        .init("Total Rs. 12,34,567.89", ["1234567.89 INR"], region: "IN"),
        .init("Coupon -2.00", ["-2.00"]),
        .init("Discount -$2.00", ["-2.00 USD"]),
        .init("Rabatt 2,00-", ["-2.00"], region: "DE", languages: ["de"]),
        .init("Refund (2.00)", ["-2.00"]),
        .init("Return ($4.50)", ["-4.50 USD"]),
        .init("2 @ 1.99 3.98", ["1.99", "3.98"]),
        .init("1  Cloud storage 1 TB  2  209.51  419.02", ["209.51", "419.02"]),
        .init("Äpfel 2 x 1,49 2,98 A", ["1.49", "2.98"], region: "DE", languages: ["de"]),
        .init("1 WALK 1.60 1.60 1.60 ZRL", ["1.60", "1.60", "1.60"], region: "MY"),
        .init("Qty 2 100.00", ["100.00"]),
        .init("Items $1.00 and $2.00", ["1.00 USD", "2.00 USD"]),
        .init("Kaffee 3,20 € Kuchen 4,10 €", ["3.20 EUR", "4.10 EUR"], region: "DE", languages: ["de"]),
        .init("Tasse 5 €", ["5 EUR"], region: "FR", languages: ["fr"]),
        .init("Café 3,5 €", ["3.5 EUR"], region: "FR", languages: ["fr"]),
        .init("1 lb @ $3.99/lb 3.99", ["3.99 USD", "3.99 USD"]),
        // A currency symbol binds to the number it touches: a quantity column then a unit price.
        .init("UX design workshop (days) 2 €850.00 €1,700.00", ["850.00 EUR", "1700.00 EUR"], region: "GB"),
        .init("Hosting, 12 months 12 €15.00 €180.00", ["15.00 EUR", "180.00 EUR"], region: "GB"),
        .init("Kaffee Crema 500 g 12,49 €", ["12.49 EUR"], region: "DE", languages: ["de"]),
        .init("3 $4.00 $12.00", ["4.00 USD", "12.00 USD"]),
        .init("0,250 kg x 12,90 EUR/kg 3,23", ["12.90 EUR", "3.23 EUR"], region: "DE", languages: ["de"]),
        // `$` is the region's own currency where it stands for it: Malaysian receipt printers print it for the ringgit.
        .init("Total Amount: $8.20", ["8.20 MYR"], region: "MY"),
        .init("Total $8.20", ["8.20 USD"], region: "DE", languages: ["de"]),
        .init("Subtotal -12EUR 5.00", ["-12 EUR", "5.00 EUR"], region: "DE", languages: ["de"]),
    ]

    /// Amounts written with currency words and scale words, normalized to the full amount.
    static let withWords: [DetectionCase] = [
        .init("Paid 1,234.56 US dollars yesterday", ["1234.56 USD"]),
        .init("About 250 Canadian dollars", ["250 CAD"]),
        .init("The fare is 45 baht, the meal 2,500 naira.", ["45 THB", "2500 NGN"]),
        .init("It cost 12,000 forints or 5,000 rubles.", ["12000 HUF", "5000 RUB"]),
        // Every currency's English name (CLDR), singular or plural, and the codes of less common ones.
        .init("It cost 48,491.77 Saudi riyals last year.", ["48491.77 SAR"]),
        .init("Price: New Zealand dollar 13,642.91", ["13642.91 NZD"]),
        .init("Price: Cape Verdean escudo 45,995.68", ["45995.68 CVE"]),
        .init("It cost 79,406.85 Papua New Guinean kinas.", ["79406.85 PGK"]),
        .init("A fee of 120 Trinidad and Tobago dollars applies.", ["120 TTD"]),
        .init("They paid WST 71,334.16 and 50,577.73 PKR.", ["71334.16 WST", "50577.73 PKR"]),
        // Some country's dollar that no table names: the amount without a currency, not the region's dollar.
        .init("Price: Bermudian dollar 33,995.70", ["33995.70"]),
        .init("Bring 20 American dollars.", ["20 USD"]),
        // A less common code labels its own amount, not the page's bare ones.
        .init("TOTAL 12.50\nCASH 20.00\nTMT 5.00", ["12.50", "20.00", "5.00 TMT"], region: "MY"),
        // A compound CJK amount is one amount, never its tail alone.
        .init("価格は1億2000万円です", ["120000000 JPY"], region: "JP", languages: ["ja"]),
        .init("3조 5000억 원", ["3500000000000 KRW"], region: "KR", languages: ["ko"]),
        .init("It cost 17 dollars.", ["17 USD"]),
        .init("We paid 500 euros and 3,000 yen.", ["500 EUR", "3000 JPY"]),
        .init("The deal: €2.5 million, then $3bn.", ["2500000 EUR", "3000000000 USD"]),
        .init("Ein Auftrag über 2,5 Mio. € und 75 Millionen Dollar", ["2500000 EUR", "75000000 USD"], region: "DE", languages: ["de"]),
        .init("価格 1.000万円 と 15元", ["10000000 JPY", "15 CNY"], region: "JP", languages: ["ja"]),
        .init("Un contrat de 3 millions d'euros", ["3000000 EUR"], region: "FR", languages: ["fr"]),
        .init("Budget 12 milioni di euro", ["12000000 EUR"], region: "IT", languages: ["it"]),
        .init("Sales rose to $4.2 billion in 2024", ["4200000000 USD"]),
        // Scale letters glued to the sign or code; euro cents after the sign; a currency word in a compound.
        .init(
            "un budget de 200 k€ ou 1,2 Md€ ou 3,5 M€", ["200000 EUR", "1200000000 EUR", "3500000 EUR"], region: "FR", languages: ["fr"]),
        .init("Umsatz 500 T€ bzw. 12 MEUR", ["500000 EUR", "12000000 EUR"], region: "DE", languages: ["de"]),
        .init("Vinsten blev 350 tkr och 2 mdkr", ["350000 SEK", "2000000000 SEK"], region: "SE", languages: ["sv"]),
        .init("Il a payé 2€50 pour un café, le pain 1 € 20", ["2.50 EUR", "1.20 EUR"], region: "FR", languages: ["fr"]),
        .init("Prix : 12 euros 50 le kilo ; das kostet 5 Euro 50", ["12.50 EUR", "5.50 EUR"], region: "FR", languages: ["fr"]),
        .init("It costs 5 dollars and 50 cents, or 5 dollars and 50 more.", ["5.50 USD", "5 USD"]),
        .init(
            "Son 12 euros con 50 céntimos; ça fait 3 euros et 20 centimes.", ["12.50 EUR", "3.20 EUR"], region: "ES",
            languages: ["es", "fr"]),
        .init("1 € 75,00 € 75,00", ["75.00 EUR", "75.00 EUR"], region: "DE", languages: ["de"]),
        .init("5,000 euro-denominated bonds and a 100-dollar bill", []),
        .init("Zahlung 100 Kč, 200 Ft, 50 KSh", ["100 CZK", "200 HUF", "50 KES"]),
        // A `$` or `¥` in a written sentence is no misread glyph, even before a whole amount; and an English page
        // that writes `6,168.34` writes `2,962 euros` for thousands, where its region writes decimals with a comma.
        .init("Repairs cost almost $78 so far. A €69.55 fee was charged.", ["78 USD", "69.55 EUR"], region: "ES", explicitRegion: true),
        .init(
            "The deposit of ¥166,111 is not refundable. In the end the total was ¥3,231.21.", ["166111 JPY", "3231.21 JPY"], region: "US",
            explicitRegion: true),
        .init(
            "It cost 2,962 euros last year. A £6,168.34 fee was charged.", ["2962 EUR", "6168.34 GBP"], region: "DE", explicitRegion: true),
        .init("Menge 7,053 kg, Preis 12,50 €", ["12.50 EUR"], region: "DE", languages: ["de"], explicitRegion: true),
        // Figures of a scientific text: citations glued to a sentence's end, a clause's last number before its comma.
        .init("thyroid carcinoma contrasts with other solid tumors in adults.29,30", []),
        .init("scores of less than 6, 6 to 6.99, 7 to 7.99,\nand 8 or more", []),
        .init("compared with placebo (11.2 vs. 4.0 months; HR, 0.28;\n95% CI", []),
        .init("chicken burger large 7.99\nTotal.29,30", ["7.99", "29.30"]),
        // An amount glued to its receipt label (the space lost); not to an item's name or a code, nor with a leading
        // zero that is a misread currency sign.
        .init("MILK 2,00\nTOTAAL43,85", ["2.00 EUR", "43.85 EUR"], region: "NL", languages: ["nl"], explicitRegion: true),
        .init("MILK2.00\nA12.50\nSKU12.50\nTOTALE COMPLESSIVO0187,74", [], region: "US"),
        .init("2 × ¥150 ¥300", ["150 JPY", "300 JPY"], region: "JP", languages: ["ja"]),
        .init("Betrag: Euro 125,00", ["125.00 EUR"], region: "DE", languages: ["de"]),
        .init("Kaufpreis Euro 1.500", ["1500 EUR"], region: "DE", languages: ["de"]),
        // A whole amount's dash: no cents printed.
        .init("Eintritt 45,- € an der Abendkasse", ["45 EUR"], region: "DE", languages: ["de"]),
        .init("Miete 1.200,– EUR monatlich", ["1200 EUR"], region: "DE", languages: ["de"]),
        .init("Busse CHF 45.– pro Tag", ["45 CHF"], region: "CH", languages: ["de"]),
        .init("Preis: € 99,-", ["99 EUR"], region: "AT", languages: ["de"]),
        // A range's dash is no sign; `-$5` and `5.00-` are.
        .init("Salaries of $50,000-$60,000 are common", ["50000 USD", "60000 USD"]),
        .init("Salaries of $80k-$120k are typical", ["80000 USD", "120000 USD"]),
        // An amount in parentheses after another restates it; `(2.00)` alone is an accounting negative.
        .init("The 2.5 billion yen (¥2.5bn) deal", ["2500000000 JPY", "2500000000 JPY"]),
        .init("Revenue was €10 million ($11.2 million) last year", ["10000000 EUR", "11200000 USD"]),
        .init("Costs €10 ($12.34) each", ["10 EUR", "12.34 USD"]),
        .init("Net loss ($1,234.56)", ["-1234.56 USD"]),
        // A list of amounts, each with its own currency: `, ` before three digits separates them.
        .init("China: RMB 100, CNY 200, 300元.", ["100 CNY", "200 CNY", "300 CNY"], region: "CN", languages: ["zh-Hans"]),
        .init("It costs $100, 300 yen in Tokyo", ["100 USD", "300 JPY"]),
        .init("Preis US$ 1,200", ["1200 USD"], region: "DE", languages: ["de"]),
        .init("Total RM 1,234", ["1234 MYR"], region: "MY"),
        .init("Refund -$5.00, fee 2.00- USD", ["-5.00 USD", "-2.00 USD"]),
        // Amounts glued to words of scripts written without spaces.
        .init("価格は1,980円です。", ["1980 JPY"], region: "JP", languages: ["ja"]),
        .init("売上高は5億円。", ["500000000 JPY"], region: "JP", languages: ["ja"]),
        .init("总价¥199元", ["199 CNY"], region: "CN", languages: ["zh-Hans"]),
        // A Latin mark glued to Chinese or Japanese text, which has no spaces: not the `$` inside it.
        .init("價格為NT$100。", ["100 TWD"], region: "TW", languages: ["zh-Hant"]),
        .init("料金は100USDです。", ["100 USD"], region: "JP", languages: ["ja"]),
        .init("會費HK$250", ["250 HKD"], region: "HK", languages: ["zh-Hant"]),
    ]

    /// Ranges: both ends are amounts, in the currency and scale printed once for both; a dash between them is no minus.
    static let ranges: [DetectionCase] = [
        .init("Prices range from £3.50–£7.99 per item.", ["3.50 GBP", "7.99 GBP"], region: "GB"),
        .init("Tickets £3.50—£7.99", ["3.50 GBP", "7.99 GBP"], region: "GB"),
        .init("Eintritt 10–20 €", ["10 EUR", "20 EUR"], region: "DE", languages: ["de"]),
        .init("Eintritt 10 – 20 €", ["10 EUR", "20 EUR"], region: "DE", languages: ["de"]),
        .init("Preis 3,50 €–7,99 €", ["3.50 EUR", "7.99 EUR"], region: "DE", languages: ["de"]),
        .init("Preis 3,50 €-7,99 €", ["3.50 EUR", "7.99 EUR"], region: "DE", languages: ["de"]),
        .init("Coffee $3.50–4.00 a cup", ["3.50 USD", "4.00 USD"]),
        .init("The fund raised $1–2 million", ["1000000 USD", "2000000 USD"]),
        .init("Eintritt zwischen 10 und 20 Euro", ["10 EUR", "20 EUR"], region: "DE", languages: ["de"]),
        .init("von 10 bis 20 €", ["10 EUR", "20 EUR"], region: "DE", languages: ["de"]),
        .init("It costs 10 to 20 dollars", ["10 USD", "20 USD"]),
        .init("entre 10 et 20 euros", ["10 EUR", "20 EUR"], region: "FR", languages: ["fr"]),
        .init("1,000〜2,000円", ["1000 JPY", "2000 JPY"], region: "JP", languages: ["ja"]),
        // `and` joins a range only after `between`; a range runs upwards.
        .init("Page 3 and 12.50 EUR", ["12.50 EUR"]),
        .init("Kinder bis 6 und 10 Euro", ["10 EUR"], region: "DE", languages: ["de"]),
        .init("from 20 to 10 dollars", ["10 USD"]),
        .init("Menü 2 – 8,90 €", ["8.90 EUR"], region: "DE", languages: ["de"]),
        .init("Zimmer 101-105 EUR 89,00", ["89.00 EUR"], region: "DE", languages: ["de"]),
        // A dash after a word or a mark with no amount before it is still a minus.
        .init("BAR EUR —10,00", ["-10.00 EUR"], region: "DE", languages: ["de"]),
        .init("Rabatt 1,00 € -0,50 €", ["1.00 EUR", "-0.50 EUR"], region: "DE", languages: ["de"]),
        // A till's minus after the amount, also read as a long dash; in prose a dash glued to a word joins them.
        .init("Leergutbon 0,25—", ["-0.25"], region: "DE", languages: ["de"]),
        .init("Pfand 0,25– ", ["-0.25"], region: "DE", languages: ["de"]),
        .init("It cost $300—a bargain.", ["300 USD"]),
        // A lone digit after a mark that ends the line (a speck read as a 1) leaves the mark to the amount before it.
        .init("ÖSSZESEN 2 535 Ft 1", ["2535 HUF", "1 HUF"], region: "HU"),
        .init("Qty 2 EUR 5", ["5 EUR"]),
        // Dates, codes and plain number ranges stay no amounts.
        .init("Datum 2023-10-20 €", [], region: "DE", languages: ["de"]),
        .init("Art. A10-20 €", [], region: "DE", languages: ["de"]),
        .init("Seiten 10-12", [], region: "DE", languages: ["de"]),
    ]

    @Test(arguments: ranges) func readsBothEndsOfARange(_ row: DetectionCase) { check(PriceDetector(), row) }

    /// Currencies whose names depend on the region, and amounts in whole units written with CJK ones.
    static let regional: [DetectionCase] = [
        .init("售價1萬2000元", ["12000 TWD"], region: "TW", languages: ["zh-Hant"]),
        .init("售價100元", ["100 HKD"], region: "HK", languages: ["zh-Hant"]),
        .init("价格为100元", ["100 CNY"], region: "CN", languages: ["zh-Hans"]),
        .init("価格は1万2000円です。", ["12000 JPY"], region: "JP", languages: ["ja"]),
        .init("가격은 1만 2000원입니다.", ["12000 KRW"], region: "KR", languages: ["ko"]),
        .init("It costs 100 pesos.", ["100 PHP"], region: "PH"),
        .init("Cuesta 100 pesos.", ["100 ARS"], region: "AR", languages: ["es"]),
        .init("Cena wynosi 100 złotych.", ["100 PLN"], region: "PL"),
        .init("Harga Rp 100.000 saja.", ["100000 IDR"], region: "ID"),
        // A label glued to its amount's code (the OCR lost the space); a rate whose `%` was read as an 8 before the
        // line's marked amount is no amount of its own.
        .init("TOTAL BELANJARp89.799", ["89799 IDR"], region: "ID", languages: ["id"]),
        .init("TOTALRM9.00", ["9.00 MYR"], region: "MY"),
        .init("PPN 108 Rp24.310", ["24310 IDR"], region: "ID", languages: ["id"]),
        .init("TAX 118 Rp8.899", ["8899 IDR"], region: "ID", languages: ["id"]),
        .init("TAX 118 31.548", ["31548"], region: "ID", languages: ["id"]),
        .init("お預り 10000 お釣り ¥500", ["10000 JPY", "500 JPY"], region: "JP", languages: ["ja"]),
        .init("Цена 100 руб.", ["100 RUB"], region: "RU"),
        // The hryvnia's `грн` after an amount, with or without a space, wherever the region is.
        .init("Сума 125,50 грн, 12,00грн", ["125.50 UAH", "12.00 UAH"], region: "PL"),
        .init("Total Rs. 1,250", ["1250 PKR"], region: "PK"),
        .init("Total Rs. 1,250", ["1250 INR"], region: "IN"),
        .init("Giá 50.000đ, tổng 150.000 VNĐ", ["50000 VND", "150000 VND"], region: "VN"),
        .init("Total ₦500, KSh 500, E£45", ["500 NGN", "500 KES", "45 EGP"], region: "NG"),
        // No-break, narrow no-break and thin spaces as French software prints them, in the number and before its mark.
        .init("Total 1\u{202F}234,56\u{00A0}€", ["1234.56 EUR"], region: "FR", languages: ["fr"]),
        .init("Total €\u{00A0}12,50 et 3,00\u{2009}EUR", ["12.50 EUR", "3.00 EUR"], region: "FR", languages: ["fr"]),
        // Italian `lei` (she) is no Romanian leu.
        .init("un regalo per lei 20 euro", ["20 EUR"], region: "IT", languages: ["it"]),
        // Rupiah are printed whole, grouped either way (bare amounts: the region was not given); a card's PIN is no amount.
        .init("TOTAL 61.600", ["61600"], region: "ID"),
        .init("Grand Total 67,100", ["67100"], region: "ID"),
        .init("PIN 1234", [], region: "ID"),
        // So are New Taiwan dollars: a receipt's labelled lines.
        .init("總計 45", ["45"], region: "TW", languages: ["zh-Hant"]),
        .init("Total Items: 3", [], region: "ID"),
    ]

    @Test(arguments: regional) func readsRegionalCurrencies(_ row: DetectionCase) { check(PriceDetector(), row) }

    /// The dinars of Kuwait, Bahrain, Jordan, Libya and Tunisia and the Omani rial have three decimals: one group of
    /// three digits after a point is their thousandths, not thousands, wherever the text comes from.
    static let threeDecimals: [DetectionCase] = [
        .init("The fee is KWD 12.500 per month.", ["12.500 KWD"]),
        .init("Ticket BHD 3.750, parking JOD 0.750", ["3.750 BHD", "0.750 JOD"], region: "GB"),
        .init("OMR 1.200 only", ["1.200 OMR"], region: "OM"),
        // Grouped thousands before the thousandths; a comma alone groups thousands.
        .init("A laptop for KWD 1,249.500, a desk for KWD 1,250.", ["1249.500 KWD", "1250 KWD"]),
        // Tunisia writes the millimes after a comma or a point.
        .init("Prix : 4,500 DT, livraison 12.500 TND", ["4.500 TND", "12.500 TND"], region: "TN", languages: ["fr"]),
        // The letters a country writes for its dinar mark an amount printed with its three decimals only.
        .init("Total KD 3.475", ["3.475 KWD"], region: "KW"),
        .init("BD 2.000 and R.O. 5.250", ["2.000 BHD", "5.250 OMR"]),
        .init("DT 12 30", [], region: "FR", languages: ["fr"]),
        // Bare amounts with three decimals are the region's dinars where it pays in them, and nothing elsewhere.
        .init("TOTAL 3.475", ["3.475"], region: "KW"),
        .init("TOTAL 3.475", [], region: "MY"),
        // Three decimals are no other currency's.
        .init("$1,234.567 EUR 1.234,567", []),
        // Whole amounts after those letters or a less common code where a sentence or a scale word names them; a
        // Romanian VAT number is none.
        .init("Rent KD 375 per month, plus one month deposit.", ["375 KWD"], region: "KW"),
        .init("The board approved capital spending of KWD 22 million for the new depot.", ["22000000 KWD"], region: "KW"),
        .init("The LD 4,500 left in the budget can be carried over.", ["4500 LYD"], region: "LY"),
        .init("Total debited:          RO 988.493", ["988.493 OMR"], region: "OM"),
        .init("CIF RO 12345678", [], region: "RO", languages: ["ro"]),
        // A name several countries give their currency is the region's where it is one of them, and names no currency
        // elsewhere (nor does `kr` outside the Nordic countries): the amount alone, never the region's currency.
        .init("It cost 250 dirhams last year.", ["250 MAD"], region: "MA", explicitRegion: true),
        .init("They paid 12.500 rials for it.", ["12.500 OMR"], region: "OM", explicitRegion: true),
        .init("It cost 250 dirhams last year.", ["250"], region: "US", explicitRegion: true),
        .init("It cost 100 kr last year.", ["100"], region: "US", explicitRegion: true),
        // The dirham's code is a word elsewhere, Morocco's currency in Morocco.
        .init("Room rate: MAD 1,450.00 per night", ["1450.00 MAD"], region: "MA", explicitRegion: true),
        // The region's own currency by its code or letters marks a whole amount too, but no long reference number.
        .init("Dinner on the roof terrace: from 320 MAD", ["320 MAD"], region: "MA", explicitRegion: true),
        .init("Studio in Jabriya, furnished, KD 210 monthly", ["210 KWD"], region: "KW", explicitRegion: true),
        .init("Price: OMR 25", ["25 OMR"], region: "OM", explicitRegion: true),
        .init("Price: OMR 25", [], region: "GB", explicitRegion: true),
        .init("Customs ref KD 1234567", [], region: "KW", explicitRegion: true),
        .init("Coupon 030 DT", [], region: "TN", languages: ["fr"], explicitRegion: true),
        // The dirham's letters: Morocco's `DH` after an amount or before one with cents, the Emirates' `Dhs` anywhere;
        // elsewhere `DH` is no currency.
        .init("Hammam and massage: 400 DH per person", ["400 MAD"], region: "MA", explicitRegion: true),
        .init("TOTAL DH 12,50 / Total Dhs 50.00", ["12.50 MAD", "50.00 MAD"], region: "MA", languages: ["fr"], explicitRegion: true),
        .init("Total Dhs 50.00", ["50.00 AED"], region: "US", explicitRegion: true),
        .init("DH 3 for the Yankees", [], region: "MA", explicitRegion: true),
        .init("Batting: DH 3, 2 runs", [], region: "US", explicitRegion: true),
        // The Kenyan shilling's longer abbreviations; a price list's whole rands behind a glued `R` (not the head of an
        // amount the OCR split, `R2 01.50`); a whole amount written `3.350,-` in brackets is an aside, not a negative.
        .init("Members below Ksh 20,000, an allowance of Kshs. 1,500, fee KShs 250.", ["20000 KES", "1500 KES", "250 KES"], region: "KE"),
        .init("Call-out fee R450, blocked drain R1 200 – R1 800", ["450 ZAR", "1200 ZAR", "1800 ZAR"], region: "ZA"),
        .init("AMOUNT DUE R2 01.50", ["1.50"], region: "ZA"),
        .init("Waarborgsom: twee maanden kale huur (€ 3.350,-)", ["3350 EUR"], region: "NL", languages: ["nl"]),
    ]

    /// South African tills group thousands with a space and write decimals after a point: one amount where no quantity
    /// can stand before it, behind the rand's `R` or an amount's label. The `R` marks an amount with its cents only.
    static let spaceGroupedWithPoint: [DetectionCase] = [
        .init("TOTAL R 1 216.99", ["1216.99 ZAR"], region: "ZA"),
        .init("CASH 1 300.00", ["1300.00"], region: "ZA"),
        .init("Price: R45.99, delivery R 120 000.00", ["45.99 ZAR", "120000.00 ZAR"], region: "ZA"),
        .init("TV 1 199.00", ["199.00"], region: "ZA"),
        .init("R 2 pack", [], region: "ZA"),
        // Elsewhere a quantity and a price, and an `R` no currency's.
        .init("TOTAL R 1 216.99", ["216.99"], region: "US"),
    ]

    @Test(arguments: spaceGroupedWithPoint) func readsThousandsGroupedBySpacesBeforeAPoint(_ row: DetectionCase) {
        check(PriceDetector(), row)
    }

    @Test(arguments: threeDecimals) func readsThreeDecimalCurrenciesInThousandths(_ row: DetectionCase) {
        check(PriceDetector(), row)
    }

    @Test(arguments: withWords) func readsAmountsWithWords(_ row: DetectionCase) { check(PriceDetector(), row) }

    /// Numbers with words that are no amount of money.
    static let notAmounts: [DetectionCase] = [
        .init("5 million people live there", []),
        .init("A 5km run and 12 millimetres", []),
        .init("I won 5 games", []),
        .init("up 20 percent", []),
        .init("TAX 2 ¢ 0.12", ["0.12"], region: "MY"),  // no 0.02: a ¢ apart from its digits is OCR noise
        .init("Centre 12, Centrum 5", []),
        .init("It weighs 3 pounds", []),
        // A currency's name before a plain integer names a street, a shop or a product.
        .init("Lot 12, Jalan Euro 1, Kuala Lumpur", [], region: "MY"),
        .init("EURO 2 Kaffeemaschine", [], region: "DE", languages: ["de"]),
        .init("Dollar 5 Store", []),
        // A dash after a number with no currency anywhere: a range or a list, not a price.
        .init("Seiten 45,- 46", [], region: "DE", languages: ["de"]),
        .init("Artikel 12,-", [], region: "DE", languages: ["de"]),
        .init("第2回 品番A12 3個", [], region: "JP", languages: ["ja"]),
        // A comma before three digits where amounts are written `7,05`: no amount in the region's currency.
        .init("Summe EUR 7,053", [], region: "DE", languages: ["de"]),
        // …nor `$ 3.459` where the dollar writes `3.45` and `3,459`: a price by the gallon, not three thousand; another
        // currency's sign (`€1.500`) keeps its grouping.
        .init("PRICE/G: $ 3.459", [], region: "US"),
        // …nor `56.00O`, a group of thousands with its last zero read as a letter (56.000 dong); nor are the whole units
        // of `$7. 1O`, decimals set apart with a digit read as a letter (the total's line reads it back as 7.10).
        .init("Thuế VAT (8%): 56.00O", [], region: "VN", languages: ["vi"]),
        .init("T0TAL $7. 1O", ["7.10"], region: "SG"),
        .init("Unleaded £1.459", [], region: "GB"),
        // …nor thousands whose first group is a 0 (`RM 0.503` was 503 ringgit).
        .init("RM 0.503", [], region: "MY"),
        .init("0.503 EUR", [], region: "MY"),
        .init("Fee €1.500", ["1500 EUR"], region: "US"),
        .init("Total 1,234 €", [], region: "FR", languages: ["fr"]),
        .init("СУММА 1 000,00 АКТ", [], region: "KZ", languages: ["ru"], explicitRegion: true),
        // A card slip's date, its two-digit year after the day's comma, a time after it.
        .init("JUN 08,24                       21:12:34", [], region: "HK"),
        .init("TOTAL 250,00 K2TX", [], region: "KZ", languages: ["ru"], explicitRegion: true),
        .init("TOTAL 250,00 K2T", [], region: "MY", explicitRegion: true),
    ]

    @Test(arguments: notAmounts) func numbersWithOtherWordsAreNotAmounts(_ row: DetectionCase) { check(PriceDetector(), row) }

    static let negatives: [DetectionCase] = [
        .init("₹ 10,00,00", [], region: "IN"),
        // A less common currency's code beside a number not printed as an amount is OCR noise or a word.
        .init("VES 14 BHD 862725-", [], region: "MY"),
        .init("ALL 3 ITEMS", []),
        // An English scale letter after a decimal comma is a misread digit, not billions (`3,6B` for 3,68).
        .init("Umsatz EUR 3,6B", [], region: "DE", languages: ["de"]),
        .init("Price 12.5O EUR", []),
        // A spaced bracket outside a tax's line is an aside, not an accounting negative.
        .init("UNI ( 3.96)=", [], region: "MY"),
        // Both cents read as letters after a marked amount (`EUR 5,SO` for 5,50): its whole units would drop them.
        .init("Geg. Bar EUR 5,SO", [], region: "DE", languages: ["de"]),
        .init("Paid $12.BO", []),
        // Digits read as letters glued to an integer or a group (`12O`, `4O,2OO`, `$25.OOO` for 25.000 pesos): no
        // amount of fewer digits; `$5B` in running text is still billions.
        .init("TOTAL 12O", [], region: "ID", languages: ["id"]),
        .init("KEMBALI : 4O,2OO", [], region: "ID", languages: ["id"]),
        .init("KEMBALI : 4O,200", [], region: "ID", languages: ["id"]),
        .init("EFECTIVO $25.OOO", [], region: "CL", languages: ["es"]),
        .init("The fund raised $5B", ["5000000000 USD"], region: "US"),
        .init("DISC 1 16.0€", [], region: "MY"),
        .init("Qty 2", []),
        .init("Qty: 2.00", []),
        .init("Qty:2.00", []),
        .init("Ref:1234.56", []),
        .init("Zeit:12.30", [], region: "DE", languages: ["de"]),
        .init("Store 1234", []),
        .init("Store #12.34", []),
        .init("MwSt 19%", [], region: "DE", languages: ["de"]),
        .init("Tax rate 8.25%", []),
        .init("Tax rate 8.25 %", []),
        .init("15.03.2024", [], region: "DE"),
        .init("Date 03/15/24", []),
        .init("Time 14:32", []),
        .init("Tel (650) 253-0000", []),
        .init("Order 100234", []),
        .init("Invoice INV-2024-0012", []),
        .init("ZIP 94043", []),
        .init("GTIN 4006381333931", []),
        .init("Weight 1.250 kg", []),
        .init("2.49 Milk", []),
        .init("Version 1.2.49", []),
        .init("Total items 3", []),
        .init("12.345", []),
        .init("Menge 2,00", [], region: "DE", languages: ["de"]),
        .init("Card ****1234", []),
        .init("Terminal 12.34.56", []),
        .init("Page 1/2", []),
        .init("USt-IdNr. DE123456789", [], region: "DE", languages: ["de"]),
        .init("SIRET 123 456 789 00012", [], region: "FR", languages: ["fr"]),
        .init("Kasse 2 Bon 4711 15.03.24 14:32", [], region: "DE", languages: ["de"]),
        // Product codes that start like a currency code.
        .init("SEK0PLAS H/D GARBAGE 89cm*117cm", [], region: "MY"),
        .init("Art. EUR12ABC", [], region: "DE", languages: ["de"]),
        // A number the OCR split after its separator: neither part is an amount (the receipt reader reads it whole).
        .init("Preis 68. 87 €", [], region: "DE", languages: ["de"]),
        .init("CARTA DI CREDITO €71;57", [], region: "IT", languages: ["it"]),
        // Decimals printed and read as a symbol: 15 would drop them.
        .init("TOTAL R$15,%", [], region: "BR", languages: ["pt"]),
        // (Without its cents, the misread mark's amount is not read: its separator may be lost too.)
        .init("TOTAL RS1124", [], region: "BR", languages: ["pt"]),
        .init("CODIGO R500", [], region: "BR", languages: ["pt"]),
        .init("Total $12.*", [], region: "US"),
        .init("おにぎり ¥8, 572", [], region: "JP", languages: ["ja"]),
        .init("おにぎり ¥7,.846", [], region: "JP", languages: ["ja"]),
        // A bare whole number on a yen item line may be a count or a code; with a leading zero, a staff number.
        .init("おにぎり 鮭 298", [], region: "JP", languages: ["ja"]),
        .init("担当 052", [], region: "JP", languages: ["ja"]),
        // A number after a word that numbers things: a version, a chapter, a room (not an item's price).
        .init("Version 2.14", []),
        .init("Kapitel 3.08", [], region: "DE", languages: ["de"]),
        .init("Raum 2.14", [], region: "DE", languages: ["de"]),
        .init("Bureau 3.08", [], region: "FR", languages: ["fr"]),
        .init("Room 4.12", [], region: "GB"),
    ]

    /// Item names that end in such a word, and a place's charge, keep their prices.
    static let numberedButPriced: [DetectionCase] = [
        .init("Lampe de bureau 9 816,24 7 346,16", ["816.24", "7346.16"], region: "FR", languages: ["fr"]),
        // A quantity read with a speck after it: the unit price has its own decimals.
        .init("Lampe de bureau 7. 68,00 476,00", ["68.00", "476.00"], region: "FR", languages: ["fr"]),
        .init("Room 120.00", ["120.00"], region: "US"),
        .init("Milch 2,14", ["2.14"], region: "DE", languages: ["de"]),
        .init("Floor lamp 24.99", ["24.99"], region: "US"),
    ]
    /// PP-OCR's Chinese model reads Japanese `円` as `月`: a number no month has (past 12, or grouped) before it is
    /// an amount in yen where the region is Japan; months stay months.
    static let yenReadAsMonth: [DetectionCase] = [
        .init("入场料 14,500 月飞寸。", ["14500 JPY"], region: "JP", languages: ["ja"]),
        .init("料金 360月です。", ["360 JPY"], region: "JP", languages: ["ja"]),
        .init("年会费 460 寸。入場料 1,200丹です。", ["460 JPY", "1200 JPY"], region: "JP", languages: ["ja"]),
        // After a price noun the number is yen without its `円` (which PP-OCR cannot read): not a count, not a
        // table's space-grouped row, not outside Japan.
        .init("料 金 86,770 。", ["86770 JPY"], region: "JP", languages: ["ja"]),
        .init("料金は300", ["300 JPY"], region: "JP", languages: ["ja"]),
        .init("合計 12点", [], region: "JP", languages: ["ja"]),
        .init("会員数は12,345。", [], region: "JP", languages: ["ja"]),
        .init("配送 料 1 550 550", [], region: "JP", languages: ["ja"]),
        .init("料金 86,770 。", [], region: "CN", languages: ["zh-Hans"]),
        .init("3月15日から12月まで", [], region: "JP", languages: ["ja"]),
        .init("料金 360月です。", [], region: "CN", languages: ["zh-Hans"]),
    ]
    /// `¥` is the yuan's sign too: `元` after the amount says which.
    static let yuanSign: [DetectionCase] = [
        .init("售价：¥299元", ["299 CNY"]),
        .init("售价 ¥ 299 元", ["299 CNY"]),
        .init("售價 ¥299元", ["299 TWD"], region: "TW"),
        .init("価格 ¥299", ["299 JPY"]),
    ]
    @Test(arguments: yuanSign) func theYuanAfterTheAmountSaysWhoseSignItIs(_ row: DetectionCase) { check(PriceDetector(), row) }

    @Test(arguments: yenReadAsMonth) func yenReadAsAMonthIsYen(_ row: DetectionCase) { check(PriceDetector(), row) }

    @Test(arguments: numberedButPriced) func itemsNamedLikeNumberedThingsKeepTheirPrices(_ row: DetectionCase) {
        check(PriceDetector(), row)
    }

    @Test(arguments: positives) func findsPrices(_ row: DetectionCase) { check(PriceDetector(), row) }
    @Test(arguments: negatives) func leavesOtherNumbersAlone(_ row: DetectionCase) { check(PriceDetector(), row) }

    static let labels: [(String, ItemLabel?)] = [
        ("TOTAL 9.00", .total), ("GRAND TOTAL $9.00", .total), ("AMOUNT DUE 9.00", .total), ("BALANCE DUE 9.00", .total),
        ("Summe EUR 9,00", .total), ("Gesamtbetrag 9,00 €", .total), ("Total TTC 9,00 €", .total), ("合計 ¥900", .total),
        ("합계 ₩9,000", .total), ("받 은 금액 5,000원", .cash), ("거 스 름 돈 2,900원", .change), ("받은 금액 5,000원", .cash),
        ("Total incl. VAT £9.00", .total), ("合計(税込) ¥900", .total),
        ("SUBTOTAL 8.00", .subtotal), ("Sub-total 8.00", .subtotal), ("Zwischensumme 8,00", .subtotal),
        ("Zwischentotal CHF 3'839.90", .subtotal), ("Total exkl. MwSt. CHF 100.00", .subtotal),
        ("价税合计 ¥689.30", .total), ("공급가액 420,000원", .subtotal), ("청구금액 462,000원", .total),
        ("小計 ¥800", .subtotal), ("Total HT 8,00 €", .subtotal),
        ("TAX 1.00", .tax), ("VAT 20% 1.50", .tax), ("GST $0.90", .tax), ("MwSt 19% 1,60", .tax), ("TVA 1,50 €", .tax),
        ("IVA 21% 2,10", .tax), ("消費税 ¥80", .tax), ("Total Tax 1.00", .tax),
        ("TIP 2.00", .tip), ("Trinkgeld 2,00", .tip), ("Propina 2,00 €", .tip),
        ("DISCOUNT -2.00", .discount), ("Rabatt 2,00-", .discount), ("TOTAL SAVINGS 2.00", .discount),
        ("CASH 20.00", .cash), ("Bar 20,00", .cash), ("お預り ¥1,000", .cash), ("Efectivo 20,00 €", .cash),
        ("CHANGE 11.00", .change), ("Rückgeld 11,00", .change), ("お釣り ¥100", .change), ("Cambio 1,00 €", .change),
        ("Milk 2.49", nil), ("Chocolate Bar 1.29", nil), ("Taxi fare $12.00", nil), ("Small change purse $4.00", nil),
    ]

    @Test(arguments: labels) func labelsFromLineWording(_ line: String, _ label: ItemLabel?) {
        let found = PriceDetector().detect(in: line, context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.count == 1)
        #expect(found.first?.label == label)
    }

    @Test func anEarlierPlainSumBeforeTheFinalAmountIsTheSubtotal() {
        let receipt = """
            Butter 250 g 2,79 €
            Summe 23,05 €
            MwSt 19% 4,38 €
            Gesamtbetrag 27,43 €
            Bar 30,00 €
            Rückgeld 2,57 €
            """
        let found = PriceDetector().detect(in: receipt, context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(found.map(\.normalized) == ["2.79 EUR", "23.05 EUR", "4.38 EUR", "27.43 EUR", "30.00 EUR", "2.57 EUR"])
        #expect(found.map(\.label) == [nil, .subtotal, .tax, .total, .cash, .change])
    }

    @Test func equalPlainSumAndFinalAmountStillMakeTheFirstTheSubtotal() {
        let found = PriceDetector().detect(
            in: "Summe 23,05 €\nGesamtbetrag 23,05 €",
            context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(found.map(\.label) == [.subtotal, .total])
    }

    @Test func aTotalAfterTheSubtotalStaysTheTotalBeforeAnAmountDue() {
        let found = PriceDetector().detect(
            in: "Subtotal 8.00\nTax 1.00\nTotal 9.00\nAmount due 9.00",
            context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.label) == [.subtotal, .tax, nil, .total])
    }

    /// A price in running text ends the label of the amount after it: the words since it label that one alone.
    @Test(
        arguments: [
            ("Subtotal: $1,234.56, tax $98.76, total $1,333.32, due 03/15/2025.", "en", [nil, .tax, .total]),
            ("Totaal te betalen € 1.234,56 vóór 15 maart 2025; korting €0,50.", "nl", [nil, .discount]),
            ("Valor total R$ 1.234,56 em 15/03/2025; frete grátis acima de R$ 99.", "pt", [nil, nil]),
        ] as [(String, String, [ItemLabel?])])
    func aPriceInRunningTextEndsTheNextOnesLabel(_ text: String, _ language: String, _ labels: [ItemLabel?]) {
        let found = PriceDetector().detect(in: text, context: DetectionContext(region: "US", languages: [language, "en"]))
        #expect(found.map(\.label) == labels)
    }

    @Test(
        arguments: [
            ("a total of $1,249.00. The work takes about one day.", ["1249.00 USD"]),
            // The amount that ends a sentence: its words before it are prose too.
            ("He paid USD 1,200 for the laptop and another 300 dollars for repairs.", ["1200 USD", "300 USD"]),
            ("The customer finally paid the balance of $45 in cash!", ["45 USD"]),
            // A short sentence whose words before the amount are lower-case: `paid` is a verb here, no label.
            ("They paid US$ 300 and A$50 and C$ 20 and HK$1,000.", ["300 USD", "50 AUD", "20 CAD", "1000 HKD"]),
            // Sentences run into one line: a card in the one before is no payment label of this one's amount.
            (
                "Pay by card 6011225493800939 before 04/08/1975. The grant is worth 882 million dollars. Call 555-0100",
                ["882000000 USD"]
            ),
        ])
    func aPriceInRunningTextGetsNoLabel(_ text: String, _ amounts: [String]) {
        let found = PriceDetector().detect(in: text, context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.normalized) == amounts)
        #expect(found.allSatisfy { $0.label == nil })
    }

    /// Digits after a phone label are a phone number's, even on a page whose currency would price a bare amount.
    @Test func aPhoneNumberAfterItsLabelIsNoAmount() {
        let context = DetectionContext(region: "AU", languages: ["en"])
        #expect(
            PriceDetector().detect(in: "It cost 188,298 yen. Call us: +48 729 403 135", context: context).map(\.normalized) == [
                "188298 JPY"
            ])
        #expect(
            PriceDetector().detect(in: "It cost 188,298 yen. Telephone +61.472.799.285", context: context).map(\.normalized) == [
                "188298 JPY"
            ])
        #expect(PriceDetector().detect(in: "Tel 03-1234 5678 Total 12.50", context: context).map(\.normalized) == ["12.50"])
    }

    /// A receipt's lines end with a full stop too, with few words before the amount.
    @Test func aReceiptLineWithAFullStopKeepsItsLabel() {
        let found = PriceDetector().detect(
            in: "Subtotal $8.00\nTax $1.00\nTotal amount due $9.00 today.", context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.label) == [.subtotal, .tax, .total])
    }

    @Test func onlyTheReceiptTotalKeepsTheTotalLabel() {
        let receipt = """
            TOTAL 3 ITEMS 7.50
            SUBTOTAL 8.00
            TAX 1.00
            TOTAL 9.00
            VISA TOTAL 9.00
            CASH 20.00
            CHANGE 11.00
            """
        let found = PriceDetector().detect(in: receipt, context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.normalized) == ["7.50", "8.00", "1.00", "9.00", "9.00", "20.00", "11.00"])
        // The total is the `TOTAL` line; the card slip's `VISA TOTAL` is its payment.
        #expect(found.map(\.label) == [nil, .subtotal, .tax, .total, nil, .cash, .change])
    }
}

extension PriceDetectorTests {
    /// `RON95` on a fuel receipt is the petrol's octane rating, not 95 Romanian lei (which it stays in Romania).
    @Test func anOctaneRatingIsNoAmount() {
        let context = DetectionContext(region: "MY", languages: ["en"], regionIsExplicit: true)
        let found = PriceDetector().detect(in: "Diesel & Petrol RON95\nPetrol RON 97\nTotal RM 88.17", context: context)
        #expect(found.map(\.normalized) == ["88.17 MYR"])
        let romania = PriceDetector().detect(
            in: "Total RON 95", context: DetectionContext(region: "RO", languages: ["ro"], regionIsExplicit: true))
        #expect(romania.map(\.normalized) == ["95 RON"])
    }
}

extension PriceDetectorTests {
    /// A Chilean or Colombian till prints the business's tax number in its head, grouped like a peso amount: with its
    /// check digit after a dash (`76.042.014-K`) or after its label (`NIT: 890.900.608`), it is no amount.
    @Test func aTaxNumberGroupedInThousandsIsNoAmount() {
        let chile = DetectionContext(region: "CL", languages: ["es"], regionIsExplicit: true)
        let boleta = "RUT 76.042.014-K\nLECHE ENTERA 1L 1.090\nTOTAL 13.260\nVUELTO 6.740"
        #expect(PriceDetector().detect(in: boleta, context: chile).map(\.normalized) == ["1090 CLP", "13260 CLP", "6740 CLP"])
        let colombia = DetectionContext(region: "CO", languages: ["es"], regionIsExplicit: true)
        let factura = "NIT 890.900.608-9\nNIT: 890.900.608\nARROZ 1KG $ 4.850\nTOTAL A PAGAR 36.250"
        #expect(PriceDetector().detect(in: factura, context: colombia).map(\.normalized) == ["4850 COP", "36250 COP"])
        // A discount printed with its minus after it stays one.
        #expect(PriceDetector().detect(in: "DESCUENTO 700-", context: chile).map(\.normalized) == ["-700 CLP"])
    }
}

extension PriceDetectorTests {
    /// A `$` or `¥` beside another currency on a page of an explicit region is a receipt's misread glyph, unless it
    /// was written: before an amount with cents in running text, or before a scale word.
    @Test func aWrittenDollarOrYenSignIsNoMisreadGlyph() {
        let britain = DetectionContext(region: "GB", languages: ["en"], regionIsExplicit: true)
        let letter = "We paid £36.94 for the tickets. Revenue reached $28.8 million this year."
        #expect(PriceDetector().detect(in: letter, context: britain).map(\.normalized) == ["36.94 GBP", "28800000 USD"])
        let australia = DetectionContext(region: "AU", languages: ["en"], regionIsExplicit: true)
        let prose = "The tickets cost A$12.00 each. Our supplier told us the invoice came to ¥97.88 in the end."
        #expect(PriceDetector().detect(in: prose, context: australia).map(\.normalized) == ["12.00 AUD", "97.88 JPY"])
        // On a receipt's item line the lone glyph stays a misread.
        let malaysia = DetectionContext(region: "MY", languages: ["en"], regionIsExplicit: true)
        let receipt = "ITEM A 1.00 ¥ 19.90\nTOTAL RM 19.90"
        #expect(!PriceDetector().detect(in: receipt, context: malaysia).map(\.normalized).contains { $0.hasSuffix("JPY") })
    }
}

extension PriceDetectorTests {
    /// `PEN`, `RUB` and `TRY` are currencies' codes and English words: on a stationery receipt `BLUE PEN 2.50` is a pen
    /// at 2.50 and `8 PEN` eight pens. With an explicit region of another currency the word is read; in Peru, or after
    /// an amount with cents, the currency.
    @Test func aCodeThatIsAWordIsTheWordWhereTheRegionPaysInAnother() {
        let malaysia = DetectionContext(region: "MY", languages: ["en"], regionIsExplicit: true)
        let receipt = "BLUE PEN 2.50\n8 PEN\nDRY RUB 4.50\nTOTAL RM 7.00"
        #expect(PriceDetector().detect(in: receipt, context: malaysia).map(\.normalized) == ["2.50 MYR", "4.50 MYR", "7.00 MYR"])
        #expect(PriceDetector().detect(in: "Fee 25.00 PEN", context: malaysia).map(\.normalized) == ["25.00 PEN"])
        let peru = DetectionContext(region: "PE", languages: ["es"], regionIsExplicit: true)
        #expect(PriceDetector().detect(in: "TOTAL PEN 125.50", context: peru).map(\.normalized) == ["125.50 PEN"])
    }
}
