// zxing-cpp's own C API (ZXingC.h), built by scripts/build-zxing into .build/deps/ of this package.
// Why a relative path: it needs no -I flag, so every package that depends on this one by path finds the header
// without pkg-config or an environment variable (see NOTES.md, "Linking").
#if __has_include("../../../.build/deps/zxing-cpp-3.1.1/include/ZXing/ZXingC.h")
#include "../../../.build/deps/zxing-cpp-3.1.1/include/ZXing/ZXingC.h"
#else
#error "zxing-cpp 3.1.1 is not built: run scripts/build-zxing (make build does) in the package that holds this target"
#endif
