#include "CPhoneNumber.h"
