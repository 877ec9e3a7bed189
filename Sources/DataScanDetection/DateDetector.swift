import DataScanEngines
import DataScanModel
import Foundation

/// Finds calendar dates, with a time when one is printed beside them, and normalizes them to ISO 8601
/// (`2024-03-15`, `2024-03-15T14:32`).
///
/// Reads numeric dates (`15/03/2024`, `3/15/24`, `2024-03-15`, `15.03.2024`), dates with month names in
/// en/de/fr/es/it/pt/nl (`15 March 2024`, `Mar 15, 2024`, `15. März 2024`, `15 de marzo de 2024`, `24 MAR 18`,
/// `15/Apr/2017`) and CJK dates (`2024年3月15日`, `令和6年3月15日`, `2024년 3월 15일`). Impossible dates (31/02)
/// and years more than ten years ahead (an OCR's `2048` for `2018`) are rejected.
///
/// Receipts add what the OCR does to dates: a date glued to its label (`Dater11/03/18`, `21/05/2018Time`), letters
/// for digits and spaces around the separators right after a date label (`Date:D2/O2/17`, `O23 /06/2017`), and the
/// compact `25032018 13:11:54` before a time. When a text has several dates, the receipt's own (the one beside a
/// time or a `Date` label, the first of equals) is labelled `transaction`.
struct DateDetector: TextDetector {
    var type: TextContentType { .dateTimeDuration }
    /// Whether a time may be written with a point (`23.08.2023 16.42`), as Finnish, Danish, Norwegian and Indonesian
    /// receipts print it; set from the page's languages (elsewhere `16.42` after a date is as often an amount).
    private var pointedTimes = false

    /// The languages whose receipts print a time with a point.
    private static let pointedTimeLanguages: Set<String> = ["fi", "da", "nb", "no", "nn", "id"]

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        // Full-width digits, as Japanese pages print them (`２０２４年３月１４日`), read as ASCII ones.
        if let found = ASCIIFolding.detect(in: text, cyrillicDigits: true, { detect(in: $0, context: context) }) { return found }
        var detector = self
        detector.pointedTimes = context.languages.contains(where: Self.pointedTimeLanguages.contains)
        return detector.detectDates(in: text, context: context)
    }

    private func detectDates(in text: String, context: DetectionContext) -> [DetectedText] {
        let t = UTF8Text(text)
        let order = NumericOrder(region: context.dateRegion ?? context.region, languages: context.languages)
        let reckoning = YearReckoning(region: context.dateRegion ?? context.region, languages: context.languages)
        var votes = OrderVotes()
        let results = dates(in: t, order: order, regionOrder: order, reckoning: reckoning, votes: &votes)
        // A page that prints a date only one order can read (`13/05/2020`, `05/13/2020`) and none only the other
        // reads its other dates that way too: a Canadian receipt's `03/08/2020` beside `RETURN BY 12/21/2020` is
        // March 8th (the region's usual order decides only where the page says nothing).
        guard order != .yearFirst else { return results }
        if let page = votes.order {
            return page == order ? results : dates(in: t, order: page, regionOrder: order, reckoning: reckoning, votes: &votes)
        }
        return orderedByLaterDates(results, in: t, order: order, reckoning: reckoning)
    }

    /// Without a date that says the page's order: a due, return-by or valid-until date comes after the sale's, by
    /// less than two years (`11/12/2019 13:13` and `RETURN BY 12/05/2019` are November 12th and December 5th: the
    /// other order would put the return before the sale). `results` as the region's order reads them, or the other
    /// order's reading when only that one puts every such date after the page's other dates.
    private func orderedByLaterDates(
        _ results: [DetectedText], in t: UTF8Text, order: NumericOrder, reckoning: YearReckoning
    ) -> [DetectedText] {
        // A receipt or an invoice prints a handful of dates; a longer text's are not one sale's.
        guard results.count <= 12 else { return results }
        let later = Set(
            results.indices.filter { i in Self.labelBefore(results[i], in: t, among: Self.laterDateLabelBytes) })
        guard !later.isEmpty, later.count < results.count else { return results }
        var ignored = OrderVotes()
        let other = dates(
            in: t, order: order == .dayFirst ? .monthFirst : .dayFirst, regionOrder: order, reckoning: reckoning, votes: &ignored)
        guard other.count == results.count, zip(other, results).allSatisfy({ $0.range == $1.range }), other != results else {
            return results
        }
        func consistent(_ found: [DetectedText]) -> Bool {
            let days = found.map { Self.dayNumber($0.normalized) }
            let ends = later.map { days[$0] }, starts = found.indices.filter { !later.contains($0) }.map { days[$0] }
            guard let first = starts.compactMap({ $0 }).min(), let last = starts.compactMap({ $0 }).max(), !ends.contains(nil),
                !starts.contains(nil)
            else { return false }
            return ends.compactMap { $0 }.allSatisfy { $0 >= last && $0 - first <= 730 }
        }
        return !consistent(results) && consistent(other) ? other : results
    }

    /// Days since 1970 of an ISO date's first ten characters (`2024-03-05`), nil when it is none.
    private static func dayNumber(_ iso: String) -> Int? {
        let parts = iso.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        // Days from civil (Howard Hinnant's algorithm), proleptic Gregorian.
        let (y, m, d) = (parts[1] <= 2 ? parts[0] - 1 : parts[0], parts[1], parts[2])
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// Words before dates that come after the sale's: a due date, a return or a coupon's last day.
    static let laterDateLabels = [
        "due", "expir", "exp.", "valid", "until", "bis ", "best before", "fällig", "échéance", "echeance", "vencimiento",
        "scadenza", "vervaldatum", "期限", "有効", "기한", "return by", "returns by", "use by", "gültig", "geldig", "t/m",
        "valable", "jusqu", "válido", "hasta", "fino al", "返品", "limite", "límite", "avant le", "entro il", "uiterlijk",
        "vencimento", "zahlbar", "zahlungsziel", "pay by", "payable", "à partir", "a partir", "até", "troca", "within",
        // Return and exchange periods and validity of Nordic, German, Vietnamese tills (`Palautus 28.06.2020`, `Byttes
        // innen`, `Öppet köp till`, `Umtausch bis`, `Hạn dùng`, `Đổi trả trước`).
        "palautus", "voimassa", "vaihto", "innen", "gyldig", "giltig", "öppet köp", "oppet kop", "åbent køb", "retur", "bytte",
        "umtausch", "hạn", "đổi trả", "doi tra", "más tardar", "mas tardar",
    ]

    /// Unambiguous numeric dates seen, by the order they are written in.
    struct OrderVotes {
        var dayFirst = 0, monthFirst = 0

        /// The order every unambiguous date agrees on, nil without one or when they disagree.
        var order: NumericOrder? {
            if dayFirst > 0, monthFirst == 0 { return .dayFirst }
            if monthFirst > 0, dayFirst == 0 { return .monthFirst }
            return nil
        }
    }

    /// The dates of `t`; `order` for numeric dates with slashes or dashes, `regionOrder` for dotted ones (`03.08.2020`
    /// is day first on a German page whatever its US-style dates say, and on a US page too).
    private func dates(
        in t: UTF8Text, order: NumericOrder, regionOrder: NumericOrder, reckoning: YearReckoning, votes: inout OrderVotes
    ) -> [DetectedText] {
        var results: [DetectedText] = []
        var i = 0
        while i < t.count {
            let b = t[i]
            var found: (range: Range<Int>, date: CalendarDate)?
            // A range of days in one month: both dates.
            if !t.isWordByte(at: i - 1), let (first, second) = dayRange(at: i, in: t),
                first.1.year <= Self.latestPlausibleYear, first.0.lowerBound >= (results.last?.range.upperBound ?? 0)
            {
                for (range, date) in [first, second] {
                    results.append(DetectedText(type: .dateTimeDuration, range: range, value: t.string(range), normalized: date.iso))
                }
                i = second.0.upperBound
                continue
            }
            if UTF8Text.isDigit(b), !t.isDigit(at: i - 1) {
                found =
                    (reckoning == .minguo ? minguoDate(at: i, in: t) : nil)
                    ?? numericDate(at: i, in: t, order: order, regionOrder: regionOrder, reckoning: reckoning, votes: &votes)
                    ?? cjkDate(at: i, in: t)
                    ?? compactDate(at: i, in: t, order: regionOrder) ?? dayFirstApostropheYearDate(at: i, in: t)
            } else if UTF8Text.isASCIILetter(b), !t.isLetter(at: i - 1) {
                found = namedDate(at: i, in: t) ?? apostropheYearDate(at: i, in: t)
            } else if b >= 0xC3, b <= 0xD3, !t.isLetter(at: i - 1) {
                // A month's name that starts with a letter of Latin-1 or Extended-A, Greek or Cyrillic (`únor`, `şubat`,
                // `марта`).
                found = namedDate(at: i, in: t)
            }
            // `0ct 3. 2016`: a month name whose O the OCR read as a zero.
            if found == nil, b == UInt8(ascii: "0"), UTF8Text.isASCIILetter(t[i + 1]), !t.isWordByte(at: i - 1) {
                found = namedDate(at: i, in: t)
            }
            if found == nil, Self.digitLike[b] != nil || UTF8Text.isDigit(b), Self.dateLabelEnd(before: i, in: t) != nil {
                found = damagedDate(at: i, in: t, order: order, reckoning: reckoning)
            }
            // Without a label, one a time follows (`O5-11-2024 14:27:33`, `2O24.04.19. 17:05`): a till's; or one that ends
            // in a year of four digits (`Le 3l/03/2024`), which no other number is written like. Only zeros and ones so
            // read: `2S/0l/2Ol8` may be 25 or 28, and is left to a second reading (`auto`).
            if found == nil, Self.digitLike[b] != nil || UTF8Text.isDigit(b), !t.isWordByte(at: i - 1),
                let damaged = damagedDate(at: i, in: t, order: order, reckoning: reckoning),
                damaged.0.contains(where: { Self.digitLike[t[$0]] != nil }), !damaged.0.contains(where: { "SBZ".utf8.contains(t[$0]) }),
                Self.time(after: damaged.0.upperBound, in: t) != nil || Self.clockInColumn(after: damaged.0.upperBound, in: t)
                    || Self.endsInFourDigitYear(damaged.0, in: t)
            {
                found = damaged
            }
            if let year = found?.date.year, year > Self.latestPlausibleYear { found = nil }
            guard var match = found, match.range.lowerBound >= (results.last?.range.upperBound ?? 0) else {
                i += 1
                continue
            }
            var time: TimeOfDay?
            if let (end, parsed) = Self.time(after: match.range.upperBound, in: t, pointed: pointedTimes) {
                match.range = match.range.lowerBound..<end
                time = parsed
            }
            results.append(
                DetectedText(
                    type: .dateTimeDuration, range: match.range, value: t.string(match.range),
                    normalized: match.date.iso + (time.map { "T" + $0.iso } ?? "")))
            i = match.range.upperBound
        }
        return results
    }

    /// Labels the receipt's own date `transaction` among `items` (the text's matches of every type), when the text
    /// is a receipt or an invoice (a price has a receipt label): of the dates it prints (the sale, a due date, an
    /// expiry, a membership's), the one printed with a time or after a date label, the first of equals; with no such
    /// sign, the date when it is the only one not after another date's label (`Due`, `Échéance`), or when the others
    /// are the same day (a card slip repeating the sale's date).
    ///
    /// A page whose total and tax lines the OCR lost (a photo in poor light: `22 Jan 2019 13:55:00` over a column of
    /// prices) is a receipt too when it prints at least `pricesOfAReceipt` prices; there only a date printed with a
    /// time is marked, a till's sign: a letter's or a flyer's prices stand beside its dated heading (`Date: January 8,
    /// 2024`) or dates of other kinds.
    static func markTransactionDate(_ items: [DetectedText], in text: String) -> [DetectedText] {
        let labelled = items.contains { $0.type == .currency && $0.label != nil }
        let priced = items.count(where: { $0.type == .currency }) >= pricesOfAReceipt
        let named = !labelled && !priced && namesAmountLines(items, in: text)
        guard labelled || priced || named else { return items }
        let indices = items.indices.filter { items[$0].type == .dateTimeDuration }
        let marked = markTransactionDate(indices.map { items[$0] }, in: UTF8Text(text), timed: !labelled && !named)
        var out = items
        for (k, i) in indices.enumerated() { out[i] = marked[k] }
        return out
    }

    /// Prices that make a page without a labelled amount a receipt (as `ReceiptAssessment.isReceipt` counts them).
    static let pricesOfAReceipt = 3

    /// Whether a page with a date has two or more short lines that are a receipt's amount labels and nothing else
    /// (`Total`, `Efectivo`, `CAMBIO 1,03`), amounts lost or not: a receipt whose figures the OCR lost, as
    /// `ReceiptAssessment.isReceipt` counts it too. Its date is then marked as a receipt's is; a letter's sentence
    /// that names a total or the tax included (`Alle Preise inkl. MwSt.`) is none.
    static func namesAmountLines(_ items: [DetectedText], in text: String) -> Bool {
        guard items.contains(where: { $0.type == .dateTimeDuration }) else { return false }
        var named = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where line.count <= 40 {
            let line = String(line)
            switch ReceiptLexicon.role(of: line) {
            case .total, .subtotal, .tax, .cash, .change: if ReceiptLexicon.isLabelOnly(line) { named += 1 }
            default: break
            }
            if named >= 2 { return true }
        }
        return false
    }

    /// `timed`: mark only a date printed with a time.
    static func markTransactionDate(_ dates: [DetectedText], in t: UTF8Text, timed: Bool = false) -> [DetectedText] {
        guard !dates.isEmpty else { return dates }
        func score(_ d: DetectedText) -> Int {
            var s = hasTime(d) || timeFollows(d, in: t) ? 2 : 0
            if labelBefore(d, in: t, among: documentDateLabelBytes) {
                s += 3
            } else if labelBefore(d, in: t, among: dateLabelBytes) {
                s += 2
            }
            // (A deadline's word outweighs a document's before it: `Factura en línea a más tardar el 31/01/2024`.)
            if isOtherDate(d, in: t) || isAfterBy(d, in: t) { s = min(s - 3, -1) }
            if labelBefore(d, in: t, among: orderDateLabelBytes) { s -= 1 }
            return s
        }
        var scores = dates.map(score)
        let stamps = dates.map { labelBefore($0, in: t, among: securityModuleLabelBytes) }
        if scores.indices.contains(where: { !stamps[$0] && scores[$0] >= 0 }) {
            for i in scores.indices where stamps[i] { scores[i] = -3 }
        }
        guard var best = scores.indices.max(by: { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) }),
            scores[best] > 0 || (scores[best] == 0 && dates.indices.allSatisfy { scores[$0] < 0 || isSameDay(dates[$0], dates[best]) }),
            !timed || hasTime(dates[best]) || timeFollows(dates[best], in: t)
        else { return dates }
        if let majority = majorityTwin(of: best, among: dates, scores: scores) { best = majority }
        var out = dates
        out[best].label = .transaction
        return out
    }

    /// Whether a date was printed with its time (`2024-03-15T14:32`).
    private static func hasTime(_ date: DetectedText) -> Bool {
        date.normalized.utf8.contains(UInt8(ascii: "T"))
    }

    /// Whether a time follows `date` on its line, a label between them (`Fecha 11/03/2025   Hora 19:12:40`, `Date:
    /// 14/03/2024 Time: 10:22`): a till's date printed with its time, as much as one glued to it.
    private static func timeFollows(_ date: DetectedText, in t: UTF8Text) -> Bool {
        clockFollows(date.range.upperBound, in: t)
    }

    /// Whether a clock's time (`HH:MM`, a real one) stands later on the line of `index`.
    static func clockFollows(_ index: Int, in t: UTF8Text) -> Bool {
        let line = t.lineRange(containing: index)
        for k in index..<max(index, line.upperBound - 3)
        where !t.isDigit(at: k - 1) && isClock(at: k, in: t) {
            let hours = t.digitRun(from: k)
            if t.intValue(k..<(k + hours)) < 24, t.intValue((k + hours + 1)..<(k + hours + 3)) < 60 { return true }
        }
        return false
    }

    /// Whether two dates name the same day.
    private static func isSameDay(_ a: DetectedText, _ b: DetectedText) -> Bool {
        a.normalized.utf8.prefix(10).elementsEqual(b.normalized.utf8.prefix(10))
    }

    /// Whether two dates are one printed date with one digit misread: their days one character apart.
    private static func isMisreadTwin(_ a: DetectedText, _ b: DetectedText) -> Bool {
        let (x, y) = (a.normalized.utf8.prefix(10), b.normalized.utf8.prefix(10))
        return x.count == y.count && zip(x, y).count(where: { $0 != $1 }) == 1
    }

    /// Of one date a receipt prints several times (its head, its card slip, its foot), a reading one digit off the
    /// chosen one that the page prints at least twice and more often than the chosen one (`26/01/2016` once, beside
    /// `26/01/2015` three times: the 5 misread once): the first of its best-scored places; nil otherwise.
    private static func majorityTwin(of best: Int, among dates: [DetectedText], scores: [Int]) -> Int? {
        func day(_ i: Int) -> [UInt8] { Array(dates[i].normalized.utf8.prefix(10)) }
        let chosen = day(best)
        let same = dates.indices.count { day($0) == chosen }
        var groups: [(day: [UInt8], members: [Int])] = []
        for i in dates.indices where scores[i] >= 0 && isMisreadTwin(dates[i], dates[best]) {
            let other = day(i)
            if let g = groups.firstIndex(where: { $0.day == other }) { groups[g].members.append(i) } else { groups.append((other, [i])) }
        }
        let largest = groups.map(\.members.count).max() ?? 0
        let leaders = groups.filter { $0.members.count == largest }
        guard largest >= 2, largest > same, leaders.count == 1, let members = leaders.first?.members else { return nil }
        return members.max { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) }
    }

    /// The receipt's date mark moved to a surer reading of the same printed date: two dates one digit apart
    /// (`19/03/2017` read at 0.44 beside `13/03/2017` at 0.73, `27/03/2016` beside `27 March,2018`, each engine's
    /// line of a receipt read twice) are one date the OCR misread once, and the reading it was surer of is the
    /// date. A twin after another date's label (`Due`, `Valid until`) keeps its meaning. `confidences[i]` is the
    /// OCR's confidence in `found[i]`.
    static func markSurerTwin(_ found: [DetectedText], confidences: [Double], in t: UTF8Text) -> [DetectedText] {
        guard let marked = found.firstIndex(where: { $0.type == .dateTimeDuration && $0.label == .transaction }) else {
            return found
        }
        var best = marked
        // (Not to a twin printed fewer times than the marked day: `08.06.2020 18:14` at the head and on the card slip
        // beside `28.06.2020` once is no 2 misread twice.)
        func printings(of date: DetectedText) -> Int {
            found.count { $0.type == .dateTimeDuration && isSameDay($0, date) }
        }
        let markedPrintings = printings(of: found[marked])
        // (Nor from a date printed with a time on its line to one without: `Date: 27/02/2025 Time: 11:40:33` is the
        // sale's beside a warranty's `27/02/2026`, and `07.03.2023 16:05:44` beside a coupon's `platí od 08.03.2023`;
        // but `27/03/2016 16:54:04` is a misread `04:54 pm,27 March,2018`.)
        func timed(_ date: DetectedText) -> Bool {
            hasTime(date) || clockFollows(t.lineRange(containing: date.range.lowerBound).lowerBound, in: t)
        }
        let markedTimed = timed(found[marked])
        for i in found.indices where found[i].type == .dateTimeDuration && i != marked {
            guard isMisreadTwin(found[i], found[marked]), confidences[i] > confidences[best] else { continue }
            if markedTimed && !timed(found[i]) { continue }
            if isOtherDate(found[i], in: t) || labelBefore(found[i], in: t, among: orderDateLabelBytes)
                || printings(of: found[i]) < markedPrintings
            {
                continue
            }
            best = i
        }
        guard best != marked else { return found }
        var out = found
        out[marked].label = nil
        out[best].label = .transaction
        return out
    }

    /// Whether the word right before `date` is `by`, or the Slavic languages' `do` (until): a deadline (`can be returned
    /// with receipt by 06/12/2024`, `Zwrot do 2025-11-21`), whatever else its line says.
    private static func isAfterBy(_ date: DetectedText, in t: UTF8Text) -> Bool {
        var k = date.range.lowerBound
        while k > 0, t[k - 1] == 0x20 { k -= 1 }
        guard k >= 2, k == 2 || !t.isLetter(at: k - 3) else { return false }
        let (first, second) = (t[k - 2] | 0x20, t[k - 1] | 0x20)
        return (first == UInt8(ascii: "b") && second == UInt8(ascii: "y")) || (first == UInt8(ascii: "d") && second == UInt8(ascii: "o"))
    }

    /// Whether a label of another kind of date than the sale's stands before `date` on its line (`Valid until`,
    /// `Member since`, a prescription's `Rx Date` but not a transaction's `TRX DATE`).
    private static func isOtherDate(_ date: DetectedText, in t: UTF8Text) -> Bool {
        if labelBefore(date, in: t, among: otherDateLabelBytes) { return true }
        let line = t.lineRange(containing: date.range.lowerBound)
        return t.containsKeyword(otherDateWordBytes, in: line.lowerBound..<date.range.lowerBound, wholeWords: true)
    }

    /// Whether one of `labels` stands on `date`'s line before it.
    private static func labelBefore(_ date: DetectedText, in t: UTF8Text, among labels: [[UInt8]]) -> Bool {
        let line = t.lineRange(containing: date.range.lowerBound)
        let before = line.lowerBound..<date.range.lowerBound
        // Byte by byte where the text is ASCII; other letters folded as Unicode folds them (`FÄLLIG`).
        guard before.contains(where: { t[$0] >= 0x80 }) else { return t.contains(anyOf: labels, in: before) }
        let folded = UTF8Text(t.string(before).lowercased())
        return folded.contains(anyOf: labels, in: 0..<folded.count)
    }

    private static let dateLabelBytes = dateLabels.map { Array($0.utf8) }
    private static let documentDateLabelBytes = documentDateLabels.map { Array($0.utf8) }
    private static let orderDateLabelBytes = orderDateLabels.map { Array($0.utf8) }
    private static let otherDateLabelBytes = otherDateLabels.map { Array($0.utf8) }
    private static let laterDateLabelBytes = laterDateLabels.map { Array($0.utf8) }
    private static let otherDateWordBytes = otherDateWords.map { Array($0.utf8) }

    /// Words before a receipt's own date.
    static let dateLabels = [
        "date", "tarikh", "datum", "fecha", "data", "dated", "日期", "日付", "날짜", "time", "zeit", "請求日", "発行日", "取引日",
        "利用日", "日時", "거래일", "발행일", "일시", "tarih", "saat", "ημερομηνια", "ημερομηνία", "ημ/νια", "ωρα", "ώρα", "dato",
        "dátum", "tanggal", "tgl", "дата", "ngày", "pvm", "päivämäärä", "วันที่",
    ]
    /// Words that name the document itself before its date, a surer sign than `Date` alone (`Invoice Date: 20-10-2015`
    /// below `Order Date: 15-10-2015`; `Facture n°562044387 du 02 Juillet 2015`).
    static let documentDateLabels = [
        "invoice", "receipt", "bill date", "transaction", "trans date", "txn date", "sale date", "issue date",
        "date of issue", "rechnung", "beleg", "facture", "émission", "emission", "factura", "emisión", "fattura",
        "factuur", "fatura", "emissão",
    ]
    /// Words before the date of an order or a delivery, which an invoice's own date outranks (an order's date alone
    /// is still the receipt's).
    static let orderDateLabels = [
        "order", "ship", "deliver", "bestell", "liefer", "commande", "livraison", "pedido", "entrega", "ordine",
        "consegna", "bestel", "levering",
    ]
    /// Words before other dates a receipt prints: those after the sale's and those before it (a membership's, a
    /// car park's entry, a hotel's arrival: the slip is paid at the exit or the departure).
    static let otherDateLabels =
        laterDateLabels + [
            "member", "since", "born", "birth", "issued", "arrival", "einfahrt", "ankunft", "anreise", "entry time", "entry date",
            "time in", "check in", "check-in", "arrivée", "arrivee", "llegada", "arrivo", "aankomst", "inrit", "entry", "opened",
            "prescri", "verordnung", "ordonnance", "receta médica", "ricetta",
        ]
    /// Whole words before other dates, too short to be looked for inside words: a prescription's (`Rx Date:
    /// 09/12/2024` on a pharmacy's receipt).
    static let otherDateWords = ["rx"]
    /// Words before a German till's security module's timestamps (`TSE-Start: 2024-06-29T22:10:58`), often in UTC: a
    /// sale after midnight is the next day's. The till's own date outranks them.
    private static let securityModuleLabelBytes = ["tse-", "tse ", "tse:"].map { Array($0.utf8) }

    /// Years after this are OCR misreads (`2048` for `2018`), not dates: ten years ahead of now.
    static let latestPlausibleYear = Calendar(identifier: .gregorian).component(.year, from: Date()) + 10

    /// Letters OCR reads for digits in a date right after its label.
    static let digitLike: [UInt8: UInt8] = [
        UInt8(ascii: "O"): UInt8(ascii: "0"), UInt8(ascii: "o"): UInt8(ascii: "0"), UInt8(ascii: "D"): UInt8(ascii: "0"),
        UInt8(ascii: "Q"): UInt8(ascii: "0"), UInt8(ascii: "I"): UInt8(ascii: "1"), UInt8(ascii: "l"): UInt8(ascii: "1"),
        UInt8(ascii: "|"): UInt8(ascii: "1"), UInt8(ascii: "S"): UInt8(ascii: "5"), UInt8(ascii: "B"): UInt8(ascii: "8"),
        UInt8(ascii: "Z"): UInt8(ascii: "2"),
    ]

    /// The end of a date label (`Date`, `Date:`, `Dater`, `Tarikh :`, `Datum`) that ends right before `index` (after
    /// at most a few spaces and punctuation), or nil.
    static func dateLabelEnd(before index: Int, in t: UTF8Text) -> Int? {
        var k = index
        var skipped = 0
        // (Spaces as many as a till's column puts between them: `Datum:                   22.O5.2024`.)
        var spaces = 0
        while k > 0, skipped < 4, spaces < 40, " :;.=-_~>»”\"'".utf8.contains(t[k - 1]) {
            if t[k - 1] == 0x20 { spaces += 1 } else { skipped += 1 }
            k -= 1
        }
        var start = k
        while start > 0, UTF8Text.isASCIILetter(t[start - 1]), k - start < 8 { start -= 1 }
        guard k - start >= 4, start == 0 || !UTF8Text.isASCIILetter(t[start - 1]) else { return nil }
        // The label, or the label with one letter the OCR made of its colon (`Dater`, `Datel`).
        var word = t.string(start..<k).lowercased()
        // `Date/Time`, `Date & Time`, `Date Time`: the date label is the first word.
        if word == "time" {
            var j = start
            while j > 0, " /&".utf8.contains(t[j - 1]), start - j < 3 { j -= 1 }
            guard j < start, j >= 4, t.string(j - 4..<j).lowercased() == "date", !t.isLetter(at: j - 5) else { return nil }
            word = "date"
        }
        let labels = ["date", "dated", "datum", "fecha", "tarikh", "data"]
        guard labels.contains(where: { word == $0 || (word.count == $0.count + 1 && word.hasPrefix($0)) }) else { return nil }
        return k
    }

    /// Whether the damaged date at `range` ends in a year of four digits or letters read as digits after a separator,
    /// the token ending with it, and starts with a day or month of one or two (`3l/03/2024`, `1O.O3.2O24`; not
    /// `O23 /06/2017`).
    private static func endsInFourDigitYear(_ range: Range<Int>, in t: UTF8Text) -> Bool {
        let end = range.upperBound
        guard end - range.lowerBound >= 8, !t.isWordByte(at: end), "/.-".utf8.contains(t[end - 5]),
            "/.-".utf8.contains(t[range.lowerBound + 1]) || "/.-".utf8.contains(t[range.lowerBound + 2])
        else { return false }
        return (end - 4..<end).allSatisfy { t.isDigit(at: $0) || digitLike[t[$0]] != nil }
    }

    /// A numeric date right after a date label, read with the OCR's damage repaired: letters for digits, spaces
    /// around the separators, a stray letter glued before it (`O23 /06/2017`, `D2/O2/17`).
    private func damagedDate(
        at i: Int, in t: UTF8Text, order: NumericOrder, reckoning: YearReckoning
    ) -> (Range<Int>, CalendarDate)? {
        var repaired: [UInt8] = []
        var k = i
        let line = t.lineRange(containing: i)
        while k < line.upperBound, repaired.count < 16 {
            let b = t[k]
            // (a colon for a time glued to the year or the day: `2O19-O7-2621:14`)
            if UTF8Text.isDigit(b) || "/.-".utf8.contains(b) || (b == UInt8(ascii: ":") && repaired.count >= 8) {
                repaired.append(b)
            } else if let d = Self.digitLike[b] {
                repaired.append(d)
            } else if b == 0x20, "/.-".utf8.contains(t[k + 1]) || "/.-".utf8.contains(t[k - 1]),
                repaired.count(where: { "/.-".utf8.contains($0) }) < 3
            {
                // a space beside a separator (not after a third: `2O24.04.19. 17:05` ends before its time)
            } else {
                break
            }
            k += 1
        }
        // A stray digit-like letter before a two-digit day: `O23/06/2017`.
        let text = UTF8Text(bytes: repaired)
        for offset in [0, 1] where offset < repaired.count {
            var ignored = OrderVotes()
            guard
                let (range, date) = numericDate(
                    at: offset, in: text, order: order, regionOrder: order, reckoning: reckoning, votes: &ignored),
                range.lowerBound == offset
            else { continue }
            // Only when the repair changed something this did not read already (that one is found as printed).
            var end = i, consumed = 0
            while end < k, consumed < range.upperBound {
                if t[end] != 0x20 { consumed += 1 }
                end += 1
            }
            return (i..<end, date)
        }
        return nil
    }

    /// `25032018` (day, month, year, or month first where the region writes it so) or `20180325` right before a
    /// time or after a date label: receipt printers that drop the separators.
    private func compactDate(at i: Int, in t: UTF8Text, order: NumericOrder) -> (Range<Int>, CalendarDate)? {
        guard t.digitRun(from: i) == 8, !t.isWordByte(at: i - 1), !t.isWordByte(at: i + 8) else { return nil }
        guard Self.time(after: i + 8, in: t) != nil || Self.dateLabelEnd(before: i, in: t) != nil else { return nil }
        let p = (0..<8).map { Int(t[i + $0] - 0x30) }
        func n(_ a: Int, _ b: Int) -> Int { p[a..<b].reduce(0) { $0 * 10 + $1 } }
        let candidates: [CalendarDate?] = [
            order == .monthFirst
                ? CalendarDate(year: n(4, 8), month: n(0, 2), day: n(2, 4)) : CalendarDate(year: n(4, 8), month: n(2, 4), day: n(0, 2)),
            CalendarDate(year: n(0, 4), month: n(4, 6), day: n(6, 8)),
        ]
        let plausible = candidates.compactMap { $0 }.filter { (1990...Self.latestPlausibleYear).contains($0.year) }
        guard plausible.count == 1, let date = plausible.first else { return nil }
        return (i..<(i + 8), date)
    }

    // MARK: - Numeric dates

    /// How a page counts its years: Thailand's Buddhist era (`15/03/2567` and `15/03/67` are 15 March 2024), Taiwan's
    /// Minguo years (`113/03/15` is 15 March 2024), the Gregorian calendar elsewhere.
    enum YearReckoning {
        case gregorian, buddhist, minguo

        init(region: String, languages: [String]) {
            switch region.uppercased() {
            case "TH": self = .buddhist
            case "TW": self = .minguo
            default: self = languages.first?.lowercased().hasPrefix("th") == true ? .buddhist : .gregorian
            }
        }

        /// The Gregorian year of a year printed with `digits` digits (two or four). A Thai page's four-digit years from
        /// 2400 on are the Buddhist era's, and so are its two-digit years from 43 (2543, 2000 CE): a till prints `24`
        /// for 2024 and `67` for 2567 alike, and the two never meet (the Gregorian `43`…`99` of Thai receipts are
        /// decades away).
        func fullYear(_ printed: Int, digits: Int) -> Int {
            switch self {
            case .buddhist where digits == 4 && printed >= 2400: printed - 543
            case .buddhist where digits == 2 && printed >= 43: 2500 + printed - 543
            default: digits == 2 ? DateDetector.fullYear(printed) : printed
            }
        }
    }

    /// Which of the first two numbers of `a/b/yyyy` is the day, when both could be.
    enum NumericOrder {
        case monthFirst, dayFirst, yearFirst

        /// Month first in the US (and the few places that follow it), and in English Canada, whose tills mostly print
        /// `02/13/15` (7 of the 9 Canadian receipts we have seen whose slashed date says its order: Costco, IKEA,
        /// Walmart, Superstore, No Frills, London Drugs; Home Depot and a grocer print the day first); year first
        /// where dates are written big-endian (East Asia, Hungary, Lithuania, Sweden, whose tills print `23-12-01`); day
        /// first everywhere else, French Canada too. A page's own unambiguous dates decide before this (`detect`).
        init(region: String, languages: [String] = []) {
            switch region.uppercased() {
            case "US", "PH", "PR", "GU", "AS", "VI", "UM", "MP", "FM", "MH", "PW", "BZ": self = .monthFirst
            case "CA": self = languages.first?.lowercased().hasPrefix("fr") == true ? .dayFirst : .monthFirst
            case "CN", "JP", "KR", "KP", "TW", "HU", "MN", "LT", "IR", "BT", "SE": self = .yearFirst
            default: self = .dayFirst
            }
        }
    }

    /// A Taiwanese date with its Minguo year first (`113/03/15`, `113.03.15`, `113-3-15`; year 1 is 1912), on a
    /// page of Taiwan only: three digits from 100, then a month and a day of one or two digits each, one separator.
    private func minguoDate(at i: Int, in t: UTF8Text) -> (Range<Int>, CalendarDate)? {
        guard t.digitRun(from: i) == 3, !t.isWordByte(at: i - 1), !"./-".utf8.contains(t[i - 1]) else { return nil }
        let separator = t[i + 3]
        guard "/.-".utf8.contains(separator) else { return nil }
        let m = t.digitRun(from: i + 4)
        guard (1...2).contains(m), t[i + 4 + m] == separator else { return nil }
        let d = t.digitRun(from: i + 5 + m)
        let end = i + 5 + m + d
        guard (1...2).contains(d), !t.isWordByte(at: end) || t[end] == UInt8(ascii: "T"),
            !("./-".utf8.contains(t[end]) && t.isDigit(at: end + 1))
        else { return nil }
        let year = t.intValue(i..<i + 3)
        guard year >= 100,
            let date = CalendarDate(
                year: 1911 + year, month: t.intValue(i + 4..<i + 4 + m), day: t.intValue(i + 5 + m..<end))
        else { return nil }
        return (i..<end, date)
    }

    private func numericDate(
        at i: Int, in t: UTF8Text, order pageOrder: NumericOrder, regionOrder: NumericOrder, reckoning: YearReckoning,
        votes: inout OrderVotes
    ) -> (Range<Int>, CalendarDate)? {
        // Not inside a longer token: `v1.2.24`, a phone `0171-12-03-24`, a price `+12.03`.
        let before = t[i - 1]
        if before == UInt8(ascii: "+") { return nil }
        // A word glued before it is a longer token (`v1.2.24`), but for a short word before a whole date or one a time
        // follows (`Le05.04.2022`, `am12.03.2024`, as PP-OCR drops the space): checked when the year's length is known.
        let gluedWord = UTF8Text.isASCIILetter(before) && Self.dateLabelEnd(before: i, in: t) == nil
        if gluedWord, !Self.isShortWord(endingAt: i, in: t) { return nil }
        // After a colon, digits glued to a word are its label's letters misread as digits (`Emss50:23-12-2020` for
        // `Emissão:`), not a time's hour: then only a whole date (checked when the year's length is known).
        let afterMisreadLabel = before == UInt8(ascii: ":") && Self.endsMisreadWord(at: i - 1, in: t)
        if "./-,:".utf8.contains(before), t.isDigit(at: i - 2), !afterMisreadLabel { return nil }
        let a = t.digitRun(from: i)
        guard (1...4).contains(a), a != 3 else { return nil }
        // `15 .08.2024`: the OCR's space before the first dot (then only before a full year, as below).
        let spaceBeforeDot = a <= 2 && t[i + a] == 0x20 && t[i + a + 1] == UInt8(ascii: ".") && t.isDigit(at: i + a + 2)
        let separator = spaceBeforeDot ? UInt8(ascii: ".") : t[i + a]
        guard separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") || separator == UInt8(ascii: "-")
        else { return nil }
        let dotted = separator == UInt8(ascii: ".")
        // Dotted dates are written day first wherever dots are used (CLDR has no month-first dotted pattern): a US
        // page's `05.03.2024` is a European date.
        let order = dotted ? (regionOrder == .monthFirst ? .dayFirst : regionOrder) : pageOrder
        // `14. 03. 2026`: a dotted date with the OCR's space after each dot (then only day, month and a full year).
        let spaced = dotted && a <= 2 && !spaceBeforeDot && t[i + a + 1] == 0x20 && t.isDigit(at: i + a + 2)
        let bStart = i + a + (spaced || spaceBeforeDot ? 2 : 1)
        let b = t.digitRun(from: bStart)
        // `12.09,2021`: the second dot read as a comma (then only before a full year).
        let commaForDot = dotted && !spaced && t[bStart + b] == UInt8(ascii: ",")
        guard (1...2).contains(b), t[bStart + b] == separator || commaForDot, !spaced || t[bStart + b + 1] == 0x20 else { return nil }
        // `30.07. 2007`: the space after the second dot only (the same: only before a full year).
        let spacedYear = dotted && !spaced && !commaForDot && t[bStart + b + 1] == 0x20 && t.digitRun(from: bStart + b + 2) == 4
        let cStart = bStart + b + (spaced || spacedYear ? 2 : 1)
        var c = t.digitRun(from: cStart)
        // (Or, with the comma, a two-digit year that a time follows: `08.12,07 16:27`.)
        let commaBeforeTime = commaForDot && a <= 2 && c == 2 && Self.time(after: cStart + 2, in: t) != nil
        if spaced || spacedYear || commaForDot || spaceBeforeDot, !commaBeforeTime,
            c != 4 || !Self.startsCentury(at: cStart, in: t) || a > 2
        {
            return nil
        }
        // A time glued to the year (`11/03/201806:20`, `02/02/20177:31:08`, `19/01/1710:48`), as PP-OCR writes a
        // date and its time without the space: the year is the first four digits when they start 19 or 20, else two.
        // Four digits glued to a time's minutes (`06/10/2017:31`, `22/11/2014:03:00`, French `25/04/1914h36`) are a
        // two-digit year and the hour (`06/10/20 17:31`): no till prints a four-digit year glued to `:MM`. (The
        // minutes may run on into the next token: `06-04-202408:410/8525`.)
        let timeMark = t[cStart + c]
        // (Five or six digits from a century are a full year and an hour whatever the minutes read: `23/02/202316:88`,
        // the 0 of 16:08 misread; the date stands without its time.)
        let century = Self.startsCentury(at: cStart, in: t)
        if a != 4, timeMark == UInt8(ascii: ":") || timeMark == UInt8(ascii: "h"), t.digitRun(from: cStart + c + 1) >= 2,
            t.intValue(cStart + c + 1..<cStart + c + 3) <= 59 || ((5...6).contains(c) && century)
        {
            if (5...6).contains(c), century {
                c = 4
            } else if c == 4, !century || t.intValue(cStart + 2..<cStart + 4) <= 23 {
                c = 2
            } else if c == 3, !century, timeMark == UInt8(ascii: ":") {
                c = 2
            }
        }
        // And with the time's colon lost as well (`Date 29/12/20171141`, `Date 5/3/20182252 33`), after a date label
        // only: a full year, then four or six digits that are a time of day.
        if a != 4, c == 8 || c == 10, Self.startsCentury(at: cStart, in: t), t.intValue(cStart + 4..<cStart + 6) <= 23,
            t.intValue(cStart + 6..<cStart + 8) <= 59, c == 8 || t.intValue(cStart + 8..<cStart + 10) <= 59,
            Self.dateLabelEnd(before: i, in: t) != nil
        {
            c = 4
        }
        // The same after a year-first date (`2019-05-1411:33`, `2019-05-1411時33分`): a two-digit day, then the hour
        // (the minutes, again, may run on: `2021-01-3120:358/7136`).
        if a == 4, (3...4).contains(c), t.intValue(cStart + 2..<cStart + c) <= 23,
            (t[cStart + c] == UInt8(ascii: ":") && t.digitRun(from: cStart + c + 1) >= 2
                && t.intValue(cStart + c + 1..<cStart + c + 3) <= 59) || t.hasPrefix("時", at: cStart + c)
        {
            c = 2
        }
        let end = cStart + c
        if a == 4 { guard (1...2).contains(c) else { return nil } } else { guard c == 2 || c == 4 else { return nil } }
        if afterMisreadLabel {
            guard a <= 2, b == 2, c == 4, century, !dotted || a == 2 else { return nil }
        }
        if gluedWord {
            // (A two-digit year when a time follows: `Le11/10/19 09:43:00`.)
            let wholeYear = c == 4 && Self.startsCentury(at: cStart, in: t)
            guard a == 2, b == 2, wholeYear || (c == 2 && Self.time(after: end, in: t) != nil) else { return nil }
        }
        let after = t[end]
        // (But a time glued by a dash or a dot to a full year: `09/08/2020-20:46`, `11/02/2020.19:58:00`; or to the dot
        // a year-first date ends with, its space lost: Hungarian `2022.11.02.09:29:00` for `2022.11.02. 09:29:00`; or
        // by a dash to a two-digit year, as Indonesian tills print it: `15.03.24-10:22`.)
        if "./-".utf8.contains(after), t.isDigit(at: end + 1),
            !(after != UInt8(ascii: "/") && (c == 4 || (a == 4 && dotted) || after == UInt8(ascii: "-"))
                && Self.isClock(at: end + 1, in: t))
        {
            return nil
        }
        // A letter right after: `2024-03-15T14:32`, or a label glued to a full date (`21/05/2018Time`); otherwise a
        // longer token.
        if UTF8Text.isASCIILetter(after), !(after == UInt8(ascii: "T") && t.isDigit(at: end + 1)), c != 4 { return nil }
        if isIdentifierContext(before: i, in: t) { return nil }

        let p1 = t.intValue(i..<i + a), p2 = t.intValue(bStart..<bStart + b), p3 = t.intValue(cStart..<end)
        let range = i..<end
        if a == 4 { return CalendarDate(year: reckoning.fullYear(p1, digits: 4), month: p2, day: p3).map { (range, $0) } }
        if c == 2, a == 2, order == .yearFirst, let date = CalendarDate(year: reckoning.fullYear(p1, digits: 2), month: p2, day: p3) {
            return (range, date)
        }
        let year = reckoning.fullYear(p3, digits: c)
        let monthFirst: Bool
        if p1 > 12 { monthFirst = false } else if p2 > 12 { monthFirst = true } else { monthFirst = order == .monthFirst }
        let date = monthFirst ? CalendarDate(year: year, month: p1, day: p2) : CalendarDate(year: year, month: p2, day: p1)
        // (Only dates with slashes or dashes and a four-digit year vote: `11.14.00` is as often a time.)
        if date != nil, c == 4, !dotted, p1 > 12 || p2 > 12 {
            if monthFirst { votes.monthFirst += 1 } else { votes.dayFirst += 1 }
        }
        return date.map { (range, $0) }
    }

    /// Whether the word that ends at `index` is letters then one or two digits (`Emss50`, `Dat0`, `Datum1`): a label
    /// whose last letters the OCR read as digits.
    static func endsMisreadWord(at index: Int, in t: UTF8Text) -> Bool {
        let digits = t.digitRun(endingAt: index)
        guard (1...2).contains(digits) else { return false }
        var k = index - digits, letters = 0
        while UTF8Text.isASCIILetter(t[k - 1]) {
            k -= 1
            letters += 1
        }
        return letters >= 2
    }

    /// `Version 1.2.24`, `Versi: 2.5.12`, `POS V.2.5.12`, `Build 3.10.22`, a British bank's `sort code 20-10-79`:
    /// numbers after these words are versions and identifiers, not dates.
    private func isIdentifierContext(before index: Int, in t: UTF8Text) -> Bool {
        let line = t.lineRange(containing: index)
        // (With the OCR's zeros for the letter O: `s0rt c0de 20-12-94`.)
        var head = String(t.string(max(line.lowerBound, index - 14)..<index).lowercased().map { $0 == "0" ? "o" : $0 })
        // `V.2.5.12`: the abbreviation glued to the number (`v. 12.03.24`, with its space, is German's `vom`).
        if head.hasSuffix("v."), head.dropLast(2).last?.isLetter != true { return true }
        if let colon = head.lastIndex(of: ":"), head[head.index(after: colon)...].allSatisfy({ $0 == " " }) {
            head = String(head[..<colon]) + " "
        }
        return Self.identifierHeads.contains { head.hasSuffix($0) }
    }

    /// Words (lower-case, each with the space after it) before a version's or an identifier's number.
    private static let identifierHeads = [
        "version ", "ver ", "ver. ", "v ", "build ", "release ", "rev ", "rev. ", "revision ", "firmware ", "fw ",
        "software ", "sw ", "versi ", "versión ", "versão ", "versione ", "versie ", "wersja ", "verze ", "verzió ",
        "sürüm ", "phiên bản ", "sort code ", "sort-code ", "sortcode ",
    ]

    /// Whether a word of two or three letters, after a space or at the line's start, ends at `index` (`Le`, `am`,
    /// `du`: a preposition glued to the date after it).
    static func isShortWord(endingAt index: Int, in t: UTF8Text) -> Bool {
        var start = index
        while start > 0, UTF8Text.isASCIILetter(t[start - 1]), index - start <= 3 { start -= 1 }
        return (2...3).contains(index - start) && (start == 0 || t[start - 1] == 0x20 || t[start - 1] == 0x0A)
    }

    /// Whether the digits at `index` start with 19 or 20 (a four-digit year of our times).
    static func startsCentury(at index: Int, in t: UTF8Text) -> Bool {
        t.hasPrefix("19", at: index) || t.hasPrefix("20", at: index)
    }

    /// Two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999 (the POSIX `%y` pivot).
    static func fullYear(_ yy: Int) -> Int { yy < 70 ? 2000 + yy : 1900 + yy }

    // MARK: - CJK dates

    private static let cjkYear: [[UInt8]] = [Array("年".utf8), Array("년".utf8)]
    private static let cjkMonth: [[UInt8]] = [Array("月".utf8), Array("월".utf8)]
    private static let cjkDay: [[UInt8]] = [Array("日".utf8), Array("일".utf8)]

    /// Japanese eras receipts still print (`令和6年` is 2024), and Taiwan's Minguo years (`民國113年` is 2024), with the
    /// year before each era's first.
    private static let eras: [(name: [UInt8], yearZero: Int)] = [
        (Array("令和".utf8), 2018), (Array("平成".utf8), 1988), (Array("民國".utf8), 1911), (Array("民国".utf8), 1911),
    ]

    private static let eraLetters: [(letter: UInt8, yearZero: Int)] = [(UInt8(ascii: "R"), 2018), (UInt8(ascii: "H"), 1988)]

    private func cjkDate(at i: Int, in t: UTF8Text) -> (Range<Int>, CalendarDate)? {
        var run = t.digitRun(from: i)
        var start = i
        var year = t.intValue(i..<i + min(run, 4))
        // (`2O24年11月 3日`: the year's zeros read as letters.)
        if run < 4, let damaged = Self.damagedYearDigits(at: i, in: t), Self.unit(Self.cjkYear, at: i + 4, in: t) != nil {
            (run, year) = (4, damaged)
        }
        if run != 4 {
            guard (1...3).contains(run) else { return nil }
            // (The era's name may stand a space apart, as the OCR spaces out CJK print: `令和 6年`.)
            let nameEnd = t[i - 1] == 0x20 ? i - 1 : i
            if let era = Self.eras.first(where: { era in
                nameEnd >= era.name.count && t.bytes[(nameEnd - era.name.count)..<nameEnd].elementsEqual(era.name)
            }) {
                start = nameEnd - era.name.count
                year += era.yearZero
            } else if run <= 2, let letter = Self.eraLetters.first(where: { t[i - 1] == $0.letter }), !UTF8Text.isASCIILetter(t[i - 2]) {
                // `R6年3月14日`, `H30年…`: the era's Latin initial, as POS printers write it.
                start = i - 1
                year += letter.yearZero
            } else if run == 2, !UTF8Text.isASCIILetter(t[i - 1]) {
                // `24年03月14日`: the year's last two digits.
                year = Self.fullYear(year)
            } else {
                return nil
            }
        }
        var j = i + run
        guard let afterYear = Self.unit(Self.cjkYear, at: j, in: t) else { return nil }
        j = Self.skipSpaces(afterYear, in: t)
        let m = t.digitRun(from: j)
        guard (1...2).contains(m) else { return nil }
        let month = t.intValue(j..<j + m)
        guard let afterMonth = Self.unit(Self.cjkMonth, at: j + m, in: t) else { return nil }
        j = Self.skipSpaces(afterMonth, in: t)
        let d = t.digitRun(from: j)
        guard (1...2).contains(d) else { return nil }
        let day = t.intValue(j..<j + d)
        guard let end = Self.unit(Self.cjkDay, at: j + d, in: t), let date = CalendarDate(year: year, month: month, day: day)
        else { return nil }
        return (start..<end, date)
    }

    /// The end of one of `units` if it starts at `index` (after optional spaces).
    private static func unit(_ units: [[UInt8]], at index: Int, in t: UTF8Text) -> Int? {
        let start = skipSpaces(index, in: t)
        for unit in units where start + unit.count <= t.count && t.bytes[start..<start + unit.count].elementsEqual(unit) {
            return start + unit.count
        }
        return nil
    }

    private static func skipSpaces(_ index: Int, in t: UTF8Text) -> Int {
        var j = index
        while t[j] == 0x20 { j += 1 }
        return j
    }

    // MARK: - Month names

    /// A date around the month name starting at `i`: `15 March 2024`, `15. März 2024`, `15-Mar-24`,
    /// `15 de marzo de 2024`, `1er mars 2024`, `March 15, 2024`, `Mar 15th 2024`.
    private func namedDate(at i: Int, in t: UTF8Text) -> (Range<Int>, CalendarDate)? {
        var wordEnd = i
        while wordEnd < t.count, t.isLetter(at: wordEnd) || (t[wordEnd] == UInt8(ascii: "0") && t.isLetter(at: wordEnd + 1)) {
            wordEnd += 1
        }
        // A zero inside the word is an O the OCR misread (`0ct`, `N0v`); a word with only letters and zeros.
        guard wordEnd - i >= 3 || t.isDigit(at: wordEnd), wordEnd - i <= MonthNames.maxByteCount else { return nil }
        let word = String(t.string(i..<wordEnd).lowercased().map { $0 == "0" ? "o" : $0 })
        let month: Int
        if let named = MonthNames.number[word] {
            month = named
        } else if let damaged = damagedMonth(at: i, in: t) {
            month = damaged
            wordEnd = i + 3
        } else {
            return nil
        }
        var monthEnd = wordEnd
        if t[monthEnd] == UInt8(ascii: ".") { monthEnd += 1 }

        // Day before the month.
        if let (dayStart, day, hyphenated) = dayBefore(monthStart: i, in: t),
            let (yearEnd, year) = yearAfter(
                monthEnd, hyphenated: hyphenated, labelled: Self.dateLabelEnd(before: dayStart, in: t) != nil, in: t),
            let date = CalendarDate(year: year, month: month, day: day)
        {
            return (dayStart..<yearEnd, date)
        }
        // The year first, the day after (`2026-sep-29`, `2026 Sep 29`, as some tills print an ISO date with the month's
        // name), one separator between all three.
        let separator = t[i - 1]
        if separator == UInt8(ascii: "-") || separator == 0x20, t.digitRun(endingAt: i - 1) == 4, !t.isWordByte(at: i - 6),
            Self.startsCentury(at: i - 5, in: t), t[wordEnd] == separator
        {
            let d = t.digitRun(from: wordEnd + 1)
            if (1...2).contains(d), !t.isWordByte(at: wordEnd + 1 + d),
                let date = CalendarDate(year: t.intValue(i - 5..<i - 1), month: month, day: t.intValue(wordEnd + 1..<wordEnd + 1 + d))
            {
                return (i - 5..<wordEnd + 1 + d, date)
            }
        }
        // The year first, a dot after it, the day last (Hungarian): `2024. március 15.`, `2024. márc. 15.`.
        if t[i - 1] == 0x20, t[i - 2] == UInt8(ascii: "."), t.digitRun(endingAt: i - 2) == 4, !t.isWordByte(at: i - 7),
            Self.startsCentury(at: i - 6, in: t), t[monthEnd] == 0x20
        {
            let d = t.digitRun(from: monthEnd + 1)
            if (1...2).contains(d), !t.isWordByte(at: monthEnd + 1 + d),
                let date = CalendarDate(year: t.intValue(i - 6..<i - 2), month: month, day: t.intValue(monthEnd + 1..<monthEnd + 1 + d))
            {
                return (i - 6..<monthEnd + 1 + d, date)
            }
        }
        // Day after the month (English): `March 15, 2024`; glued to it where PP-OCR dropped the space, then only before
        // a comma and the year (`May08,2024`).
        let glued = monthEnd == wordEnd && t.isDigit(at: monthEnd)
        guard t[monthEnd] == 0x20 || glued, !MonthNames.dayFirstOnly.contains(word) else { return nil }
        let dayStart = glued ? monthEnd : monthEnd + 1
        let d = t.digitRun(from: dayStart)
        guard (1...2).contains(d) else { return nil }
        let day = t.intValue(dayStart..<dayStart + d)
        var j = dayStart + d
        if let suffix = ["st", "nd", "rd", "th"].first(where: { t.hasPrefix($0, at: j) }) { j += suffix.utf8.count }
        // `Oct 3, 2016`, and `Oct 3. 2016` as the OCR reads a comma; `NOVEMBER 17,2013` without the space; `August 3 ,
        // 2014` with one before the comma, as a PDF's text spaces it.
        if t[j] == 0x20, t[j + 1] == UInt8(ascii: ","), t[j + 2] == 0x20 { j += 1 }
        let comma = t[j] == UInt8(ascii: ",")
        guard comma || !glued else { return nil }
        // (`Dec 19.2020`: the comma read as a dot and its space lost; then a full year only.)
        let dot = !comma && t[j] == UInt8(ascii: ".")
        if comma || dot { j += 1 }
        let space = t[j] == 0x20 ? 1 : 0
        let yearStart = j + space
        // `Mar 03,202418:15`: the time glued to the year, as the OCR drops the space between them.
        let timeGlued =
            (5...6).contains(t.digitRun(from: yearStart)) && Self.startsCentury(at: yearStart, in: t)
            && Self.isClock(at: yearStart + 4, in: t)
        let damagedYear = space == 1 ? Self.damagedYear(at: yearStart, in: t) : nil
        // `DATE: MAR 22, 24   TIME: 21:41:07`: a card terminal's two-digit year, after a date label or before a time
        // (its space after the comma lost too: `JUN 08,24 21:12:34`).
        if comma, space == 1 || !glued, t.digitRun(from: yearStart) == 2, !t.isWordByte(at: yearStart + 2),
            !".,/-:".utf8.contains(t[yearStart + 2]),
            Self.dateLabelEnd(before: i, in: t) != nil || Self.clockFollows(yearStart + 2, in: t),
            let date = CalendarDate(year: Self.fullYear(t.intValue(yearStart..<yearStart + 2)), month: month, day: day)
        {
            return (i..<yearStart + 2, date)
        }
        guard space == 1 || ((comma || dot) && Self.startsCentury(at: j, in: t)),
            t.digitRun(from: yearStart) == 4 && !t.isWordByte(at: yearStart + 4) || timeGlued || damagedYear != nil
        else { return nil }
        let year = damagedYear ?? t.intValue(yearStart..<yearStart + 4)
        guard let date = CalendarDate(year: year, month: month, day: day) else { return nil }
        return (i..<j + space + 4, date)
    }

    /// A range of days in one month, `March 3–7, 2024`, `Mar 3-7 2024`, `3–7 March 2024`, `3.–7. März 2024`: the
    /// first day's date over the month and the first day, the second's over the second day and the year.
    private func dayRange(at i: Int, in t: UTF8Text) -> ((Range<Int>, CalendarDate), (Range<Int>, CalendarDate))? {
        /// A month's name at `k`: its number and end (after an abbreviation's dot).
        func month(at k: Int) -> (month: Int, end: Int)? {
            var end = k
            while t.isLetter(at: end), end - k <= MonthNames.maxByteCount { end += 1 }
            guard end - k >= 3, let m = MonthNames.number[t.string(k..<end).lowercased()] else { return nil }
            return (m, t[end] == UInt8(ascii: ".") ? end + 1 : end)
        }
        /// One or two digits at `k` and a day's dot after them (`3.`): the day and the end.
        func day(at k: Int, dot: Bool) -> (day: Int, end: Int)? {
            let n = t.digitRun(from: k)
            guard (1...2).contains(n) else { return nil }
            let end = k + n + (dot && t[k + n] == UInt8(ascii: ".") ? 1 : 0)
            return (t.intValue(k..<k + n), end)
        }
        /// A dash between the days, glued or with a space each side: its end.
        func dash(at k: Int) -> Int? {
            if t.dashLength(startingAt: k) > 0 { return k + t.dashLength(startingAt: k) }
            let spaced = t.dashLength(startingAt: k + 1)
            return t[k] == 0x20 && spaced > 0 && t[k + 1 + spaced] == 0x20 ? k + 2 + spaced : nil
        }
        /// A four-digit year at `k` after a space or `, `: its value and end.
        func year(at k: Int) -> (year: Int, end: Int)? {
            var j = k
            if t[j] == UInt8(ascii: ",") { j += 1 }
            guard t[j] == 0x20, t.digitRun(from: j + 1) == 4, !t.isWordByte(at: j + 5) else { return nil }
            return (t.intValue(j + 1..<j + 5), j + 5)
        }
        if UTF8Text.isASCIILetter(t[i]), let (m, monthEnd) = month(at: i), t[monthEnd] == 0x20,
            let (d1, firstEnd) = day(at: monthEnd + 1, dot: false), let secondStart = dash(at: firstEnd),
            let (d2, secondEnd) = day(at: secondStart, dot: false), let (y, end) = year(at: secondEnd), d1 < d2,
            let first = CalendarDate(year: y, month: m, day: d1), let second = CalendarDate(year: y, month: m, day: d2)
        {
            return ((i..<firstEnd, first), (secondStart..<end, second))
        }
        if t.isDigit(at: i), let (d1, firstEnd) = day(at: i, dot: true), let secondStart = dash(at: firstEnd),
            let (d2, dayEnd) = day(at: secondStart, dot: true), t[dayEnd] == 0x20, let (m, monthEnd) = month(at: dayEnd + 1),
            let (y, end) = year(at: monthEnd), d1 < d2,
            let first = CalendarDate(year: y, month: m, day: d1), let second = CalendarDate(year: y, month: m, day: d2)
        {
            return ((i..<firstEnd, first), (secondStart..<end, second))
        }
        return nil
    }

    /// `Dec27'16`, `Oct.10'15`, `JUN 5'11`: a month abbreviated in English, the day and the year's last two digits
    /// after an apostrophe, as restaurant point-of-sale systems print them; the day's digits may come out of the OCR
    /// as the letters they look like (`JUNOS'11`, `MAYI2'19`).
    private func apostropheYearDate(at i: Int, in t: UTF8Text) -> (Range<Int>, CalendarDate)? {
        guard UTF8Text.isASCIILetter(t[i + 1]), UTF8Text.isASCIILetter(t[i + 2]),
            let month = MonthNames.englishAbbreviations.firstIndex(of: t.string(i..<i + 3).lowercased())
        else { return nil }
        var j = i + 3
        if t[j] == UInt8(ascii: ".") { j += 1 }
        if t[j] == 0x20 { j += 1 }
        var day = 0, digits = 0
        while digits < 2, let d = t.isDigit(at: j) ? Int(t[j] - 0x30) : Self.digitLike[t[j]].map({ Int($0 - 0x30) }) {
            day = day * 10 + d
            digits += 1
            j += 1
        }
        guard digits > 0 else { return nil }
        // (`Mar 15 '24`: a space before the apostrophe too.)
        if t[j] == 0x20, Self.apostropheLength(at: j + 1, in: t) > 0 { j += 1 }
        let apostrophe = Self.apostropheLength(at: j, in: t)
        guard apostrophe > 0, t.digitRun(from: j + apostrophe) == 2, !t.isWordByte(at: j + apostrophe + 2),
            let date = CalendarDate(year: Self.fullYear(t.intValue(j + apostrophe..<j + apostrophe + 2)), month: month + 1, day: day)
        else { return nil }
        return (i..<j + apostrophe + 2, date)
    }

    /// `27Dec'16`, `5 JUN'11`, `15 Mar '24`: the day first, then the month abbreviated in English and the year's last
    /// two digits after an apostrophe; or all three glued, as card terminals and airlines print them, `15MAR24`,
    /// `15MAR2024`.
    private func dayFirstApostropheYearDate(at i: Int, in t: UTF8Text) -> (Range<Int>, CalendarDate)? {
        let digits = t.digitRun(from: i)
        guard digits == 1 || digits == 2 else { return nil }
        var j = i + digits
        let glued = t[j] != 0x20
        if !glued { j += 1 }
        guard UTF8Text.isASCIILetter(t[j]), UTF8Text.isASCIILetter(t[j + 1]), UTF8Text.isASCIILetter(t[j + 2]),
            let month = MonthNames.englishAbbreviations.firstIndex(of: t.string(j..<j + 3).lowercased())
        else { return nil }
        j += 3
        let year = t.digitRun(from: j)
        if glued, year == 2 || year == 4, !t.isWordByte(at: i - 1), !t.isWordByte(at: j + year),
            !(".,/:-".utf8.contains(t[j + year]) && t.isDigit(at: j + year + 1))
        {
            let printed = t.intValue(j..<j + year)
            let day = t.intValue(i..<i + digits)
            guard let date = CalendarDate(year: year == 2 ? Self.fullYear(printed) : printed, month: month + 1, day: day) else {
                return nil
            }
            return (i..<j + year, date)
        }
        if t[j] == 0x20, Self.apostropheLength(at: j + 1, in: t) > 0 { j += 1 }
        let apostrophe = Self.apostropheLength(at: j, in: t)
        guard apostrophe > 0, t.digitRun(from: j + apostrophe) == 2, !t.isWordByte(at: j + apostrophe + 2),
            let date = CalendarDate(
                year: Self.fullYear(t.intValue(j + apostrophe..<j + apostrophe + 2)), month: month + 1, day: t.intValue(i..<i + digits))
        else { return nil }
        return (i..<j + apostrophe + 2, date)
    }

    /// The length in bytes of an apostrophe at `j` as tills print it and the OCR reads it (`'`, `’`, `‘`, `´`, `` ` ``);
    /// 0 when there is none.
    private static func apostropheLength(at j: Int, in t: UTF8Text) -> Int {
        if t[j] == UInt8(ascii: "'") || t[j] == UInt8(ascii: "`") { return 1 }
        if t.hasPrefix("´", at: j) { return 2 }
        return t.hasPrefix("’", at: j) || t.hasPrefix("‘", at: j) ? 3 : 0
    }

    /// A month abbreviated in English between two equal separators (`02/JAN/2017`, as receipt printers write
    /// it) with one character misread (`02/Ja0/2017`, `15/Dcc/2016`), when one month alone is that close: `Ju1`
    /// (June or July) is no month. Between spaces, only letters, the wrong one a letter the OCR reads for the right
    /// one (`22 Dee 2O17`).
    private func damagedMonth(at i: Int, in t: UTF8Text) -> Int? {
        let separator = t[i - 1]
        let spaced = separator == 0x20
        guard separator == UInt8(ascii: "/") || separator == UInt8(ascii: "-") || spaced, t[i + 3] == separator,
            t.isDigit(at: i - 2) || Self.digitLike[t[i - 2]] != nil, t.isDigit(at: i + 4) || Self.digitLike[t[i + 4]] != nil,
            (i..<i + 3).allSatisfy({ UTF8Text.isASCIILetter(t[$0]) || (!spaced && UTF8Text.isDigit(t[$0])) }),
            (i..<i + 3).filter({ UTF8Text.isASCIILetter(t[$0]) }).count >= 2
        else { return nil }
        let token = Array(t.string(i..<i + 3).lowercased().utf8)
        let months = MonthNames.englishAbbreviations.indices.filter { m in
            let wrong = zip(MonthNames.englishAbbreviations[m].utf8, token).filter { $0 != $1 }
            // Between spaces a word is a month only where its wrong letter is one the OCR reads for the right one
            // (`22 Dee 2O17`, `13 Feh 2O18`); `3 NOS 2020` stays a count and a word.
            return wrong.count <= 1 && (!spaced || wrong.allSatisfy { Self.monthLetterMisreads.contains([$0.0, $0.1]) })
        }
        return months.count == 1 ? months[0] + 1 : nil
    }

    /// Letters of a month's abbreviation (first) and what the OCR reads for them (second): `c`/`e`, `b`/`h`,
    /// `a`/`o`, `g`/`q`, `y`/`v`, `l`/`i`.
    private static let monthLetterMisreads: Set<[UInt8]> = Set(
        ["ce", "ec", "bh", "hb", "ao", "oa", "gq", "qg", "yv", "vy", "li", "il"].map { Array($0.utf8) })

    /// A four-digit year after a month's name with its zeros or ones read as letters (`2O17`, `2Ol8`), nil when there
    /// is none: only `O`, `o`, `I` and `l` so read, at least two real digits, in this century or the last.
    private static func damagedYear(at j: Int, in t: UTF8Text) -> Int? {
        t.isWordByte(at: j + 4) ? nil : damagedYearDigits(at: j, in: t)
    }

    /// `damagedYear`'s four characters, whatever follows them (`2O24年`).
    private static func damagedYearDigits(at j: Int, in t: UTF8Text) -> Int? {
        var digits: [UInt8] = []
        for k in j..<j + 4 {
            if t.isDigit(at: k) {
                digits.append(t[k])
            } else if "OoIl".utf8.contains(t[k]), let d = digitLike[t[k]] {
                digits.append(d)
            } else {
                return nil
            }
        }
        let year = UTF8Text(bytes: digits)
        guard (j..<j + 4).count(where: { t.isDigit(at: $0) }) >= 2, (j..<j + 4).contains(where: { !t.isDigit(at: $0) }),
            startsCentury(at: 0, in: year)
        else { return nil }
        return year.intValue(0..<4)
    }

    /// The day printed before a month name: `15 `, `15. `, `1er `, `1st `, `15 de `, `15-`, `15/` (`15/Apr/2017`).
    private func dayBefore(monthStart: Int, in t: UTF8Text) -> (start: Int, day: Int, hyphenated: Bool)? {
        var k = monthStart
        let hyphenated = t[k - 1] == UInt8(ascii: "-") || t[k - 1] == UInt8(ascii: "/")
        // `05Mar2018`: PP-OCR writes no space between the day, the month and the year.
        let glued = t.isDigit(at: k - 1)
        guard t[k - 1] == 0x20 || hyphenated || glued else { return nil }
        if !glued { k -= 1 }
        if !hyphenated, t.hasPrefix(" de", at: k - 3) || t.hasPrefix(" of", at: k - 3) { k -= 3 }  // `5 de marzo`, `5th of March`
        if t[k - 1] == UInt8(ascii: ".") { k -= 1 }
        if ["st", "nd", "rd", "th", "er"].contains(where: { t.hasPrefix($0, at: k - 2) }), t.isDigit(at: k - 3) { k -= 2 }
        // `1er` with its 1 read as a letter (`ler octobre`, `Ier mars`): the first of the month.
        if t.hasPrefix("er", at: k - 2), t[k - 3] == UInt8(ascii: "l") || t[k - 3] == UInt8(ascii: "I"), !t.isWordByte(at: k - 4) {
            return (k - 3, 1, hyphenated)
        }
        // The day's digits, an `O` among them read as the 0 it is (`O5 Mar 2018`, `1O Mar`).
        func isZeroLetter(_ j: Int) -> Bool { t[j] == UInt8(ascii: "O") || t[j] == UInt8(ascii: "o") }
        var start = k
        while start > 0, t.isDigit(at: start - 1) || isZeroLetter(start - 1), k - start < 3 { start -= 1 }
        guard (1...2).contains(k - start), (start..<k).contains(where: { t.isDigit(at: $0) }), !t.isWordByte(at: start - 1)
        else { return nil }
        if "./-".utf8.contains(t[start - 1]), t.isDigit(at: start - 2) { return nil }
        let day = (start..<k).reduce(0) { $0 * 10 + (t.isDigit(at: $1) ? Int(t[$1] - 0x30) : 0) }
        return (start, day, hyphenated)
    }

    /// The year after a month name: ` 2024`, `, 2024`, ` de 2024`, `-24`, `/2017`, and ` 18` after an abbreviated
    /// month in capitals or before a time (`24 MAR 18`, `24 Mar 18 09:12`, as receipt printers write it).
    private func yearAfter(_ index: Int, hyphenated: Bool, labelled: Bool, in t: UTF8Text) -> (end: Int, year: Int)? {
        var j = index
        // One of two dashes read as a space (`24 Mar-2018`, `24-Mar 2018` for `24-MAR-2018`): with a four-digit year.
        let fullYearAfter = t.digitRun(from: j + 1) == 4 && Self.startsCentury(at: j + 1, in: t)
        if hyphenated {
            guard t[j] == UInt8(ascii: "-") || t[j] == UInt8(ascii: "/") || (t[j] == 0x20 && fullYearAfter) else { return nil }
            j += 1
        } else if t[j] == UInt8(ascii: "-"), fullYearAfter {
            j += 1
        } else if t[j] == 0x20, t.digitRun(from: j + 1) == 2, !t.isWordByte(at: j + 3), index >= 3,
            // A two-digit year after a month's name: `24 MAR 18` as tills print it, before a time, or after a date label
            // (`Order date: 28 Jan 15`).
            (index - 3..<index).allSatisfy({ t[$0] >= 0x41 && t[$0] <= 0x5A }) || Self.time(after: j + 3, in: t) != nil
                || (labelled && !":./".utf8.contains(t[j + 3])),
            !t.isLetter(at: index - 4)
        {
            return (j + 3, Self.fullYear(t.intValue(j + 1..<j + 3)))
        } else {
            if t[j] == UInt8(ascii: ",") {
                j += 1
                // `27 March,2018`: the comma without its space.
                if t.digitRun(from: j) == 4, !t.isWordByte(at: j + 4) { return (j + 4, t.intValue(j..<j + 4)) }
            }
            // `09 Jun2018`: a four-digit year glued to the month.
            let glued = t.isDigit(at: j) && Self.startsCentury(at: j, in: t)
            guard t[j] == 0x20 || glued else { return nil }
            if !glued { j += 1 }
            if t.hasPrefix("de ", at: j) { j += 3 } else if t.hasPrefix("del ", at: j) { j += 4 }
        }
        var n = t.digitRun(from: j)
        if n < 4, let year = Self.damagedYear(at: j, in: t) { return (j + 4, year) }
        // `10 Apr 201818:21`: the time glued to the year.
        if (5...6).contains(n), t[j + n] == UInt8(ascii: ":"), t.digitRun(from: j + n + 1) == 2, Self.startsCentury(at: j, in: t) {
            n = 4
        }
        guard n == 4 || (n == 2 && hyphenated), n == 4 && t.isDigit(at: j + 4) || !t.isWordByte(at: j + n) else { return nil }
        if "./-".utf8.contains(t[j + n]), t.isDigit(at: j + n + 1) { return nil }
        let value = t.intValue(j..<j + n)
        return (j + n, n == 2 ? Self.fullYear(value) : value)
    }

    /// Where the time after a time's label starting at `index` begins (the label, the spaces and the colon after it
    /// skipped), nil when no label starts there.
    static func timeLabelEnd(at index: Int, in t: UTF8Text) -> Int? {
        for label in timeLabels where t.hasPrefix(label, at: index) {
            var k = index + label.utf8.count
            guard t[k] == 0x20 || t[k] == UInt8(ascii: ":") else { continue }
            k += spaceRun(from: k, in: t)
            if t[k] == UInt8(ascii: ":") { k += 1 + spaceRun(from: k + 1, in: t) }
            return k
        }
        return nil
    }

    /// Words that label a receipt's time beside its date (lower-case, or as printed where the script has capitals
    /// `hasPrefix` does not fold), longest first where one starts another.
    private static let timeLabels = [
        "uhrzeit", "zeit", "time", "heure", "hora", "saat", "kl.", "klo", "kl", "kello", "tid", "tijd", "ora", "godzina",
        "godz.", "godz", "czas", "čas", "Čas", "ČAS", "idő", "ώρα", "ωρα", "Ώρα", "Ωρα", "ΩΡΑ", "время", "Время", "ВРЕМЯ",
        "שעה", "시간", "時間", "时间",
    ]

    /// The number of spaces from `index`, at most eight (a receipt's column gap; more is another column's text).
    static func spaceRun(from index: Int, in t: UTF8Text) -> Int {
        var n = 0
        while n < 8, t[index + n] == 0x20 { n += 1 }
        return n == 8 && t[index + n] == 0x20 ? 0 : n
    }

    // MARK: - Time beside a date

    /// Whether a clock's time stands after `index` across a till's column of spaces, wider than `time(after:)` takes,
    /// its digits perhaps read as letters too (`08.O5.2024            10:14:32`, `O3/O2/2O19 O7:48`).
    static func clockInColumn(after index: Int, in t: UTF8Text) -> Bool {
        var k = index
        while t[k] == 0x20, k - index < 24 { k += 1 }
        func digit(_ i: Int) -> Bool { t.isDigit(at: i) || digitLike[t[i]] != nil }
        guard k > index, digit(k) else { return false }
        let hours = digit(k + 1) ? 2 : 1
        return t[k + hours] == UInt8(ascii: ":") && digit(k + hours + 1) && digit(k + hours + 2) && !digit(k + hours + 3)
    }

    /// Whether `HH:MM` (one or two digits of the hour) starts at `index`.
    static func isClock(at index: Int, in t: UTF8Text) -> Bool {
        let h = t.digitRun(from: index)
        return (1...2).contains(h) && t[index + h] == UInt8(ascii: ":") && t.digitRun(from: index + h + 1) == 2
    }

    /// A time right after a date: ` 14:32`, `T14:32:05`, `, 2:32 PM`, ` at 14:32`, ` um 14:32`, `(金) 14:32`,
    /// ` 14h32`.
    /// `pointed`: `16.42` is a time too (see `pointedTimes`), after a space or a label, not after a connector's dash.
    static func time(after index: Int, in t: UTF8Text, pointed: Bool = false) -> (end: Int, time: TimeOfDay)? {
        var j = index
        var connector = false
        // `15日14:32`: Japanese and Chinese dates end in 日 and may run straight into the time.
        let endsInDay = index >= 3 && t[index - 3] == 0xE6 && t[index - 2] == 0x97 && t[index - 1] == 0xA5
        if t[j] == UInt8(ascii: "T"), t.isDigit(at: j + 1) {
            j += 1
        } else if (endsInDay || t.isDigit(at: j - 1)) && t.isDigit(at: j) {
            // the time follows directly
        } else if t[j] == UInt8(ascii: "-") || t[j] == UInt8(ascii: "."), t.isDigit(at: j - 1), Self.isClock(at: j + 1, in: t) {
            j += 1  // `09/08/2020-20:46`, `11/02/2020.19:58`
        } else {
            // An optional weekday in brackets, right after the date or after a space: `(Fri)`, `(金)`, ` (Tue)`.
            let bracket = t[j] == UInt8(ascii: "(") ? j : (t[j] == 0x20 && t[j + 1] == UInt8(ascii: "(") ? j + 1 : nil)
            if let bracket, let close = t.bytes[bracket..<min(t.count, bracket + 12)].firstIndex(of: UInt8(ascii: ")")) {
                j = close + 1
            }
            // (A comma, or the dot a date ends with: Hungarian, Croatian, Serbian `2022.11.02. 09:29`, `15.03.2024. 14:22`.)
            if t[j] == UInt8(ascii: ",") || (t[j] == UInt8(ascii: ".") && t.isDigit(at: j - 1)) { j += 1 }
            // Receipts print the time in its own column: `14.01.2022     19:39`, `Datum: 14.01.2022  Uhrzeit: 19:39`.
            let spaces = Self.spaceRun(from: j, in: t)
            guard spaces > 0 else { return nil }
            j += spaces
            // Connectors between a date and its time, longest first where one starts another (`à` as printed or
            // without its accent, as capitals and the OCR drop it); then the time's label, with or without its colon
            // (`Time:14:22`, `SAAT : 15:27`, `ΩΡΑ 10:44`).
            for word in [
                "at ", "um ", "à ", "a las ", "a la ", "a ", "alle ore ", "alle ", "ore ", "às ", "om ", "- ", "@ ", "| ", "/ ",
            ] where t.hasPrefix(word, at: j) {
                j += word.utf8.count
                j += Self.spaceRun(from: j, in: t)
                connector = true
                break
            }
            if !connector, let after = Self.timeLabelEnd(at: j, in: t) {
                j = after
                connector = true
            }
        }
        let h = t.digitRun(from: j)
        if (1...2).contains(h), let cjk = cjkTime(at: j, hourDigits: h, in: t) { return cjk }
        // An hour alone after `at` (`at 3 pm`), or glued to its marker (`3pm`; German `2 am Markt` is no time).
        if (1...2).contains(h), connector || t[j + h] != 0x20, let hourOnly = Self.hourWithMarker(at: j, digits: h, in: t) {
            return hourOnly
        }
        // French hours: `10 h 30`, and `10h` or `10 h` alone after `à` or a comma (`4 mars 2024, 10h`).
        let joined = connector || t[index] == UInt8(ascii: ",")
        if (1...2).contains(h), let french = Self.frenchHour(at: j, digits: h, afterConnector: joined, in: t) { return french }
        // `14:32`, or French `14h32`.
        let separator = t[j + h]
        let point =
            pointed && h == 2 && j > index && separator == UInt8(ascii: ".")
            && !(t[j + h + 3] == UInt8(ascii: ".") || t[j + h + 3] == UInt8(ascii: ",")) && t.isDigit(at: j + h + 1)
            && CurrencySymbols.mark(startingAtOrAfterSpace: j + h + 3, in: t) == nil
        guard (1...2).contains(h), separator == UInt8(ascii: ":") || separator | 0x20 == UInt8(ascii: "h") || point,
            t.digitRun(from: j + h + 1) == 2
        else { return nil }
        var hour = t.intValue(j..<j + h)
        let minute = t.intValue(j + h + 1..<j + h + 3)
        var end = j + h + 3
        var second: Int?
        if separator == UInt8(ascii: ":"), t[end] == UInt8(ascii: ":"), t.digitRun(from: end + 1) == 2 {
            second = t.intValue(end + 1..<end + 3)
            end += 3
        }
        guard !t.isDigit(at: end), !(t[end] == UInt8(ascii: ":") && t.isDigit(at: end + 1)) else { return nil }
        // 12-hour clock.
        if let (markerEnd, isPM) = Self.meridiem(after: end, in: t) {
            // `14:01 PM`: some tills print the 24-hour clock and the marker both.
            if !(isPM && (13...23).contains(hour)) {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + (isPM ? 12 : 0)
            }
            end = markerEnd
        }
        guard hour < 24, minute < 60, (second ?? 0) < 60 else { return nil }
        return (end, TimeOfDay(hour: hour, minute: minute, second: second))
    }
}

extension DateDetector {
    /// French hours that `14h32` does not cover: `10 h 30` (spaced), and `10h`, `10 h` without minutes where a connector
    /// or a comma joins them to the date (a bare `10 h` is as often ten hours).
    fileprivate static func frenchHour(at j: Int, digits h: Int, afterConnector: Bool, in t: UTF8Text) -> (end: Int, time: TimeOfDay)? {
        let hour = t.intValue(j..<j + h)
        guard hour < 24 else { return nil }
        let spaced = t[j + h] == 0x20 ? 1 : 0
        guard t[j + h + spaced] | 0x20 == UInt8(ascii: "h"), !t.isLetter(at: j + h + spaced + 1) else { return nil }
        let hEnd = j + h + spaced + 1
        if spaced == 1, t[hEnd] == 0x20, t.digitRun(from: hEnd + 1) == 2, !t.isWordByte(at: hEnd + 3) {
            let minute = t.intValue(hEnd + 1..<hEnd + 3)
            return minute < 60 ? (hEnd + 3, TimeOfDay(hour: hour, minute: minute, second: nil)) : nil
        }
        guard afterConnector, !t.isDigit(at: hEnd) else { return nil }
        return (hEnd, TimeOfDay(hour: hour, minute: 0, second: nil))
    }

    /// `3 pm`, `11am`, `3 p.m.`: an hour of the 12-hour clock without minutes.
    fileprivate static func hourWithMarker(at j: Int, digits h: Int, in t: UTF8Text) -> (end: Int, time: TimeOfDay)? {
        let hour = t.intValue(j..<j + h)
        guard (1...12).contains(hour), let (end, isPM) = meridiem(after: j + h, in: t) else { return nil }
        return (end, TimeOfDay(hour: hour % 12 + (isPM ? 12 : 0), minute: 0, second: nil))
    }

    /// `am`, `pm`, `a.m.`, `p.m.` right after `index` or one space after it, as a word: its end and whether it is
    /// afternoon.
    fileprivate static func meridiem(after index: Int, in t: UTF8Text) -> (end: Int, isPM: Bool)? {
        let k = t[index] == 0x20 ? index + 1 : index
        for (marker, isPM) in [("am", false), ("pm", true), ("a.m.", false), ("p.m.", true)]
        where t.hasPrefix(marker, at: k) && !t.isLetter(at: k + marker.utf8.count) {
            return (k + marker.utf8.count, isPM)
        }
        return nil
    }

    /// `14時32分` and `14時32分05秒` (Japanese, Chinese), `14시 32분` (Korean): hours of the 24-hour clock.
    fileprivate static func cjkTime(at j: Int, hourDigits h: Int, in t: UTF8Text) -> (end: Int, time: TimeOfDay)? {
        let units: [(hour: String, minute: String, second: String)] = [("時", "分", "秒"), ("时", "分", "秒"), ("시", "분", "초")]
        for unit in units where t.hasPrefix(unit.hour, at: j + h) {
            var k = j + h + unit.hour.utf8.count
            if t[k] == 0x20 { k += 1 }
            let m = t.digitRun(from: k)
            guard (1...2).contains(m), t.hasPrefix(unit.minute, at: k + m) else { return nil }
            let hour = t.intValue(j..<j + h), minute = t.intValue(k..<k + m)
            var end = k + m + unit.minute.utf8.count
            var second: Int?
            var s = end
            if t[s] == 0x20 { s += 1 }
            let n = t.digitRun(from: s)
            if (1...2).contains(n), t.hasPrefix(unit.second, at: s + n) {
                second = t.intValue(s..<s + n)
                end = s + n + unit.second.utf8.count
            }
            guard hour < 24, minute < 60, (second ?? 0) < 60 else { return nil }
            return (end, TimeOfDay(hour: hour, minute: minute, second: second))
        }
        return nil
    }
}

/// A valid Gregorian calendar date.
struct CalendarDate: Hashable, Sendable {
    let year: Int, month: Int, day: Int

    /// Nil for impossible dates (`2023-02-29`, `31/04`) and years outside 1900...2099, which receipts do not print
    /// but digit groups that happen to look like dates do.
    init?(year: Int, month: Int, day: Int) {
        guard (1900...2099).contains(year), (1...12).contains(month), day >= 1 else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    var iso: String { "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))" }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

/// A time of day printed beside a date.
struct TimeOfDay: Hashable, Sendable {
    let hour: Int, minute: Int, second: Int?

    var iso: String {
        "\(CalendarDate.twoDigits(hour)):\(CalendarDate.twoDigits(minute))" + (second.map { ":\(CalendarDate.twoDigits($0))" } ?? "")
    }
}
