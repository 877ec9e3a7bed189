// DataScanKit is the one module a program imports: it re-exports the public types of every stage
// (configuration, items, the detectors, jobs and their results), so `import DataScanKit` is all it takes.
@_exported import DataScanDetection
@_exported import DataScanEngines
@_exported import DataScanJob
@_exported import DataScanModel
@_exported import DataScanOutput
