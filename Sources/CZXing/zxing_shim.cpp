#include "CZXing.h"
