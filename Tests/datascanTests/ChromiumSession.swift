import Foundation
import Testing

/// Headless Chromium driven through the DevTools protocol, for what its command line cannot do: open a PDF in its
/// viewer (which renders after the page's load event, so `--screenshot` shows an empty viewer), click, press keys and
/// take screenshots. `--remote-debugging-pipe` takes commands on fd 3 and answers on fd 4, as NUL-terminated JSON;
/// Foundation's `Process` cannot hand a child those descriptors, so the browser is started with `posix_spawn`.
final class ChromiumSession {
    private var pid: pid_t = 0
    private let commands: Int32
    private let answers: Int32
    private var buffer: [UInt8] = []
    private var lastID = 0
    private var session = ""
    private let profile = TestFolders.root + "/datascan-chromium-" + UUID().uuidString

    init(width: Int = 900, height: Int = 1100) throws {
        let executable = try #require(HeadlessChromium.executable, "chromium is not installed (scripts/bootstrap --test)")
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw ChromiumError("pipe: \(String(cString: strerror(errno)))") }
        commands = toBrowser[1]
        answers = fromBrowser[0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        // Chromium logs a lot that says nothing about the page; a full pipe would block it.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeInheritedDescriptors(&actions, from: 5)
        let arguments = [
            executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
            "--remote-debugging-pipe", "--window-size=\(width),\(height)", "--hide-scrollbars", "about:blank",
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let status = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else { throw ChromiumError("cannot start chromium: \(String(cString: strerror(status)))") }
        let targets = try send("Target.getTargets")
        let infos = (targets["targetInfos"] as? [[String: Any]]) ?? []
        let page = try #require(infos.first { $0["type"] as? String == "page" }?["targetId"] as? String, "no page target")
        let attached = try send("Target.attachToTarget", ["targetId": page, "flatten": true], inSession: false)
        session = try #require(attached["sessionId"] as? String)
        _ = try send("Page.enable")
    }

    deinit {
        close(commands)
        close(answers)
        if pid > 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Opens `file` and returns a screenshot once the viewer has settled: after 3 s (the viewer starts empty), two
    /// screenshots a second apart that are the same.
    func open(_ file: String, timeout: Double = 30) throws -> Data {
        _ = try send("Page.navigate", ["url": URL(fileURLWithPath: file).absoluteString])
        let deadline = Date().addingTimeInterval(timeout)
        Thread.sleep(forTimeInterval: 3)
        var previous = try screenshot()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 1)
            let next = try screenshot()
            if next == previous { return next }
            previous = next
        }
        throw ChromiumError("the viewer did not settle within \(timeout) s")
    }

    func screenshot() throws -> Data {
        let r = try send("Page.captureScreenshot", ["format": "png"])
        return try #require(Data(base64Encoded: r["data"] as? String ?? ""), "no screenshot data")
    }

    /// A left click at (x, y) CSS pixels of the window.
    func click(x: Double, y: Double) throws {
        for type in ["mousePressed", "mouseReleased"] {
            _ = try send(
                "Input.dispatchMouseEvent",
                ["type": type, "x": x, "y": y, "button": "left", "buttons": type == "mousePressed" ? 1 : 0, "clickCount": 1])
        }
    }

    /// Ctrl+A, as a user selects everything.
    func selectAll() throws {
        _ = try send(
            "Input.dispatchKeyEvent",
            ["type": "rawKeyDown", "key": "a", "code": "KeyA", "modifiers": 2, "windowsVirtualKeyCode": 65, "commands": ["selectAll"]])
        _ = try send("Input.dispatchKeyEvent", ["type": "keyUp", "key": "a", "code": "KeyA", "modifiers": 2, "windowsVirtualKeyCode": 65])
    }

    /// Sends one command and returns its result (events that arrive meanwhile are dropped).
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], inSession: Bool = true) throws -> [String: Any] {
        lastID += 1
        var message: [String: Any] = ["id": lastID, "method": method, "params": params]
        if inSession, !session.isEmpty { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        let written = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw ChromiumError("cannot send \(method) to chromium") }
        while true {
            let answer = try readMessage(timeout: 30)
            guard answer["id"] as? Int == lastID else { continue }
            if let error = answer["error"] { throw ChromiumError("\(method): \(error)") }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage(timeout: Double) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any]) ?? [:]
            }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard left > 0, poll(&poller, 1, left) > 0 else { throw ChromiumError("chromium did not answer within \(timeout) s") }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ChromiumError("chromium closed the pipe") }
            buffer += chunk[..<n]
        }
    }
}

struct ChromiumError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
