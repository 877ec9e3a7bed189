/// Where pages are analyzed: on worker threads in this process, or in supervised worker processes.
public enum PageIsolation: Hashable, Sendable {
    /// Worker threads in this process (the library default). A timeout stops Tesseract through its deadline
    /// monitor; an engine crash ends the process.
    case inProcess
    /// One worker process per job slot, started from `executable` with the argument `__worker` (the datascan
    /// executable). A page that crashes its worker fails alone (and is retried once); a page stuck in any stage
    /// past `--page-timeout` has its worker killed, giving its CPU back.
    case workerProcesses(executable: String)
}

/// Analyzes pages concurrently, up to `count` at a time.
protocol PageExecutor: Sendable {
    var count: Int { get }
    func analyze(_ request: PageRequest) async throws(DataScanError) -> ImageAnalysis
    /// Stops the workers (processes are ended).
    func shutdown() async
}

extension EngineWorkerPool: PageExecutor {
    func shutdown() async {}
}
