import DataScanKit

print("datascan")
