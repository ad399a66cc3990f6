#!/usr/bin/env bash
# Regenerates app/fonts/*.woff2 from the @fontsource-variable packages: the Latin subset, with the
# weight axis cut to what the site uses (Inter 400–700, 700 being <strong>; Fraunces 400–600), with the
# default OpenType features plus tabular figures (tabular-nums) and case forms. Inter goes from 48 KB to
# 28 KB, Fraunces from 37 KB to 31 KB. Needs Python's fonttools and brotli (Debian: apt-get install
# python3-fonttools python3-brotli, then PYTHON=/usr/bin/python3 if another python3 comes first; or pip install fonttools brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
LATIN="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
tmp=$(mktemp -d)
# The default features (fontTools: shaping, kerning, ligatures) plus tabular and lining figures, case forms;
# without the fraction forms, which the site never asks for (Inter: 33 glyphs and 2.3 KB less).
FEATURES_ADDED="tnum,lnum,case"
FEATURES_REMOVED="frac,numr,dnom"
for font in inter:400:700 fraunces:400:600; do
  IFS=: read -r name from to <<<"$font"
  "${PYTHON:-python3}" -m fontTools.varLib.instancer "node_modules/@fontsource-variable/$name/files/$name-latin-wght-normal.woff2" "wght=$from:$to" -q -o "$tmp/$name.ttf"
  "${PYTHON:-python3}" -m fontTools.subset "$tmp/$name.ttf" --unicodes="$LATIN" --layout-features+="$FEATURES_ADDED" --layout-features-="$FEATURES_REMOVED" --flavor=woff2 \
    --output-file="app/fonts/$name-latin-wght-$from-$to.woff2"
done
rm -rf "$tmp"
ls -l app/fonts
