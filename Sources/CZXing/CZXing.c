// Empty: SwiftPM needs one source file in a C target; CZXing only carries the header and zxing-cpp's link flags.
