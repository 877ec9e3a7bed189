import DataScanModel

/// Text a page shows that a reading left out: the character-shaped marks standing in rows as letters do
/// (`CharacterShapes.inRows`, the ink found tile by tile) that lie outside every word read.
///
/// Tesseract thresholds a page once, with one level for all of it. A faded receipt photographed on a dark table
/// falls on the wrong side of it: the level lies between the table and the paper, and the print, lighter than the
/// level, is gone. Tesseract then reads a few of the darkest words surely and nothing else, a reading that neither
/// reads poorly nor says anything of a receipt, so `auto` had no reason to read the page again. The ink found tile
/// by tile still shows every row of the print.
package enum UnreadText {
    /// How many of the marks lie outside every word of `lines` (the words' boxes grown by half their height), and how
    /// many marks there are. Marks under half the height of those the words hold are not counted (the paper's grain
    /// and a print's specks stand in rows too). Pages over 3 MP are looked at halved.
    package static func count(on image: GrayImage, read lines: [RecognizedLine]) -> (unread: Int, marks: Int) {
        let (work, halvings) = image.halved(toAtMost: 3_000_000)
        let scale = Double(halvings)
        let marks = CharacterShapes.inRows(CharacterShapes.inLocalInk(of: work))
        let words = lines.flatMap(\.words).map { word -> Rect in
            let r = word.bounds.boundingRect
            let grow = 0.5 * r.height
            return Rect(
                x: (r.x - grow) / scale, y: (r.y - grow) / scale, width: (r.width + 2 * grow) / scale, height: (r.height + 2 * grow) / scale
            )
        }
        let isRead = marks.map { mark in
            let x = Double(mark.x0 + mark.x1) / 2, y = Double(mark.y0 + mark.y1) / 2
            return words.contains { x >= $0.x && x <= $0.x + $0.width && y >= $0.y && y <= $0.y + $0.height }
        }
        let read = marks.indices.filter { isRead[$0] }.map { marks[$0].height }.sorted()
        let least = read.count >= minimumReadMarks ? Double(read[read.count / 2]) / 2 : 0
        let counted = marks.indices.filter { Double(marks[$0].height) >= least }
        return (counted.count { !isRead[$0] }, counted.count)
    }

    /// Marks in words needed to measure the text's height by them.
    static let minimumReadMarks = 10

    /// Whether `lines` left out most of the text `image` shows: at least `minimumUnread` marks, and at least
    /// `unreadShare` of them.
    package static func leftOut(on image: GrayImage, read lines: [RecognizedLine]) -> Bool {
        let (unread, marks) = count(on: image, read: lines)
        return unread >= minimumUnread && Double(unread) >= unreadShare * Double(marks)
    }

    static let minimumUnread = 40
    static let unreadShare = 0.5
}
