import DataScanModel

/// The lexicon's phrases, per supported language.
extension ReceiptLexicon {
    /// The phrases, most specific first: a line that says `Total GST` is a tax line before it is a total line,
    /// `Total Qty` a count, `Total Sales (Excluding GST)` a subtotal, `Total Sales (Inclusive GST)` the final total.
    static let phrases: [Phrase] = {
        var table: [(String, Role, Bool)] = []
        func add(_ role: Role, _ texts: [String], atLineStart: Bool = false) {
            for t in texts { table.append((t, role, atLineStart)) }
        }
        add(
            .taxSummary,
            [
                "gst summary", "tax summary", "sst summary", "vat summary", "gst analysis", "vat analysis", "tax analysis",
                "summary amount", "mwst satz", "mwst netto", "steuer netto", "netto mwst", "ust satz", "ust netto", "netto brutto",
                "steuer brutto",
                "tva taux", "taux ht tva", "iva base", "base imponible iva", "base imponible cuota", "imponible cuota", "imponibile iva",
                "btw grondslag",
            ])
        // `Item(s) Subtotal`: the items' sum, before the count phrases its first word starts.
        add(.subtotal, ["item s subtotal", "items subtotal", "item subtotal", "item s sub total", "items sub total"])
        // Vietnamese `Tổng tiền hàng` (the goods' sum), before the total's `Tổng tiền` it starts with.
        add(.subtotal, ["tong tien hang", "tổng tiền hàng", "cong tien hang", "cộng tiền hàng"])
        // Arabic: the sum before the tax, and the tax's total (`إجمالي ضريبة القيمة المضافة`), before the total's
        // `الإجمالي` they start with (with and without the hamza, as the OCR reads it).
        add(.subtotal, ["المجموع الفرعي", "الإجمالي الفرعي", "الاجمالي الفرعي", "الإجمالي قبل الضريبة", "الاجمالي قبل الضريبة"])
        add(.tax, ["إجمالي ضريبة", "اجمالي ضريبة", "إجمالي الضريبة", "اجمالي الضريبة"])
        // Hebrew: the sum before the VAT (`סה"כ לפני מע"מ`), before the total's `סה"כ` it starts with (its `"`, or the
        // gershayim `״`, as printed; the OCR may drop it).
        add(.subtotal, ["סה כ לפני מע מ", "סה״כ לפני מע״מ", "סהכ לפני מעמ", "סכום ביניים", "ביניים"])
        add(
            .count,
            [
                "total qty", "total quantity", "total items", "total item", "total no of items", "item count", "items count",
                "jumlah item", "jumlah barang",
                "qty count", "no of items", "no of item", "number of items", "total pcs", "anzahl artikel", "artikel anzahl",
                "nombre d articles", "total units", "anzahl posten", "total de itens", "qtde total de itens", "quantidade de itens",
                "qtd de itens", "qtd itens", "total de articulos", "numero de articulos", "totale articoli", "numero articoli",
                "toplam urun", "urun adedi", "toplam adet", "συνολο ειδων", "τεμαχια", "antal varer", "pocet poloziek",
                "tetelek szama",
            ])
        // The sales a Philippine receipt lists beside its VATable sales that bear no VAT (`VAT-Exempt Sales`,
        // `Zero-Rated Sales`): neither a tax nor the subtotal, so read as a count is (none of the foot's amounts).
        add(
            .count,
            [
                "vat exempt sales", "vat exempt sale", "vat exempt amount", "vat exempt", "zero rated sales", "zero rated sale",
                "zero rated", "exempt sales", "non vat sales", "non vatable sales",
            ])
        // What is left on a benefit or gift card after the sale (`EBT FOOD BAL $112.46`): none of the foot's amounts.
        add(
            .count,
            [
                "ebt food bal", "ebt cash bal", "ebt food balance", "ebt cash balance", "food bal", "gift card balance", "gift card bal",
                "card balance",
            ])
        // Loyalty points (`Total March Fuel Points: 312`, `Punkte gesamt 120`): counts, however a total's word names them.
        add(
            .count,
            [
                "points", "fuel points", "total points", "points earned", "points balance", "pts", "punkte", "payback punkte",
                "puntos", "pontos", "punti", "ポイント", "포인트", "积分", "積分",
            ])
        // Words of item names too (`GROCERY ITEM 5.49`): a count only where they start the line.
        add(.count, ["item s", "qty", "quantity", "posten", "artikel"], atLineStart: true)
        // Totals of what was saved (`SAVING GRAND TOTAL $2.60`, `Savings Total`): discounts, before the total phrases in
        // them.
        add(
            .discount,
            [
                "saving grand total", "savings grand total", "saving total", "savings total", "total saving", "discount total",
                "discounts total", "total discounts", "tong tien da giam", "tổng tiền đã giảm", "rabatt gesamt", "gesamt rabatt",
                "ersparnis gesamt", "gesamtersparnis", "total saved", "total you saved",
            ])
        add(
            .total(strength: 3),
            [
                "total sales inclusive of gst", "total sales inclusive gst", "total sales incl gst", "total inclusive of gst",
                "total inclusive gst", "total incl of gst", "total incl gst", "total includes gst", "total include gst",
                "total after adj", "total after rounding", "total amt rounded", "total amount rounded", "rounded total",
                "total rounded", "nett total", "nett amount", "net payable", "total payable", "amount payable", "grand total",
                "amount due", "balance due", "total due", "total to pay", "balance to pay", "amount to pay", "balance payable",
                "bill amount", "bill amt", "net bill amount", "bill total",
                "total bill", "att betala", "do zaplaty", "do zapłaty", "należność", "naleznosc", "k uhrade", "k úhradě", "å betale",
                "at betale",
                "jumlah besar", "jumlah bayaran", "total bayar", "total belanja", "total tagihan", "tong cong", "tổng cộng",
                "tong tien phai thanh toan", "tổng tiền phải thanh toán", "tong tien phai t toan", "tong tien phai tra",
                "tổng tiền phải trả", "phai thanh toan", "phải thanh toán", "phai t toan", "khach can tra", "khách cần trả", "tong tien",
                "tổng tiền", "tong thanh toan",
                "tổng thanh toán", "gesamtbetrag",
                "gesamtsumme", "endbetrag", "endsumme", "zu zahlen", "bonsumme", "rechnungsbetrag", "rechnungssumme", "bruttobetrag",
                "bruttosumme", "gesamtbrutto", "zahlbetrag", "zu zahlender betrag", "fizetendo", "fizetendő", "total ttc", "net a payer",
                "a payer",
                "montant du", "montant ttc", "total a payer", "total a regler", "net a regler", "a regler", "totale complessivo",
                "totale euro",
                "importe total", "total a pagar", "valor a pagar", "valor total", "total compra", "totale da pagare", "totale complessivo",
                "te betalen", "totaalbedrag",
                "総計", "お会計", "お買上計", "買上計", "お買上合計", "買上合計", "ご請求金額", "請求金額", "总计", "應付", "應付金額", "應收", "應收金額",
                "總計", "总额", "總額", "总金额", "總金額", "应付金额", "应收金额", "合计金额", "合計金額", "价税合计", "價稅合計",
                "결제금액", "받을금액", "총액", "청구금액", "итого к оплате", "всего к оплате", "к оплате", "сума до сплати",
                "до сплати", "до оплати", "сума за плащане", "за плащане", "обща сума", "укупно за уплату", "за уплату", "укупан износ",
                "합계금액", "총금액", "الإجمالي", "الاجمالي", "إجمالي", "اجمالي", "المبلغ المستحق", "za platiti", "za plaćanje", "za placanje",
                "za plačilo", "za placilo", "ukupan iznos",
                // Estonian, Latvian, Lithuanian, Finnish: to pay.
                "kokku km ga", "summa km ga", "kokku tasuda", "tasuda", "tasumisele", "summa apmaksai",
                "kopā apmaksai", "samaksai", "apmaksai", "mokėti",
                "mokėtina suma", "maksettava", "maksettavaa",
                // Thai: the amount to pay, the grand total, the net total.
                "ยอดเงินชำระ", "ยอดชำระ", "รวมทั้งสิ้น", "ยอดสุทธิ", "จำนวนเงินรวม", "รวมเป็นเงิน",
                // Turkish, Greek, Romanian, Czech: the grand total, the amount to pay.
                "genel toplam", "ödenecek tutar", "ödenecek", "toplam tutar", "γενικο συνολο", "συνολο πληρωτεο", "πληρωτεο ποσο",
                "πληρωτεο", "total de plată", "de plată", "k zaplacení", "celková suma", "celkova cena", "fizetendő összeg",
                // Hebrew: the total to pay, to pay.
                "סה כ לתשלום", "סה״כ לתשלום", "סהכ לתשלום", "לתשלום",
            ])
        add(
            .subtotal,
            [
                "total sales excluding gst", "total sales excl gst", "total excluding gst", "total excl gst", "total exclusive gst",
                "total exclusive of gst", "total excl tax", "total before tax", "total before gst", "total ht", "total net", "net amount",
                "subtotal", "sub total", "zwischensumme", "sous total", "subtotale", "subtotaal", "net total", "netto", "total w o gst",
                "amount excl gst", "amount excluding gst", "amt excl gst", "amt exc gst", "amount exc gst", "exc gst", "excl gst",
                "excluding gst", "excl tax", "excl vat", "total ex vat", "total exc vat", "total excl vat", "ex vat", "exc vat",
                "공급가액", "подытог", "междинна сума", "과세물품가액", "과세물품", "물품가액", "과세매출", "판매금액", "osnovica", "nettobetrag", "zwischentotal",
                "total exkl mwst",
                "total ohne mwst",
                "netto betrag", "nettosumme", "base imponible", "imponibile", "total ht",
                "montant ht", "subtotaal excl", "net sales", "taxable amount", "taxable amt", "taxable value", "taxable total",
                "gst taxable", "vat taxable", "total taxable", "taxable sales", "excluded gst", "gst excluded", "excluded vat",
                "vat excluded", "excluded tax", "tax excluded", "小計", "小计",
                "税抜", "税別",
                "소계", "ก่อนภาษี", "kokku km ta", "summa km ta", "km ta",
                "ara toplam", "υποσυνολο", "μερικο συνολο", "καθαρη αξια", "mellemsum", "mellomsum", "delsumma", "részösszeg",
                "mezisoučet", "medzisúčet", "sprzedaż opodatkowana", "vatable sales", "vatable",
            ])
        add(
            .serviceCharge,
            [
                "service charge", "service fee", "service chg", "svc charge", "svc chg", "srv chg", "srv charge", "serv chg", "serv charge",
                "sc 10",
                "service tax 10", "servicegebuhr", "bedienungsgeld", "frais de service", "cargo por servicio",
                "servicekosten", "サービス料", "服务费", "봉사료",
                // Fees a ride, a delivery or a ticket adds to its fare or order (`Booking Fee $2.85`).
                "booking fee", "delivery fee", "convenience fee", "processing fee", "small order fee", "surcharge",
                "surcharges", "card surcharge", "fuel surcharge", "liefergebuhr", "frais de livraison",
            ])
        add(
            .rounding,
            [
                "rounding adjustment", "rounding adj", "round adj", "rounding", "rounded adj", "adj rounding", "rounding amt", "rnd adj",
                "round off", "rounding off", "adjustment", "adj",
                "penggenapan", "pelarasan", "kerekítés", "zaokrouhlení", "zaokrúhlenie", "yuvarlama", "afrunding", "öresavrundning",
                "avrundning", "öresutjämning", "avrunding", "pyöristys", "ümardamine", "ümardus", "noapaļošana", "apvalinimas",
                "zaokrąglenie", "zaokruživanje", "zaokrožitev", "rotunjire", "округление", "заокруживање",
            ])
        // Words of item names too (`ARROZ REDONDO`, round rice, is one letter from `redondeo`): a rounding only where
        // they start the line.
        add(
            .rounding,
            [
                "pembulatan", "rundung", "rundungsdifferenz", "rundungsvorteil", "rundungsbetrag", "arrondi", "arrotondamento",
                "redondeo", "afronding", "arredondamento",
            ], atLineStart: true)
        add(
            .includedTax,
            [
                "税込", "内税", "内消費税", "부가세포함",
                "davon mwst", "darin mwst", "enthaltene mwst", "inkl mwst", "incl mwst", "enth mwst", "mwst enthalten",
                "gst included", "included gst", "includes gst", "inclusive gst", "inclusive of gst", "incl gst", "tax included",
                "gst incl", "gst inclusive", "vat incl", "vat inclusive", "tax incl", "tax inclusive",
                "vat included", "incl vat", "including vat",
                "inc vat", "dont tva", "di cui iva", "shu jumladan", "shu jumladan qqs", "соның ішінде", "այդ թվում", "в т ч ндс",
                "в том числе ндс", "у т ч пдв", "в т ч пдв", "у тому числі пдв",
                "incl tax", "including tax", "iva incluido", "iva incluida", "tva incluse",
                // Nordic `of which VAT`, a Turkish till's sum of the taxes its prices include, Romanian `of which VAT`.
                "heraf moms", "moms udgør", "varav moms", "herav mva", "hvorav mva", "inkl moms", "inkl mva", "topkdv",
                "kdv dahil", "din care tva",
            ])
        // Not Portuguese `imposto`: one letter from Italian `importo` (amount), which would read as tax.
        add(
            .tax,
            [
                "total gst", "total tax", "total vat", "gst amount", "tax amount", "gst payable", "service tax", "sales tax",
                "cgst", "sgst", "igst", "utgst", "gst", "sst", "tax", "taxes", "vat", "hst", "pst", "qst", "mwst", "ust", "tva", "iva",
                "btw", "igv", "impuesto", "umsatzsteuer", "mehrwertsteuer", "pajak", "ppn", "mva", "ptu", "dph", "alv",
                "pbl",  // Indonesian restaurant tax `PB1`, as lines are folded: a 1 between letters reads as an l
                "消費税", "税", "부가세", "세금", "ضريبة", "الضريبة", "부가가치세", "부가세액", "ндс", "пдв", "ддс", "pdv", "ddv", "porez", "ภาษีมูลค่าเพิ่ม",
                "käibemaks", "pvn", "מע מ", "מע״מ", "מעמ", "thue gtgt", "thuế gtgt", "gtgt",
                "pvm", "moms", "kdv", "φπα", "φ π α", "áfa", "ədv", "qqs", "ққс", "ааһ", "ддв", "нөат", "დღგ",
                // Sums of the taxes whose first word is a total's (`TOPLAM KDV`, glued `TOPLAMKDV`): taxes.
                "toplam kdv", "kdv tutari", "συνολο φπα", "suma ptu",
            ])
        // A gift card or gift voucher paying part of the bill (`AEON GIFT VOUCHER 50.00` above `VISA 76.23`,
        // `EDEKA Geschenkkarte 20,00` above `Gegeben Bar`): a tender, before the discount's `voucher`.
        add(
            .payment,
            [
                "gift voucher", "gift card", "giftcard", "gift certificate", "gift cert", "geschenkkarte", "geschenkgutschein",
                "wertgutschein", "einkaufsgutschein", "carte cadeau", "cheque cadeau", "chèque cadeau", "bon cadeau", "tarjeta regalo",
                "vale regalo", "cheque regalo", "buono regalo", "carta regalo", "cadeaukaart", "cadeaubon", "vale presente",
                "cartao presente", "cartão presente", "presentkort", "gavekort", "lahjakortti", "karta podarunkowa", "bon podarunkowy",
                "подарочная карта", "подарочный сертификат", "dárková karta", "darkova karta", "dárkový poukaz", "darkovy poukaz",
                "ajándékkártya", "ajandekkartya", "hediye kartı", "hediye karti", "hediye çeki", "hediye ceki", "kartu hadiah",
                "baucar hadiah", "voucher belanja", "voucher hadiah",
                // Meal vouchers and cards, and wallets a card word does not name (`TICHETE DE MASA 60.00`, `MERCADO PAGO
                // QR 5.000,00`).
                "tichete de masa", "tichet de masa", "bonuri de masa", "ticket restaurant", "ticket resto", "titre restaurant",
                "titres restaurant", "cheque dejeuner", "chèque déjeuner", "buoni pasto", "buono pasto", "stravenky", "stravenka",
                "szép kártya", "szep kartya", "maaltijdcheque", "maaltijdcheques", "vale refeicao", "vale refeição", "vale alimentacao",
                "vale alimentação", "vales de despensa", "vale de despensa", "lunch voucher", "meal voucher", "sodexo", "edenred", "pluxee",
                "mercado pago", "mercadopago",
            ])
        add(
            .discount,
            [
                "total discount", "total savings", "discount", "disc", "saving", "rabatt", "remise", "reduction", "descuento", "sconto",
                "desconto", "korting", "скидка", "знижка", "отстъпка", "попуст", "diskon", "potongan", "giam gia", "giảm giá", "coupon",
                "savings", "you saved", "voucher", "値引", "ส่วนลด",
                "割引", "할인", "خصم", "الخصم", "indirim", "iskonto", "εκπτωση", "rabat", "reducere", "kedvezmény", "chiet khau", "chiết khấu",
                "הנחה",
            ])
        // The total with the tip a card slip adds (`TOTAL CON PROPINA`), before the tip words: what the card was charged.
        add(
            .total(strength: 2),
            [
                "total with tip", "total incl tip", "total including tip", "total with gratuity", "total incl gratuity",
                "total con propina", "total inkl trinkgeld", "total mit trinkgeld", "gesamt inkl trinkgeld", "gesamt mit trinkgeld",
                "total avec pourboire", "totale con mancia", "total com gorjeta", "totaal met fooi",
            ])
        add(
            .tip,
            [
                "tip", "tips", "gratuity", "trinkgeld", "pourboire", "propina", "mancia", "gorjeta", "fooi", "チップ", "팁", "봉사료", "napiwek",
                "drikkepenge", "juomaraha", "spropitné", "spropitne", "borravaló", "borravalo", "bahşiş", "bahsis",
                "φιλοδώρημα", "φιλοδωρημα", "bacsis", "bacșiș", "чаевые", "чайові", "napojnica", "напојница", "бакшиш", "napitnina",
                "dricks", "drikkepenger",
            ])
        add(
            .change,
            [
                "change due", "change amt", "change amount", "cash change", "change cash", "amount change", "your change", "baki",
                "zuruck",
                "zurück", "rendu monnaie", "a rendre", "devolucion", "a devolver", "rückgeld", "ruckgeld", "rückg", "ruckg",
                "wechselgeld",
                "monnaie rendue", "rendu", "cambio", "vuelto", "resto", "troco", "wisselgeld", "terug", "お釣り", "おつり", "お釣", "釣銭", "釣り",
                "거스름돈", "잔돈", "الباقي", "المتبقي", "сдача", "решта", "ресто", "кусур", "qalıq", "qaytim", "вратено", "қайтарым", "хариулт",
                "ხურდა", "povrat", "kusur", "vračilo", "vracilo", "找零",
                "kembalian", "vaxel",
                "växel", "byttepenge", "veksel",
                "reszta", "vraceno", "vráceno", "vaihtoraha",
                // Cash handed back on a card payment (`DEBIT TEND 52.34`, `CASH BACK 20.00` on a total of 32.34): change.
                "cash back", "cashback",
                "visszajaro", "visszajáró",
                "atlikums", "grąža", "เงินทอน",
                "tien thoi", "tiền thối", "tien thua", "tiền thừa", "tien tra lai", "tiền trả lại", "应找钱", "找钱", "找續", "找赎", "找贖",
                "para üstü", "paraüstü", "ρεστα", "vrátené", "výdavok", "עודף",
            ])
        // Lithuanian `IŠ VISO` (in all), before the cards: its `VISO` is one letter from `Visa`.
        add(.total(strength: 2), ["iš viso", "is viso"])
        // Vietnamese `Thanh toán: 92.000` (payment: what is to be paid), where it starts the line (`Hình thức thanh toán`
        // names the way of paying).
        add(.total(strength: 2), ["thanh toan", "thanh toán"], atLineStart: true)
        // A card named after `Gegeben` (`Geg. EC-Karte`, `Gegeben Girocard`): the amount paid by card, not cash.
        add(
            .payment,
            [
                "geg ec karte", "gegeben ec karte", "geg ec cash", "gegeben ec cash", "geg karte", "gegeben karte", "geg girocard",
                "gegeben girocard", "geg kreditkarte", "gegeben kreditkarte", "geg visa", "gegeben visa", "geg mastercard",
                "gegeben mastercard", "geg maestro", "gegeben maestro",
            ])
        // Before the cash words: `CB SANS CONTACT` is a card, not `contant` (Dutch cash) one letter off.
        add(.payment, ["ec cash", "sans contact", "contactless", "sin contacto", "senza contatto", "contactloos"])
        // Mongolian `Бэлэн бус (карт)` and Kazakh `Қолма-қол емес`: not cash, before the cash words they start with.
        add(.payment, ["бэлэн бус", "қолма қол емес"])
        // The total a cash payment rounds to, under the total and its cash rounding (`TOTAL (CASH) 77.65`), or the
        // total if paid in cash beside one if paid by card: a total, not cash handed over (before the cash words).
        add(.total(strength: 2), ["total cash"])
        add(
            .cash,
            [
                "cash tendered", "cash received", "cash paid", "amount tendered", "amount received", "tendered", "tunai", "kontant",
                "kontanter", "gotowka", "gotówka", "hotove", "hotově", "hotovost", "hotovosť", "keszpenz", "készpénz",
                "kateinen", "käteinen", "tien mat", "tien khach tra", "tiền khách trả", "khach tra", "khách trả", "tien khach dua",
                "tiền khách đưa", "khach dua", "khách đưa",
                "tiền mặt", "cash",
                "valor recebido", "valor pago",
                "geg bar", "gegeben bar", "bar eur", "bezahlt bar", "bar bezahlt", "zahlung bar", "zahlart bar",
                "entregado", "contante",
                "bargeld", "gegeben", "geg eur", "especes", "efectivo", "contanti", "dinheiro", "numerario", "contant", "お預り", "お預かり", "預り",
                "預かり",
                "現金", "현금", "نقدا", "نقداً", "نقدي", "كاش", "เงินสด", "รับเงิน", "받은금액", "наличные", "наличными", "готівка", "готівкою",
                "в брой", "готовина", "gotovina",
                "现金", "实收",
                "sularaha",
                "nağd", "naqd", "naqd pul", "կանխիկ", "қолма қол", "бэлэн", "бэлэн мөнгө", "ნაღდი",
                "skaidrā nauda", "grynieji", "grynaisiais", "nakit", "μετρητα", "numerar", "prijaté", "přijato", "modtaget", "מזומן",
                "במזומן",
            ])
        // `Geg.` alone where it starts the line: an item code (`GOG66 AXE DEO`) reads like it. So does a French till's
        // `ESP.` (espèces).
        add(.cash, ["bar", "geg", "esp"], atLineStart: true)
        // A Japanese till's `お預り` and `お釣` as PP-OCR's Chinese recognizer may read them, their kana lost (`预金额
        // ¥1,000`, `钓 ￥471`): the kanji alone, where it starts the line.
        add(.cash, ["預"], atLineStart: true)
        add(.change, ["釣"], atLineStart: true)
        // Words that are also ordinary words of item names (`Change purse`, `Chocolate Bar`): they label a line only
        // when they start it.
        add(.change, ["change", "kembali", "tagasi", "takaisin", "tra lai", "trả lại"], atLineStart: true)
        // A tender (`CREDIT RM = 45.35`, `CREDIT TEND 12.50`) where it starts the line; a `Store credit` or `Credit note`
        // line is something else.
        add(.payment, ["credit tend", "credit", "debit tend", "debit"], atLineStart: true)
        // Scandinavian `Kort` (card) where it starts the line: elsewhere it is a word of item names (`kort` is short).
        add(.payment, ["kort"], atLineStart: true)
        // Singapore's `NETS` (and `NETS FlashPay`) where it starts the line: elsewhere a word of item names.
        add(.payment, ["nets flashpay", "nets"], atLineStart: true)
        add(
            .payment,
            [
                "credit card", "debit card", "visa", "mastercard", "master card", "amex", "card", "kartenzahlung", "ec karte", "ec cash",
                "karte", "kreditkarte", "pin", "pinnen", "cb", "carte bleue",
                "girocard", "maestro", "payment", "paid", "bezahlt", "touch n go", "tng", "boost", "grabpay", "e wallet", "ewallet",
                "paytm", "upi", "phonepe", "gpay", "google pay", "apple pay", "eurocard", "twint", "postfinance", "v pay", "vpay",
                "bancontact", "diners", "jcb", "unionpay", "discover", "interac", "kontaktlos",
                "carte bancaire", "carte de credit", "cartao de credito", "cartao de debito", "cartao credito", "cartao debito",
                "tarjeta de credito", "tarjeta de debito", "tarjeta credito", "tarjeta debito", "carta di credito", "carta di debito",
                "carta credito", "cartao", "tarjeta", "carta", "importo pagato", "betaald", "pagamento elettronico", "bancomat",
                "reglement", "paiement",
                "bankkartya",
                "bankkártya", "借方支付", "картой", "карта", "картка", "безналичными", "безготівкова", "с карта", "kartica", "승인금액", "신용카드",
                "pangakaart", "maksekaart", "kaardimakse", "makstud", "maksājuma karte", "kortelė", "mokėjimo kortelė", "korttimaksu",
                "pankkikortti", "kortti", "クレジット", "電子マネー", "決済", "paypay", "eftpos", "tap and go", "tap go", "paywave",
                "paypass", "kredi kartı", "banka kartı", "καρτα", "dankort", "mobilepay", "swish", "vipps", "multibanco", "blik",
                "bankkort", "betalkort", "kreditkort", "debetkort", "kortbetaling", "kortbetalning", "m pesa", "mpesa", "bkash",
                "nagad", "easypaisa", "jazzcash", "anzahlung", "vorauszahlung", "bereits bezahlt", "acompte", "deja regle", "deja paye",
                "kártya", "alipay", "支付宝", "支付寶", "wechat pay", "wechatpay", "微信支付", "八達通", "paynow", "qris", "gopay", "shopeepay",
                "zalopay", "vnpay", "promptpay", "kakaopay", "카카오페이", "삼성페이", "네이버페이", "مدى", "אשראי", "כרטיס אשראי", "the tin dung",
                "thẻ tín dụng", "thanh toan the",
                "thanh toán thẻ", "quet the", "quẹt thẻ", "momo",
                "ebt snap", "ebt food", "snap ebt", "food stamps", "cashless", "platba kartou", "kartou", "platebni karta",
                "platobna karta", "karta platnicza", "karta", "nağdsız", "plastik karta", "անկանխիկ", "ბარათი",
            ])
        add(
            .total(strength: 2),
            [
                "take out total", "takeout total", "eat in total", "dine in total", "innen total", "ausser haus total",
                "total amount", "total amt", "total sales", "total sale", "total price", "total", "totals", "ttl", "summe", "gesamt",
                "jumlah", "totale", "totaal", "montant total", "tot euro", "tot eur", "importe", "totalt", "razem", "suma pln", "ogółem",
                "ogolem", "celkem",
                "osszesen", "összesen", "ยอดรวม", "รวมเงิน", "eur kokku", "summa kokku", "kopā", "kopsumma",
                "yhteensa", "yhteensä", "итого", "итог", "всего", "сумма", "сума", "разом", "усього", "общо", "укупно", "ukupno", "skupaj",
                "合計", "合计", "합계", "총계", "現計", "المجموع", "toplam", "συνολο", "i alt", "spolu", "celkom", "סה כ", "סה״כ",
                "סהכ", "סך הכל", "cəmi", "yekun", "jami", "вкупно", "барлығы", "жиыны", "ընդամենը", "нийт дүн", "ჯამი",
            ])
        // `TAX .52 BAL 41.88`: US grocery tills print the balance due beside the tax.
        add(.total(strength: 2), ["bal"], atLineStart: true)
        // `TL` where it starts the line (`TL: RM 28.60`): after an amount it is the Turkish lira (`*136,40 TL`).
        add(.total(strength: 2), ["tl"], atLineStart: true)
        // Estonian `KOKKU` where it starts the line: elsewhere noise one letter from it (`Skak lok kok kk 6185`).
        add(.total(strength: 2), ["kokku"], atLineStart: true)
        add(.total(strength: 1), ["gross amount", "gross amt", "betrag", "montant"])
        add(
            .total(strength: 1), ["amount", "amt", "balance", "due", "valor", "tutar", "ποσο", "beløb", "so tien", "số tiền"],
            atLineStart: true)
        // Phrases are folded as lines are, so a word written with its accents and its plain twin (`należność`,
        // `naleznosc`) are one phrase: the first is kept.
        struct Key: Hashable {
            let words: [[UInt8]]
            let role: Role
            let atLineStart: Bool
        }
        var seen: Set<Key> = []
        return table.compactMap { text, role, start in
            let words = text.split(separator: " ").map(ReceiptLexicon.foldedPhraseWord)
            guard seen.insert(Key(words: words, role: role, atLineStart: start)).inserted else { return nil }
            return Phrase(words: words, role: role, atLineStart: start)
        }
    }()
}
