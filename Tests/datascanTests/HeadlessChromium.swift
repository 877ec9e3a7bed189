import Foundation
import Testing

/// Debian's `chromium` in headless mode: renders a page to a PNG or dumps its DOM after the scripts ran.
/// `--no-sandbox` because CI runs as root; `--virtual-time-budget` lets timers and lazy images settle first.
enum HeadlessChromium {
    static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var isAvailable: Bool { executable != nil }

    /// The serialized DOM of `file` after it loaded and `budget` ms of (virtual) time passed.
    static func dumpDOM(of file: String, budget: Int = 3000) throws -> String {
        try run(["--dump-dom", "--virtual-time-budget=\(budget)", URL(fileURLWithPath: file).absoluteString])
    }

    /// Renders `file` at `width`×`height` CSS pixels into the PNG `output`.
    static func screenshot(of file: String, to output: String, width: Int = 1280, height: Int = 2000) throws {
        _ = try run([
            "--screenshot=\(output)", "--window-size=\(width),\(height)", "--hide-scrollbars", "--virtual-time-budget=3000",
            URL(fileURLWithPath: file).absoluteString,
        ])
    }

    /// What a PNG shows, measured by the browser itself (a canvas reads the image from a data: URL, which needs no
    /// decoder in the tests): its size, the share of pixels that are not near-white, and the share of saturated
    /// (colored) pixels.
    struct Ink: Equatable {
        var width: Int
        var height: Int
        var nonWhite: Double
        var colored: Double
    }

    static func ink(ofPNG path: String) throws -> Ink {
        let png = try #require(FileManager.default.contents(atPath: path), "no screenshot at \(path)")
        let page = """
            <!DOCTYPE html><html><body><img id="i" src="data:image/png;base64,\(png.base64EncodedString())"><script>
            var i=document.getElementById('i');
            function measure(){var c=document.createElement('canvas');c.width=i.naturalWidth;c.height=i.naturalHeight;
            var x=c.getContext('2d');x.drawImage(i,0,0);var d=x.getImageData(0,0,c.width,c.height).data,ink=0,color=0;
            for(var k=0;k<d.length;k+=4){var r=d[k],g=d[k+1],b=d[k+2];if(r<230||g<230||b<230)ink++;if(Math.max(r,g,b)-Math.min(r,g,b)>60)color++;}
            var n=Math.max(1,c.width*c.height);document.body.setAttribute('data-ink',[c.width,c.height,ink/n,color/n].join(' '));}
            if(i.complete)measure();else i.onload=measure;
            </script></body></html>
            """
        let checker = path + ".ink.html"
        try page.write(toFile: checker, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: checker) }
        let dom = try dumpDOM(of: checker, budget: 2000)
        let value = try #require(attribute("data-ink", in: dom), "the ink checker did not run: \(dom.prefix(300))")
        let parts = value.split(separator: " ")
        try #require(parts.count == 4)
        return Ink(width: Int(parts[0]) ?? 0, height: Int(parts[1]) ?? 0, nonWhite: Double(parts[2]) ?? 0, colored: Double(parts[3]) ?? 0)
    }

    /// The raw value of the first `name="…"` attribute in serialized HTML (values the probes write are
    /// percent-encoded or plain numbers, so no entity decoding is needed).
    static func attribute(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: " \(name)=\"") else { return nil }
        guard let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(html[start.upperBound..<end])
    }

    private static func run(_ arguments: [String]) throws -> String {
        let path = try #require(executable, "chromium is not installed (scripts/bootstrap --test)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        let profile = TestFolders.root + "/datascan-chromium-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: profile) }
        p.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)"] + arguments
        let out = Pipe()
        p.standardOutput = out
        // Chromium logs a lot (dbus warnings) that says nothing about the page; a full stderr pipe would block it.
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "chromium \(arguments.first ?? "") exited with \(p.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}
