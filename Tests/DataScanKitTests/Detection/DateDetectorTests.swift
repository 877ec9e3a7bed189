import Testing

@testable import DataScanDetection
@testable import DataScanModel

@Suite struct DateDetectorTests {
    static let positives: [DetectionCase] = [
        .init("Date: 03/15/2024", ["2024-03-15"]),
        .init("3/5/24", ["2024-03-05"]),
        .init("03/05/2024", ["2024-03-05"]),
        .init("03/05/2024", ["2024-05-03"], region: "GB"),
        .init("15.03.2024", ["2024-03-15"], region: "DE", languages: ["de"]),
        .init("15.03.24 14:32", ["2024-03-15T14:32"], region: "DE", languages: ["de"]),
        .init("15/03/2024 14:32", ["2024-03-15T14:32"], region: "FR", languages: ["fr"]),
        .init("15/03/2024", ["2024-03-15"], region: "US"),  // unambiguous: 15 cannot be a month
        .init("2024-03-15", ["2024-03-15"], region: "DE"),
        .init("2024-03-15T14:32:05", ["2024-03-15T14:32:05"]),
        .init("2024/03/15(金) 14:32", ["2024-03-15T14:32"], region: "JP", languages: ["ja"]),
        .init("2024年10月15日 08時34分", ["2024-10-15T08:34"], region: "JP", languages: ["ja"]),
        .init("The meeting is on March 5, 2024 at 3 pm.", ["2024-03-05T15:00"]),
        .init("on the 5th of March 2024", ["2024-03-05"]),
        .init("March 5, 2024 at 13 pm", ["2024-03-05"]),
        .init("Lieferung 05.03.2024 2 am Lager", ["2024-03-05"], region: "DE", languages: ["de"]),
        .init("Mar 5, 2024 3pm", ["2024-03-05T15:00"]),
        .init("2021/02/13 12時33分05秒", ["2021-02-13T12:33:05"], region: "JP", languages: ["ja"]),
        .init("2024년 3월 15일 14시 32분", ["2024-03-15T14:32"], region: "KR", languages: ["ko"]),
        .init("2024年10月15日 25時34分", ["2024-10-15"], region: "JP", languages: ["ja"]),
        .init("24/03/15", ["2024-03-15"], region: "JP", languages: ["ja"]),
        .init("2024年3月15日", ["2024-03-15"], region: "JP", languages: ["ja"]),
        .init("受付日 ２０２４年３月１４日", ["2024-03-14"], region: "JP", languages: ["ja"]),
        .init("日付：２０２４／０３／１４", ["2024-03-14"], region: "JP", languages: ["ja"]),
        .init("2024年 3月 15日 14:05", ["2024-03-15T14:05"], region: "JP", languages: ["ja"]),
        .init("2024년 3월 15일", ["2024-03-15"], region: "KR", languages: ["ko"]),
        .init("令和6年3月15日", ["2024-03-15"], region: "JP", languages: ["ja"]),
        // The era's name a space apart, as the OCR spaces CJK print out.
        .init("令和 6年 9月14日(土) 17:42", ["2024-09-14T17:42"], region: "JP", languages: ["ja"]),
        .init("平成31年4月30日", ["2019-04-30"], region: "JP", languages: ["ja"]),
        // The year's last two digits after an apostrophe a space away, and a card terminal's day, month and year glued.
        .init("Mar 15 '24 2:32PM", ["2024-03-15T14:32"], region: "US"),
        .init("15 Mar '24", ["2024-03-15"], region: "GB"),
        .init("DATE: 15MAR24 14:32", ["2024-03-15T14:32"], region: "US"),
        .init("15MAR2024", ["2024-03-15"], region: "GB"),
        // Thailand's Buddhist era, four digits or two (a Thai till's `24` is still 2024), and Taiwan's Minguo years.
        .init("15/03/2567 14:32", ["2024-03-15T14:32"], region: "TH", languages: ["th"]),
        .init("15/03/67 14:32", ["2024-03-15T14:32"], region: "TH", languages: ["th"]),
        .init("15/03/24 14:32", ["2024-03-15T14:32"], region: "TH", languages: ["th"]),
        .init("113/03/15 14:32", ["2024-03-15T14:32"], region: "TW", languages: ["zh-Hant"]),
        .init("113.3.5", ["2024-03-05"], region: "TW", languages: ["zh-Hant"]),
        .init("民國113年3月15日", ["2024-03-15"], region: "TW", languages: ["zh-Hant"]),
        .init("15 March 2024", ["2024-03-15"], region: "GB"),
        .init("Mar 15, 2024", ["2024-03-15"]),
        .init("March 15th 2024 at 2:30 PM", ["2024-03-15T14:30"]),
        .init("15. März 2024", ["2024-03-15"], region: "DE", languages: ["de"]),
        .init("Zahlbar bis 31. Marz 2024.", ["2024-03-31"], region: "DE", languages: ["de"]),  // the umlaut lost
        // `1er` with its 1 read as a letter.
        .init("ler octobre 2024", ["2024-10-01"], region: "FR", languages: ["fr"]),
        // A time glued to a year-first date's day.
        .init("2019-05-1411時33分 8/8472", ["2019-05-14T11:33"], region: "JP", languages: ["ja"]),
        .init("2019/05/1411:33", ["2019-05-14T11:33"], region: "JP", languages: ["ja"]),
        .init("15 mars 2024", ["2024-03-15"], region: "FR", languages: ["fr"]),
        .init("1er août 2024", ["2024-08-01"], region: "FR", languages: ["fr"]),
        .init("15 de marzo de 2024", ["2024-03-15"], region: "ES", languages: ["es"]),
        .init("15 marzo 2024", ["2024-03-15"], region: "IT", languages: ["it"]),
        .init("15 de março de 2024", ["2024-03-15"], region: "PT", languages: ["pt"]),
        .init("15 maart 2024", ["2024-03-15"], region: "NL", languages: ["nl"]),
        .init("15-Mar-24", ["2024-03-15"], region: "GB"),
        .init("29/02/2024", ["2024-02-29"], region: "FR"),
        .init("Datum: 01.12.2023 Uhrzeit", ["2023-12-01"], region: "DE"),
        .init("12-25-2023 11:05 am", ["2023-12-25T11:05"]),
        .init("Dec. 1, 2023", ["2023-12-01"]),
        .init("15/03/2024 09:15:00", ["2024-03-15T09:15:00"], region: "ES"),
        .init("from 01/02/2024 to 03/02/2024", ["2024-02-01", "2024-02-03"], region: "GB"),
        .init("Datum 5. Dez. 2023", ["2023-12-05"], region: "DE"),
        .init("15/03/2024 14h32", ["2024-03-15T14:32"], region: "FR", languages: ["fr"]),
        // Languages that write the day first: their genitive months, and Hungarian's year first.
        .init("Дата: 15 марта 2024 г.", ["2024-03-15"], region: "RU", languages: ["ru"]),
        .init("Київ, 24 серпня 2023 р.", ["2023-08-24"], region: "UA", languages: ["uk"]),
        .init("София, 1 ДЕКЕМВРИ 2023", ["2023-12-01"], region: "BG", languages: ["bg"]),
        .init("Warszawa, 12 października 2024 r.", ["2024-10-12"], region: "PL", languages: ["pl"]),
        .init("Warszawa, 3 wrzesnia 2024", ["2024-09-03"], region: "PL", languages: ["pl"]),
        .init("V Praze dne 5. října 2023", ["2023-10-05"], region: "CZ", languages: ["cs"]),
        .init("Budapest, 2024. március 15.", ["2024-03-15"], region: "HU", languages: ["hu"]),
        .init("Kelt: 2023. szept. 3.", ["2023-09-03"], region: "HU", languages: ["hu"]),
        .init("12 Ağustos 2023", ["2023-08-12"], region: "TR", languages: ["tr"]),
        .init("Αθήνα, 5 Μαΐου 2024", ["2024-05-05"], region: "GR", languages: ["el"]),
        .init("Stockholm den 3 augusti 2024", ["2024-08-03"], region: "SE", languages: ["sv"]),
        // A Swedish till's two-digit year first, as the country writes dates big-endian (`2023-12-01`).
        .init("23-12-01 16:24:00 49404", ["2023-12-01T16:24:00"], region: "SE", languages: ["sv"]),
        .init("Öppet köp till 24-02-04", ["2024-02-04"], region: "SE", languages: ["sv"]),
        .init("Helsinki 15. tammikuuta 2024", ["2024-01-15"], region: "FI", languages: ["fi"]),
        .init("București, 1 decembrie 2023", ["2023-12-01"], region: "RO", languages: ["ro"]),
        .init("TSE-Start 2024-03-15T14:32:05.000Z", ["2024-03-15T14:32:05"], region: "DE"),
        .init("Mar 18, 2024 6:47 PM", ["2024-03-18T18:47"]),
        .init("March 15, 2024", ["2024-03-15"]),
        .init("2024.03.15", ["2024-03-15"], region: "KR", languages: ["ko"]),
        .init("03/04/2024", ["2024-04-03"], region: "DE", languages: ["de"]),
        .init("Fecha: 15/03/24", ["2024-03-15"], region: "ES", languages: ["es"]),
        .init("Data: 15/03/2024", ["2024-03-15"], region: "IT", languages: ["it"]),
        .init("Data 15/03/2024 ore 20:30", ["2024-03-15T20:30"], region: "IT", languages: ["it"]),
        .init("Datum: 15.03.2024 Uhrzeit: 14:32:05", ["2024-03-15T14:32:05"], region: "DE", languages: ["de"]),
        .init("15.03.2024 kl. 14:30", ["2024-03-15T14:30"], region: "DK", languages: ["da"]),
        // The time in its own column, and French `à` as capitals print it.
        .init("14.01.2022      19:39", ["2022-01-14T19:39"], region: "DE", languages: ["de"]),
        .init("Datum: 14.01.2022  Uhrzeit:  19:39", ["2022-01-14T19:39"], region: "DE", languages: ["de"]),
        // The label's colon glued to the time.
        .init("Date:19.03.24 Time:14:22", ["2024-03-19T14:22"], region: "DE"),
        .init("Ihre Bestellung v. 12.03.24", ["2024-03-12"], region: "DE"),
        .init("15.03.24-10:22 2.0.11 1234/KASIR1/01", ["2024-03-15T10:22"], region: "ID"),
        .init("15/03/24-10:22", ["2024-03-15T10:22"], region: "ID"),
        .init("Datum: 2.5.12", ["2012-05-02"], region: "DE"),
        .init("DATE: 19/03/24 TIME:14:22", ["2024-03-19T14:22"], region: "GB"),
        // The time's label in other languages, its colon spaced or not there.
        .init("TARIH : 21.03.2024   SAAT : 15:27", ["2024-03-21T15:27"], region: "TR", languages: ["tr"]),
        .init("ΗΜ/ΝΙΑ 05/06/2024 ΩΡΑ 10:44", ["2024-06-05T10:44"], region: "GR", languages: ["el"]),
        .init("Data 12.03.2024 godz. 18:05", ["2024-03-12T18:05"], region: "PL", languages: ["pl"]),
        .init("Dato 03.11.2024 Kl 17:31", ["2024-11-03T17:31"], region: "NO", languages: ["no"]),
        // A time written with a point, where the page's language writes it so.
        .init("23.08.2023 16.42", ["2023-08-23T16:42"], region: "FI", languages: ["fi"]),
        .init("15.03.2024 kl. 14.30", ["2024-03-15T14:30"], region: "DK", languages: ["da"]),
        .init("23.08.2023 16.42", ["2023-08-23"], region: "DE", languages: ["de"]),
        .init("23.08.2023 16.42 €", ["2023-08-23"], region: "FI", languages: ["fi"]),
        .init("LE 02/05/2023 A 11H32", ["2023-05-02T11:32"], region: "FR", languages: ["fr"]),
        // Japanese eras by their initial, and two-digit years before 年.
        .init("R6年3月14日 15:22", ["2024-03-14T15:22"], region: "JP", languages: ["ja"]),
        .init("H30年12月1日", ["2018-12-01"], region: "JP", languages: ["ja"]),
        .init("日付：24年03月14日", ["2024-03-14"], region: "JP", languages: ["ja"]),
        .init("Datum 14.01.2022 Zeit 19:39:54", ["2022-01-14T19:39:54"], region: "DE", languages: ["de"]),
        .init("12/03/2024 @ 08:15", ["2024-03-12T08:15"], region: "GB"),
        .init("12-03-2024 | 08:15", ["2024-03-12T08:15"], region: "NL", languages: ["nl"]),
        .init("12/03/2024 (Tue) 08:15", ["2024-03-12T08:15"], region: "MY"),
        // Nine spaces: another column's time, not the date's.
        .init("15/03/2024         14:32", ["2024-03-15"], region: "FR", languages: ["fr"]),
        // French hours spaced or without minutes, after `à` or a comma.
        .init("le 4 mars 2024 à 10 h 30", ["2024-03-04T10:30"], region: "FR", languages: ["fr"]),
        .init("le 4 mars 2024, 10h", ["2024-03-04T10:00"], region: "FR", languages: ["fr"]),
        .init("le 4 mars 2024 10 h de route", ["2024-03-04"], region: "FR", languages: ["fr"]),
        // A range of days in one month: both dates.
        .init("Shipping between March 3–7, 2024.", ["2024-03-03", "2024-03-07"]),
        .init("Festival 3–7 March 2024", ["2024-03-03", "2024-03-07"], region: "GB"),
        .init("vom 3.–7. März 2024", ["2024-03-03", "2024-03-07"], region: "DE", languages: ["de"]),
        .init("March 7–3, 2024", []),
        // Malay and Indonesian months.
        .init("Tarikh: 15 MAC 2018", ["2018-03-15"], region: "MY", languages: ["ms"]),
        .init("Tanggal 17 Agustus 2024", ["2024-08-17"], region: "ID", languages: ["id"]),
        .init("3 Ogos 2017, 25 Disember 2019", ["2017-08-03", "2019-12-25"], region: "MY", languages: ["ms"]),
    ]

    static let negatives: [DetectionCase] = [
        .init("14:32", []),
        .init("AR6年3月14日", [], region: "JP", languages: ["ja"]),
        .init("SKU 15MAR24X", [], region: "GB"),
        .init("AB15MAR24", [], region: "GB"),
        // A Minguo date only on a Taiwanese page; a two-digit year decades ahead only in Thailand.
        .init("113/03/15", [], region: "US"),
        .init("15/03/67", [], region: "GB"),
        .init("12:30:45", []),
        .init("31/02/2024", [], region: "FR"),
        .init("29/02/2023", [], region: "FR"),
        .init("13/13/2024", []),
        .init("(650) 253-0000", []),
        .init("555-123-4567", []),
        .init("+49 30 12.34.56", [], region: "DE"),
        .init("01.42.68.53.00", [], region: "FR"),
        .init("TOTAL 12.50", []),
        .init("1,234.56", []),
        .init("Version 1.2.24", []),
        .init("Account 45095404, sort code 20-10-79", [], region: "GB"),
        .init("Sort code: 20-11-11", [], region: "GB"),
        .init("Acc0unt 21685743, s0rt c0de 20-12-94", [], region: "GB"),
        .init("v2.10.24", []),
        // A till's software version in its foot.
        .init("POS V.2.5.12", [], region: "ID"),
        .init("Versi: 2.5.12", [], region: "ID"),
        .init("Versión 3.1.22", [], region: "ES"),
        .init("Rev. 4.2.19", []),
        // A word glued before a date: only a short one before a whole date (day, month, four-digit year).
        .init("ab12.03.24", [], region: "DE"),
        .init("Batch05.04.2022", [], region: "DE"),
        .init("SN05.4.2022", [], region: "DE"),
        .init("Model May08 2024", []),
        .init("SN05.04.22", [], region: "DE"),
        .init("Qty 15 .08.24", [], region: "DE"),
        .init("1/2 price", []),
        .init("ZIP 94043", []),
        .init("20240315", []),
        .init("4006381333931", []),
        .init("192.168.1.10", []),
        .init("March 2024", []),
        .init("Qty 3 x 1.99", []),
        .init("Order 2024-000123", []),
        .init("1.2.3.4", []),
        .init("19% MwSt", [], region: "DE"),
        .init("15 March", []),
        .init("EXP 03/26", []),
        .init("6年3月15日", [], region: "JP"),
        .init("2024年13月1日", [], region: "JP"),
        // Malay `Mac` comes after its day; before a number it is a computer. French `des` is no Indonesian December.
        .init("Mac 12 2019", [], region: "MY"),
        .init("Lot 10-12-2019-12-13", [], region: "GB"),
        .init("Total 08.12,07", [], region: "DE", languages: ["de"]),
        // Nor do the months of languages that write the day first: `MINI MART` is a shop, German `Sie` no Polish August.
        .init("MINI MART 15 2024", []),
        .init("Haben Sie 12 2024 gekauft", [], region: "DE", languages: ["de"]),
        .init("Celkem 15 ledna", [], region: "CZ", languages: ["cs"]),
        .init("Il a vendu 3 des 2020 modèles", [], region: "FR", languages: ["fr"]),
    ]

    @Test(arguments: positives) func findsDates(_ row: DetectionCase) { check(DateDetector(), row) }
    @Test(arguments: negatives) func leavesOtherNumbersAlone(_ row: DetectionCase) { check(DateDetector(), row) }

    @Test func dateRangeCoversTheTimeBesideIt() {
        let text = "Datum 15.03.2024 14:32 Kasse 3"
        let found = DateDetector().detect(in: text, context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(found.map(\.value) == ["15.03.2024 14:32"])
        #expect(found.map(\.range) == [6..<22])
    }

    @Test(arguments: [
        ("US", DateDetector.NumericOrder.monthFirst), ("DE", .dayFirst), ("GB", .dayFirst),
        ("JP", .yearFirst), ("HU", .yearFirst), ("us", .monthFirst),
    ])
    func regionDecidesAmbiguousOrder(_ region: String, _ order: DateDetector.NumericOrder) {
        #expect(DateDetector.NumericOrder(region: region) == order)
    }

    /// Dates as the OCR reads them off receipts.
    static let ocrDamaged: [DetectionCase] = [
        .init("Dater11/03/18", ["2018-03-11"], region: "MY"),
        .init("Date: 21/05/2018Time: 11:12:56AM", ["2018-05-21"], region: "MY"),
        .init("Inv No :6KI30785499 Date:D2/O2/17 19346", ["2017-02-02"], region: "MY"),
        .init("DATE: O23 /06/2017", ["2017-06-23"], region: "MY"),
        .init("25032018 13:11:54", ["2018-03-25T13:11:54"], region: "MY"),
        .init("Date 20180428", ["2018-04-28"], region: "MY"),
        .init("Chk 263370 24 MAR 18 12:01", ["2018-03-24T12:01"], region: "MY"),
        .init("CB# : 83679570476 15/Apr/2017 04:56:46", ["2017-04-15T04:56:46"], region: "MY"),
        .init("02/JAN/2017", ["2017-01-02"], region: "MY"),
        .init("04:54 pm,27 March,2018", ["2018-03-27"], region: "MY"),
        .init("Date; 0ct 3. 2016 12:16:25 PM", ["2016-10-03T12:16:25"], region: "MY"),
        .init("N0V 5, 2019", ["2019-11-05"], region: "US"),
        // PP-OCR writes a date and its time without spaces.
        .init("Order No. 1000219 11/03/201806:20 PM", ["2018-03-11T18:20"], region: "MY"),
        .init("Date 02/02/20177:31:08 PM A3", ["2017-02-02T19:31:08"], region: "MY"),
        .init("RECEIPT N0.[00522899] 19/01/1710:48", ["2017-01-19T10:48"], region: "MY"),
        .init("22/11/2014:03:00 7/1419", ["2020-11-22T14:03:00"], region: "BR", languages: ["pt"]),
        // …and to a time's minutes alone, or a French one (`06/10/20 17:31`, `25/04/19 14h36`); where the minutes run
        // on into the next token, the date without its time.
        .init("06/10/2017:31 6138", ["2020-10-06T17:31"], region: "FR", languages: ["fr"]),
        .init("29.10.1920:438005/1 833", ["2019-10-29"], region: "DE", languages: ["de"]),
        .init("25/04/1914h364/7773", ["2019-04-25"], region: "FR", languages: ["fr"]),
        .init("06-04-202408:410/8525", ["2024-04-06"], region: "GB"),
        // …and where the glued time's minutes are misread past 59 (`16:88` for 16:08): the date alone.
        .init("23/02/202316:88:009/1770", ["2023-02-23"], region: "GB"),
        .init("20/10/2008:58:008/5359", ["2020-10-20"], region: "FR", languages: ["fr"]),
        .init("VISA 99.94 2021-01-3120:358/7136", ["2021-01-31"], region: "CA"),
        // A dot for the space before the time; a short word glued before a whole date.
        .init("11/02/2020.19:58:00 5/5864", ["2020-02-11T19:58:00"], region: "FR", languages: ["fr"]),
        .init("D : 22.02.2022.14:12", ["2022-02-22T14:12"], region: "DE", languages: ["de"]),
        .init("Le05.04.2022 08:17:00", ["2022-04-05T08:17:00"], region: "FR", languages: ["fr"]),
        // The dot a Hungarian, Croatian or Serbian date ends with before its time, and glued to it (its space lost).
        .init("2022.11.02. 09:29:00 #1625", ["2022-11-02T09:29:00"], region: "HU", languages: ["hu"]),
        .init("2022.11.02.09:29:00 #1625", ["2022-11-02T09:29:00"], region: "HU", languages: ["hu"]),
        .init("Datum: 15.03.2024. 14:22", ["2024-03-15T14:22"], region: "HR", languages: ["hr"]),
        .init("Rok 12.03.2024. 5 kom", ["2024-03-12"], region: "HR", languages: ["hr"]),
        // After a label whose last letters the OCR read as digits and its colon (`Emissão:` as `Emss50:`): a whole date.
        .init("Emss50:23-12-202015:47:00", ["2020-12-23T15:47:00"], region: "BR", languages: ["pt"]),
        .init("Datu1:05.03.2024 09:12", ["2024-03-05T09:12"], region: "DE", languages: ["de"]),
        // A label a till's column puts far from its damaged date.
        .init("Datum:                   22.O5.2024", ["2024-05-22"], region: "DE", languages: ["de"]),
        // No label, but a time after it: a till's date with its digits read as letters, the Hungarian one's dot kept.
        .init("Tg1. O5-11-2024 14:27:33 V.2024.4.0", ["2024-11-05T14:27:33"], region: "ID", languages: ["id"]),
        .init("03.O8.2024 17:55  Mag.2741", ["2024-08-03T17:55"], region: "CH", languages: ["fr"]),
        .init("2O24.04.19. 17:05", ["2024-04-19T17:05"], region: "HU", languages: ["hu"]),
        .init("08.O5.2024            10:14:32", ["2024-05-08"], region: "AT", languages: ["de"]),
        .init("O3/O2/2O19 O7:48 Trn:2817", ["2019-02-03"], region: "SG"),
        // No label and no time, but a year of four digits, which no other number ends in.
        .init("Le 3l/03/2024", ["2024-03-31"], region: "FR", languages: ["fr"]),
        .init("Ref O5-11-2024 B", ["2024-11-05"], region: "ID", languages: ["id"]),
        // …and glued to its time.
        .init("2O19-O7-2621:14 #0042", ["2019-07-26T21:14"], region: "MY"),
        .init("Date:26/O7/2O1921:14", ["2019-07-26T21:14"], region: "MY"),
        // A month's name with a letter the OCR reads for another (`c` as `e`, `b` as `h`), a year with its zero read as
        // an O; a count and a word stay what they are.
        .init("Date: 22 Dee 2O17 14:05", ["2017-12-22T14:05"], region: "MY"),
        .init("13 Feh 2O18", ["2018-02-13"], region: "GB"),
        .init("Dec 22, 2O17", ["2017-12-22"], region: "US"),
        .init("3 NOS 2020  12.00", [], region: "MY"),
        // A card terminal's two-digit year after the day's comma, before its time or after a date label only.
        .init("DATE: MAR 22, 24      TIME: 21:41:07", ["2024-03-22T21:41:07"], region: "TH"),
        .init("Dinner Mar 22, 24 guests", [], region: "US"),
        .init("JUN 08,24                       21:12:34", ["2024-06-08"], region: "HK"),
        // A CJK date whose year's zero the OCR read as an O.
        .init("日付 2O24年11月 3日", ["2024-11-03"], region: "JP", languages: ["ja"]),
        .init("Flat 5 Apt 2019", [], region: "GB"),
        .init("{ Le11/10/19 09:43:00 |", ["2019-10-11T09:43:00"], region: "FR", languages: ["fr"]),
        .init("15 .08.2024 09:25:00", ["2024-08-15T09:25:00"], region: "FR", languages: ["fr"]),
        // A month's name glued to the day, before a comma and the year.
        .init("DATE May08,2024 12:08", ["2024-05-08T12:08"], region: "US"),
        // …and the time glued to the year; the comma read as a dot without its space.
        .init("Mar03,202418:15", ["2024-03-03T18:15"], region: "US"),
        .init("APPROVED 52.22 Mar 03,202418:15 9/8439", ["2024-03-03T18:15"], region: "US"),
        .init("Dec19,202005:01PM9/1810", ["2020-12-19T17:01"], region: "US"),
        .init("Dec 19.202005:01 PM", ["2020-12-19T17:01"], region: "US"),
        .init("Oct 3.2016", ["2016-10-03"], region: "US"),
        // …and its colon lost as well, after a date label only: the year, then a time of day.
        .init("Date 29/12/20171141", ["2017-12-29"], region: "MY"),
        .init("Date 5/3/20182252 33", ["2018-03-05"], region: "MY"),
        .init("Tarikh:05/03/2018093215", ["2018-03-05"], region: "MY"),
        .init("05-03-1923:59:59", ["2019-03-05T23:59:59"], region: "GB"),
        // No hour 24: the four digits stay the year.
        .init("22/11/2024:03:00", ["2024-11-22"], region: "GB"),
        .init("05Mar201818:24", ["2018-03-05T18:24"], region: "MY"),
        // A time glued by a dash to a full year; the second dot read as a comma before a two-digit year and a time.
        .init("Số GD 000AB2212008002420 Ngày 09/08/2020-20:46", ["2020-08-09T20:46"], region: "VN", languages: ["vi"]),
        .init("08.12,07 16:27 37589 48 4 8500", ["2007-12-08T16:27"], region: "DE", languages: ["de"]),
        .init("09 Jun201818:23", ["2018-06-09T18:23"], region: "MY"),
        .init("24 Mar 18 09:12:41 PM", ["2018-03-24T21:12:41"], region: "MY"),
        .init("Date/Time 20180428/191204", ["2018-04-28"], region: "MY"),
        .init("Date & Time: 20180428 19:12", ["2018-04-28T19:12"], region: "MY"),
        .init("C8#:58273599475 02/Ja0/201710:49:25", ["2017-01-02T10:49:25"], region: "MY"),
        .init("15-0ct-2016", ["2016-10-15"], region: "GB"),
        // One of the two dashes read as a space: with a four-digit year only.
        .init("24 Mar-2018 03:44:22 PM", ["2018-03-24T15:44:22"], region: "MY"),
        .init("24-Mar 2018", ["2018-03-24"], region: "MY"),
        .init("24 Mar-18", [], region: "MY"),
        .init("15/Dcc/2016", ["2016-12-15"], region: "GB"),
        // An O for the 0 of the day before a month name.
        .init("O5 Mar 2018 18:24", ["2018-03-05T18:24"], region: "MY"),
        .init("1O March 2018", ["2018-03-10"], region: "GB"),
        // Restaurant tills: the month, the day and the year after an apostrophe; the day's digits read as letters.
        .init("Chk 1527 Dec27'16 08:46PM", ["2016-12-27T20:46"], region: "US"),
        .init("Oct.10'15 (Sat) 11:01", ["2015-10-10T11:01"], region: "US"),
        .init("JUNOS'11 10:16AM", ["2011-06-05T10:16"], region: "US"),
        .init("Mar 3'22", ["2022-03-03"], region: "US"),
        // The day first, and the apostrophe as the OCR reads it (an acute accent, a backtick).
        .init("27Dec´16 17:58", ["2016-12-27T17:58"], region: "GB"),
        .init("5 JUN`11", ["2011-06-05"], region: "US"),
        // The year first and the month by name (a Belgian till's ISO date).
        .init("2026-sep-29 12:58", ["2026-09-29T12:58"], region: "BE", languages: ["nl", "fr"]),
        .init("2019 March 3", ["2019-03-03"], region: "GB"),
        .init("SUN NOVEMBER 17,2013", ["2013-11-17"], region: "US"),
        // A PDF's text with a space before the comma; a two-digit year after a date label.
        .init("Invoice Date: August 3 , 2014", ["2014-08-03"], region: "US"),
        .init("To: iViveLabs Ltd   Order date: 28 Jan 15", ["2015-01-28"], region: "AU"),
        // A 24-hour clock with its marker too; a dotted date with the OCR's spaces.
        .init("10 Mar 19 14:01 PM", ["2019-03-10T14:01"], region: "ES", languages: ["es"]),
        .init("Kundenbeleg 14. 03. 2026", ["2026-03-14"], region: "DE", languages: ["de"]),
        .init("Rech.Nr. 4572 30.07. 2007/ 13:29:17", ["2007-07-30"], region: "CH", languages: ["de"]),
        .init("Rechnung Nr.11-3521 18:53:16 12.09,2021", ["2021-09-12"], region: "CH", languages: ["de"]),
    ]

    /// What must not become a date: an implausible year, digit runs without a time or a label, a word before.
    static let ocrNegatives: [DetectionCase] = [
        .init("Date: 30/09/2617", [], region: "MY"),
        // A time's hour before the colon, or a label's digits before a date that is not whole: no date.
        .init("at 10:23-12-2020", [], region: "GB"),
        .init("Emss50:23-12-20 15:47", [], region: "BR", languages: ["pt"]),
        // Letters for digits without a label or a time after them, nor a year of four digits: no date (`l2.O5.2O 1O` is
        // no till's).
        .init("Ref O5-11-24 B", [], region: "ID", languages: ["id"]),
        .init("2S/0l/2Ol8 l:22:S6PM", [], region: "MY"),
        .init("l2.O5.2O 1O", [], region: "DE", languages: ["de"]),
        .init("Lot A1:12/05/2024", [], region: "GB"),
        .init("2048-03-14", [], region: "MY"),
        .init("Invoice 25032018", [], region: "MY"),
        .init("Update11/03/18", [], region: "MY"),
        .init("Order O23 /06/2017", [], region: "MY"),
        .init("TO5 Mar 2018", [], region: "MY"),
        .init("OO Mar 2018", [], region: "MY"),
        .init("24 MAR 1800 units", [], region: "MY"),
        .init("Version 3. 2016", [], region: "US"),
        // Five digits after a month's day are no year glued to a time without the time's colon and minutes.
        .init("Mar 03,20241", [], region: "US"),
        .init("Mar 3.20", [], region: "US"),
        .init("0ctopus 3. 2016", [], region: "US"),
        .init("Mar 2.5 2016", [], region: "US"),
        .init("Invoice 10, 2018", [], region: "US"),
        .init("SKU12Mar2018", [], region: "MY"),
        .init("Order 201806:20", [], region: "MY"),
        .init("Ref 29/12/20171141", [], region: "MY"),
        .init("Date 29/12/20171171", [], region: "MY"),
        .init("1 May 18 units", [], region: "MY"),
        .init("Date 1 May 18:30", [], region: "MY"),
        .init("Update 28 Jan 15", [], region: "AU"),
        .init("August 3 ,2014", [], region: "US"),
        .init("Batch Mar2018", [], region: "MY"),
        .init("Item 12Dec'99x", [], region: "GB"),
        .init("Item 2026-Sep-29x", [], region: "GB"),
        .init("Order 12026-Sep-29", [], region: "GB"),
        .init("2026-sep 29", [], region: "GB"),
        .init("Artikel 12.50. 2007 Stk", [], region: "DE", languages: ["de"]),
        .init("Ref 30.07. 207", [], region: "DE", languages: ["de"]),
        .init("Lifetime 20180428/191204", [], region: "MY"),
        .init("Time 20180428/191204", [], region: "MY"),
        .init("02/Ju1/2017", [], region: "MY"),
        .init("02/Ja/2017", [], region: "MY"),
        .init("02/X90/2017", [], region: "MY"),
        .init("02/Jan-2017", ["2017-01-02"], region: "MY"),
        .init("SKU 12/AB3/2017", [], region: "MY"),
        .init("MAYBE'11", [], region: "US"),
        .init("May 17,12345", [], region: "US"),
        .init("Rock'n'roll Jan'20", [], region: "US"),
        .init("Preis 1. 50. 2026", [], region: "DE", languages: ["de"]),
        .init("Seite 5. 12. 26", [], region: "DE", languages: ["de"]),
        .init("Summe 12.09,20", [], region: "DE", languages: ["de"]),
        .init("1.234,2021", [], region: "DE", languages: ["de"]),
        .init("Open 10:00 AM - 22:00 AM", [], region: "US"),
    ]

    @Test(arguments: ocrDamaged) func readsDatesTheOCRDamaged(_ row: DetectionCase) { check(DateDetector(), row) }
    @Test(arguments: ocrNegatives) func leavesDamagedNonDatesAlone(_ row: DetectionCase) { check(DateDetector(), row) }

    @Test func theReceiptsOwnDateIsLabelledTransaction() {
        let text = "Member since 01/02/2015\nDate: 03/04/2018 10:20\nTOTAL 12.00\nValid until 31/12/2019"
        let found = DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: "GB", languages: ["en"]))
            .detect(in: text)
        let dates = found.filter { $0.type == .dateTimeDuration }
        #expect(dates.map(\.normalized) == ["2015-02-01", "2018-04-03T10:20", "2019-12-31"])
        #expect(dates.map(\.label) == [nil, .transaction, nil])
        // Not a receipt (no price with a receipt label): no date is labelled.
        let letter = DataDetector(types: [.dateTimeDuration], context: DetectionContext(region: "GB", languages: ["en"])).detect(in: text)
        #expect(letter.allSatisfy { $0.label == nil })
    }

    /// Invoice dates and due dates in other languages: the invoice's date is the one marked.
    @Test(
        arguments: [
            ("お支払期限 2024年3月28日\n請求日 2024年3月14日\n合計 ¥70,897", "JP", "ja", "2024-03-14"),
            ("Zahlbar bis 28.03.2024, fällig am 30.03.2024\nRechnungsdatum 14.03.2024\nGesamtbetrag 766,98 €", "DE", "de", "2024-03-14"),
            // Labels in capitals, with letters outside ASCII.
            ("RECHNUNG VOM 14.03.2024\nFÄLLIG AM 30.03.2024\nGESAMTBETRAG 766,98 €", "DE", "de", "2024-03-14"),
            ("ÉCHÉANCE 28/03/2024\nTOTAL TTC 773,42 €\n14/03/2024", "FR", "fr", "2024-03-14"),
            ("Échéance 28/03/2024\nFacture du 14/03/2024\nTotal TTC 773,42 €", "FR", "fr", "2024-03-14"),
            ("Valid until 31/12/2019\nMember since 01/02/2015\nTOTAL 12.00", "GB", "en", nil),
            // A pharmacy's prescription date, after the sale's; a transaction's `TRX DATE` stays the sale's.
            ("SI No.: 01-0036621   09/21/2024\nTOTAL 1,284.50\nRx Date: 09/12/2024", "PH", "en", "2024-09-21"),
            ("Printed 09/21/2024\nTOTAL 1,284.50\nTRX DATE: 09/12/2024", "PH", "en", "2024-09-12"),
            // A return policy's or a coupon's date, in several languages.
            ("RETURN BY 03/19/2024\nTOTAL 12.00\n02/19/2024", "US", "en", "2024-02-19"),
            ("Geldig t/m 31-03-2023\nTOTAAL 12,00\n31-01-2023", "NL", "nl", "2023-01-31"),
            ("Valable jusqu'au 30/04/2019\nTOTAL 12,00\n27/04/2019", "FR", "fr", "2019-04-27"),
            ("Válido hasta 30/04/2019\nTOTAL 12,00\n27/04/2019", "ES", "es", "2019-04-27"),
            ("Trocas ate 23/04/2020\nVALOR TOTAL R$39,25\n23/02/2020", "BR", "pt", "2020-02-23"),
            ("Trocasate 11-03-2024\nTOTAL R$43,18\n12-02-2024", "BR", "pt", "2024-02-12"),
            ("Pagar até 30/04/2019\nTOTAL R$12,00\n27/04/2019", "BR", "pt", "2019-04-27"),
            ("22/01/2024\nTOTAL $1,250.00\nFacture en línea a más tardar el 31/01/2024", "MX", "es", "2024-01-22"),
            ("2025-11-14 nr wydr.002731\nSUMA PLN 84,97\nZwrot towaru do 2025-11-21", "PL", "pl", "2025-11-14"),
            // (`do` in Portuguese is `of the`: the document's date after it is its own.)
            ("Data do documento: 12/03/2024\nTOTAL 45,00 €", "PT", "pt", "2024-03-12"),
            // A deadline after `by`, whatever else its line names (`receipt`): the head's date and time are the sale's.
            (
                "03/14/2024 06:42 PM\nTOTAL $42.40\nMost items can be returned\nwith receipt by 06/12/2024.", "US", "en",
                "2024-03-14T18:42"
            ),
            // (But `ate` alone is as often `Date` with its D lost: `Doc No : 1207 ate 20/04/2018`.)
            ("Doc No : 0001207 ate 20/04/2018\nTOTAL 12.00\nValid until 31/12/2018", "MY", "en", "2018-04-20"),
            // A label naming the invoice outranks an order's date; a payment deadline is a due date.
            ("Order Date: 15-10-2015\nInvoice Date: 20-10-2015\nTOTAL 319.00", "IN", "en", "2015-10-20"),
            ("Order Date: 15-10-2015\nTOTAL 319.00", "IN", "en", "2015-10-15"),
            (
                "Facture n°562044387 du 02 Juillet 2015\nDate limite de paiement le 05 Juillet 2015\nTotal TTC 29,99 €", "FR", "fr",
                "2015-07-02"
            ),
            ("Jun 16, 2024\nTotal $13,750.46\nPlease pay by June 30, 2024.", "US", "en", "2024-06-16"),
            ("Paris, le 15 juillet 2025\nTotal TTC 4 331,15 €\nÀ régler avant le 14 août 2025.", "FR", "fr", "2025-07-15"),
            // The sale's date twice (the till's head and the card slip), its time misread: the first is marked.
            ("13/06/2020 @9h42 #5353\nTotal TTC 16,98\nCB 16,98\n13/06/2020 @9h42\nMONTANT 16,98", "FR", "fr", "2020-06-13"),
        ] as [(String, String, String, String?)])
    func theInvoiceDateIsMarkedNotTheDueDate(_ text: String, _ region: String, _ language: String, _ marked: String?) {
        let found = DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: region, languages: [language]))
            .detect(in: text)
        #expect(found.filter { $0.label == .transaction }.map(\.normalized) == (marked.map { [$0] } ?? []), "\(text)")
    }

    /// A receipt whose total and tax lines the OCR lost still has its date marked when the page prints a column of
    /// prices and the date is printed with a time; a date without one is not (a letter's prices stand beside its
    /// dated heading), nor is one beside a price or two.
    @Test(
        arguments: [
            ("Coles\n22 Jan 2019 13:55:00\nTOMATOES 1.89\nSAUSAGES 12.99\nAPPLES 3.99", "2019-01-22T13:55:00"),
            ("Coles\nDate: 22/01/2019\nTOMATOES 1.89\nSAUSAGES 12.99\nAPPLES 3.99", nil),
            ("Coles\n22/01/2019\nTOMATOES 1.89\nSAUSAGES 12.99\nAPPLES 3.99", nil),
            ("Coles\n22 Jan 2019 13:55:00\nTOMATOES 1.89\nSAUSAGES 12.99", nil),
            // A time later on the date's line, a label between them (`Fecha 11/03/2025   Hora 19:12:40`), is as good a sign.
            ("Coles\nFecha 22/01/2019          Hora 13:55:40\nTOMATOES 1.89\nSAUSAGES 12.99\nAPPLES 3.99", "2019-01-22"),
            ("Coles\nInicio 01/08/2009\nFecha 22/01/2019          Hora 13:55\nTOMATOES 1.89\nSAUSAGES 12.99\nAPPLES 3.99", "2019-01-22"),
            // Its labels read and their amounts lost (`Total`, `Efectivo`, `CAMBIO`): a receipt, its date marked.
            ("El Puerto\nQUESO MANCHEGO\nTotal\nEfectivo\nCAMBIO\n10 36.34 3.63\n07-04-2023", "2023-04-07"),
            // One such word in a letter is none.
            ("Dear customer,\nthe total is on the next page.\n07-04-2023", nil),
        ] as [(String, String?)])
    func aReceiptWithoutItsTotalLinesHasItsDateMarked(_ text: String, _ marked: String?) {
        let found = DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: "AU", languages: ["en"]))
            .detect(in: text)
        #expect(found.filter { $0.label == .transaction }.map(\.normalized) == (marked.map { [$0] } ?? []), "\(text)")
    }

    @Test(
        arguments: [
            // A date only one order reads decides the page's other dates; the region's order decides the rest.
            ("Date: 03/08/2020 08:58 AM\nRETURN BY 12/21/2020", "AU", ["2020-03-08T08:58", "2020-12-21"]),
            ("Date: 03/08/2020 08:58 AM\nRETURN BY 21/12/2020", "AU", ["2020-08-03T08:58", "2020-12-21"]),
            ("Date: 03/08/2020 08:58 AM\nTOTAL 12.00\n12/05/2020", "AU", ["2020-08-03T08:58", "2020-05-12"]),
            ("Datum 03/08/2020\nGültig bis 08/13/2020", "DE", ["2020-03-08", "2020-08-13"]),
            // Dotted dates are read in the region's order whatever the page's slashed ones say.
            ("Datum 03.08.2020\nGültig bis 08/13/2020", "DE", ["2020-08-03", "2020-08-13"]),
            ("Shipped 05.03.2024, billed 05/03/2024", "US", ["2024-03-05", "2024-05-03"]),
            // Without such a date, a return-by or due date comes after the sale's, by less than two years.
            ("11/12/2019 13:13\nRETURN BY 12/05/2019", "AU", ["2019-11-12T13:13", "2019-12-05"]),
            ("11/12/2019 13:13\nRETURN BY 05/01/2020", "AU", ["2019-12-11T13:13", "2020-01-05"]),
            ("11/12/2019 13:13\nMember since 12/05/2019", "AU", ["2019-12-11T13:13", "2019-05-12"]),
            // Dates that disagree, or a time written with dots (`11.14.00`), leave the region's order.
            ("06/02/2018 13/02/2018 02/14/2018", "MY", ["2018-02-06", "2018-02-13", "2018-02-14"]),
            ("Date 06/02/2018\nTime. 11.14.00", "MY", ["2018-02-06", "2000-11-14"]),
            // English Canada's tills print the month first.
            ("AUTH#: 097118 02/08/15 16:06:54", "CA", ["2015-02-08T16:06:54"]),
            ("Date: 03/08/2020 08:58 AM\nTOTAL 12.00\n12/05/2020", "CA", ["2020-03-08T08:58", "2020-12-05"]),
        ] as [(String, String, [String])])
    func aPageReadsItsAmbiguousDatesInTheOrderItsOtherDatesShow(_ text: String, _ region: String, _ expected: [String]) {
        let found = DateDetector().detect(in: text, context: DetectionContext(region: region, languages: ["en"]))
        #expect(found.map(\.normalized) == expected, "\(text)")
    }

    /// One date printed three times and misread once, at the head (`26/01/2016` for `26/01/2015`): the reading the
    /// page prints most is the receipt's. Printed once each, the first stays (nothing says which is misread).
    @Test func theMarkGoesToTheReadingPrintedMostOfAMisreadDate() {
        let detector = DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: "ID", languages: ["en"]))
        let text = "Open 26/01/2016 16:13\nClosed 26/01/2015 16:14\nTOTAL 175,000\nRept 26/01/2015 16:13\nPrinted 26/01/2015 16:14"
        let dates = detector.detect(in: text).filter { $0.type == .dateTimeDuration }
        #expect(dates.filter { $0.label == .transaction }.map(\.normalized) == ["2015-01-26T16:14"])
        let twice = "Open 26/01/2016 16:13\nClosed 26/01/2015 16:14\nTOTAL 175,000"
        #expect(detector.detect(in: twice).filter { $0.label == .transaction }.map(\.normalized) == ["2016-01-26T16:13"])
    }

    @Test func frenchCanadaReadsTheDayFirst() {
        let found = DateDetector().detect(in: "Date 02/08/15 16:06", context: DetectionContext(region: "CA", languages: ["fr", "en"]))
        #expect(found.map(\.normalized) == ["2015-08-02T16:06"])
    }

    /// Two dates a digit apart are one printed date misread once: the mark goes to the reading the OCR was surer
    /// of, unless that one follows another date's label; dates further apart keep the mark where it was.
    /// A German till's security module stamps its start and stop (`TSE-Start: 2024-06-29T22:10:58`), often in UTC: the
    /// till's own date, however damaged its time, is the sale's (after midnight, the next day); alone, a stamp is.
    @Test func aSecurityModulesStampYieldsToTheTillsDate() {
        func marked(_ text: String) -> [String] {
            DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: "DE", languages: ["de"]))
                .detect(in: text).filter { $0.label == .transaction }.map { String($0.normalized.prefix(10)) }
        }
        let stamps = "TSE-Start: 2024-06-29T22:10:58.000\nTSE-Stop: 2024-06-29T22:12:03.000\n"
        let slip = "SUMME EUR 17,68\nBar EUR 20,00\nRückgeld 2,32\n"
        #expect(marked(slip + "3O.O6.24 OO:l2 Bon 1177\n" + stamps) == ["2024-06-30"])
        #expect(marked(slip + stamps + "Coupon gültig bis 07.01.2025\n") == ["2024-06-29"])
    }

    /// A car park's entry and a hotel's arrival come before the sale: the slip is paid at the exit or the departure.
    @Test func anEntryOrArrivalDateIsNotTheSale() {
        func marked(_ text: String, region: String, languages: [String]) -> [String] {
            DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: region, languages: languages))
                .detect(in: text).filter { $0.label == .transaction }.map { String($0.normalized.prefix(10)) }
        }
        let parking = "Einfahrt   14.O9.2O24  15:2O\nBezah1t    15.09.2024  l6:5O\nZu zahlen EUR 23,00\nBar 30,00\nRückgeld 7,00\n"
        #expect(marked(parking, region: "DE", languages: ["de"]) == ["2024-09-15"])
        let folio = "Arrival: 10/10/2024   Room 305\nBalance 508.90\nPaid VISA 508.90\nDeparture: 13/10/2024\nTotal 508.90\n"
        #expect(marked(folio, region: "GB", languages: ["en"]) == ["2024-10-13"])
        let car = "Entry:   30/11/2024 19:05\nExit:    01/12/2024 09:12\nTOTAL £24.00\nPaid card £24.00\n"
        #expect(marked(car, region: "GB", languages: ["en"]) == ["2024-12-01"])
        let tab = "Opened: 11/01/24 09:52 PM\nClosed: 11/02/24 12:41 AM\nTOTAL $89.88\n"
        #expect(marked(tab, region: "US", languages: ["en"]) == ["2024-11-02"])
    }

    @Test func theMarkGoesToTheSurerReadingOfAMisreadDate() {
        let text = "19/03/2017 03:00:42PM\nTOTAL 12.00\n13/03/2017 03:00:44PM\nDue 29/03/2017\n14/05/2017"
        let found = DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: "MY", languages: ["en"]))
            .detect(in: text)
        let dates = found.indices.filter { found[$0].type == .dateTimeDuration }
        #expect(dates.map { found[$0].normalized.prefix(10) } == ["2017-03-19", "2017-03-13", "2017-03-29", "2017-05-14"])
        #expect(found[dates[0]].label == .transaction)
        func marked(_ confidences: [Double]) -> [String] {
            var all = [Double](repeating: 0.9, count: found.count)
            for (k, i) in dates.enumerated() { all[i] = confidences[k] }
            return DateDetector.markSurerTwin(found, confidences: all, in: UTF8Text(text))
                .filter { $0.label == .transaction }.map { String($0.normalized.prefix(10)) }
        }
        #expect(marked([0.44, 0.73, 0.5, 0.99]) == ["2017-03-13"])
        #expect(marked([0.73, 0.44, 0.5, 0.99]) == ["2017-03-19"])
        // 29/03 is a twin and surer, but it is a due date; 14/05 is no twin of 19/03.
        #expect(marked([0.44, 0.3, 0.99, 0.99]) == ["2017-03-19"])
        // The day the mark ends on when the dates starting with `surer` are read at 0.97, the others at 0.9.
        func markedDay(_ text: String, region: String, languages: [String] = ["en"], surer: String) -> [String] {
            let read = DataDetector(types: [.dateTimeDuration, .currency], context: DetectionContext(region: region, languages: languages))
                .detect(in: text)
            let confidences = read.map { $0.normalized.hasPrefix(surer) ? 0.97 : 0.9 }
            return DateDetector.markSurerTwin(read, confidences: confidences, in: UTF8Text(text)).filter { $0.label == .transaction }
                .map { String($0.normalized.prefix(10)) }
        }
        // An exchange deadline one digit from the sale's date, read more surely, is no reading of it.
        let exchange = "01.12.2021 11:05:00 #8256\nTOTAL 191.23\nExchange within 31.12.2021"
        #expect(markedDay(exchange, region: "IN", surer: "2021-12-31") == ["2021-12-01"])
        // A time before a date on its line is its time too: `27/03/2016 16:54:04` is a misread `04:54 pm,27 March,2018`.
        let glued = "04:54 pm,27 March,2018\nTOTAL 8.50\n27/03/2016 16:54:04"
        #expect(markedDay(glued, region: "MY", surer: "2018") == ["2018-03-27"])
        // Nor is a date printed without a time beside the sale's printed with its time (a warranty's end, a coupon's
        // start), however sure its reading.
        for (slip, region, sale, other) in [
            (
                "Date: 27/02/2025 Time: 11:40:33\nTOTAL KSH 1,250.00\n27/02/2026. Keep this invoice for warranty.", "KE", "2025-02-27",
                "2026"
            ),
            ("07.03.2023 16:05:44 Pokl. 2\nCelkem 412,00 Kč\nplatí od 08.03.2023 do 31.03.2023", "CZ", "2023-03-07", "2023-03-08"),
            // (Nor a delivery's date, with its time, beside the bill's date after its label.)
            (
                "Bill No: DHN-240315-00712 Date: 15/03/2024\nNet Payable 2,450.00\nReport Delivery: 16/03/2024 after 05:00 PM", "BD",
                "2024-03-15", "2024-03-16"
            ),
        ] {
            #expect(markedDay(slip, region: region, surer: other) == [sale], "\(slip)")
        }
        // Nor is a Finnish return date (`Palautus`), nor a reading printed once beside the sale's date printed twice.
        for (label, languages) in [("Palautus", ["fi"]), ("Returns", ["en"])] {
            let slip = "PVM 08.06.2020 18:14\nYhteensä 67,90 €\n08.06.2020 18:14\nSUMMA 67,90 €\n\(label) 28.06.2020"
            #expect(markedDay(slip, region: "FI", languages: languages, surer: "2020-06-28") == ["2020-06-08"], "\(label)")
        }
    }
}
