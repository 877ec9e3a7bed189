extension ScanConfiguration {
    /// The configuration as shown under `job` in manifest.json (and stored with the job): every option by
    /// its job-file key.
    var jsonValue: JSONValue {
        var roi: JSONValue = .null
        if let r = regionOfInterest { roi = .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]) }
        return [
            "types": JSONValue(types.names),
            "languages": JSONValue(languages.map(\.bcp47)),
            "region": JSONValue(effectiveRegion),
            "quality": JSONValue(quality.rawValue),
            "jobs": JSONValue(jobs),
            "single": JSONValue(single),
            "roi": roi,
            "pageTimeout": JSONValue(pageTimeout),
            "maxMegapixels": JSONValue(maxMegapixels),
            "include": JSONValue(include),
            "exclude": JSONValue(exclude),
        ]
    }
}
