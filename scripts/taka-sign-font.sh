#!/usr/bin/env bash
# The taka sign (৳, U+09F3) cut out of Noto Sans Bengali, 400 and 600, as two files of under 1 kB
# (apps/web/src/ui/styles/fonts/, committed; global.css names them for that one character). An English page shows
# amounts with the sign but no other Bengali letter, and without these files it downloaded the whole Bengali subset
# (45 kB a weight) to draw it. Run again only when @fontsource/noto-sans-bengali changes.
# Needs pyftsubset with WOFF2 support (Debian: apt-get install fonttools python3-brotli).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
from="$root/node_modules/@fontsource/noto-sans-bengali/files"
to="$root/apps/web/src/ui/styles/fonts"
mkdir -p "$to"
for weight in 400 600; do
  # No layout features or hints: one glyph drawn on its own. The name table keeps the copyright, names and licence.
  pyftsubset "$from/noto-sans-bengali-bengali-$weight-normal.woff2" --unicodes=U+09F3 --flavor=woff2 \
    --layout-features='' --no-hinting --desubroutinize --name-IDs=0,1,2,3,4,5,6,13,14 \
    --output-file="$to/noto-sans-bengali-taka-$weight.woff2"
done
ls -l "$to"
