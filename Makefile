# datascan — the two set-up commands are `make demo` and `make test` (see README.md).
SWIFT ?= swift
# Why: Debian's libtesseract uses OpenMP; with pages in parallel each page would start its own thread team.
export OMP_THREAD_LIMIT = 1

.PHONY: build release demo test test-fast example bench eval-receipts eval-documents eval-general-text lint format samples clean

build:
	scripts/bootstrap
	$(SWIFT) build

release:
	scripts/bootstrap
	$(SWIFT) build -c release

demo: release
	rm -rf datascan-out
	.build/release/datascan run Jobs/samples.json --progress never; test $$? -le 1
	@echo
	@echo "items.csv (first rows):"
	@head -n 12 datascan-out/items.csv

# Everything, including the slow end-to-end suites and the library example (what CI runs).
test:
	scripts/bootstrap --test
	DATASCAN_SLOW_TESTS=1 $(SWIFT) test --parallel --num-workers 2
	$(MAKE) example

# Builds Examples/PhonesAndQR (a separate package that depends on DataScanKit by path) and runs it on Samples/.
example:
	cd Examples/PhonesAndQR && $(SWIFT) build
	Examples/PhonesAndQR/.build/debug/phones-and-qr Samples | tee .build/example.txt
	grep -q "barcodes.png p1  qr     https://www.example.com/datascan" .build/example.txt
	grep -q "receipt-us.png p1  phone  +16502530000" .build/example.txt

# Skips the slow suites (marked with .enabled(if: slowTestsEnabled)).
test-fast:
	scripts/bootstrap --test
	$(SWIFT) test --parallel --num-workers 2

# Benchmark against tesseract+zbarimg and pdftotext (see Benchmarks/README.md); writes bench.json.
# `make bench BENCH_ARGS=--quick` runs it on a reduced corpus.
bench: release
	scripts/bootstrap --bench
	scripts/bench $(BENCH_ARGS)

# Real receipts (../shared/corpora/sroie-dev, or EVAL_ARGS="--corpus DIR"): date and total shares, OCR word recall,
# the misses split into "not in the OCR text" and "in the text, not found". Extra scan options after --:
# `make eval-receipts EVAL_ARGS="-- --ocr tesseract"`.
eval-receipts: release
	scripts/eval-receipts $(EVAL_ARGS)

# Generated letters, invoices and flyers in five locales with every value planted (scripts/make-documents), scanned
# and scored per type and locale (scripts/eval-documents). `make eval-documents EVAL_SEED=7` draws another set.
EVAL_SEED ?= 3
eval-documents: release
	scripts/make-documents --out .build/documents-$(EVAL_SEED) --seed $(EVAL_SEED) --count 30
	scripts/eval-documents --corpus .build/documents-$(EVAL_SEED) --out .build/eval-documents-$(EVAL_SEED)

# General English text with Faker's phone numbers of 15 countries (half of them fictional or unassigned) and amounts
# in signs, codes and currency words, among distractors; phone and amount F1 beside libphonenumber's own matcher
# (scripts/eval-general-text). `make eval-general-text EVAL_SEED=6` draws another set.
eval-general-text: release
	scripts/eval-general-text --seed $(EVAL_SEED)

lint:
	$(SWIFT) format lint --recursive --strict Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

samples:
	scripts/make-samples --all --check

clean:
	rm -rf .build datascan-out
