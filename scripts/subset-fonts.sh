#!/usr/bin/env bash
# Regenerates app/fonts/*.woff2 from the @fontsource-variable packages: the characters French text uses
# (FRENCH below; the French face of each family in app/fonts.css lists the same, as
# tests/unit/font-subsets.test.ts checks), with the weight axis cut to what the site uses (Inter
# 400–700, 700 being <strong>; Fraunces 400–600), the default OpenType features plus tabular figures
# (tabular-nums), without the fraction forms the site never asks for, without Inter's contextual
# alternates (calt: punctuation raised between capitals, a raised colon between digits, arrows; 80 extra
# glyphs, 3.8 KB, docs/decisions/2026-11-21-french-font-files.md) and without the style table (STAT,
# read by font menus, not by browsers).
# Inter goes from 48 KB to 17 KB, Fraunces from 37 KB to 24 KB. Any other Latin letter or sign loads the
# package's full file, only on a page that uses one (app/fonts.css).
# Needs Python's fonttools and brotli (Debian: apt-get install python3-fonttools python3-brotli, then
# PYTHON=/usr/bin/python3 if another python3 comes first; or pip install fonttools brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
# ASCII, no-break spaces, « » ° ± · × ©, French letters and ligatures, dashes, quotes, bullet, ellipsis, €.
FRENCH="U+0020-007E,U+00A0,U+00A9,U+00AB,U+00B0-00B1,U+00B7,U+00BB,U+00C0,U+00C2,U+00C6-00CB,U+00CE-00CF,U+00D4,U+00D7,U+00D9,U+00DB-00DC,U+00E0,U+00E2,U+00E6-00EB,U+00EE-00EF,U+00F4,U+00F9,U+00FB-00FC,U+00FF,U+0152-0153,U+2009,U+2010-2014,U+2018-201E,U+2022,U+2026,U+202F,U+20AC"
tmp=$(mktemp -d)
for font in inter:400:700:calt fraunces:400:600:; do
  IFS=: read -r name from to without <<<"$font"
  "${PYTHON:-python3}" -m fontTools.varLib.instancer "node_modules/@fontsource-variable/$name/files/$name-latin-wght-normal.woff2" "wght=$from:$to" -q -o "$tmp/$name.ttf"
  "${PYTHON:-python3}" -m fontTools.subset "$tmp/$name.ttf" --unicodes="$FRENCH" --layout-features+=tnum --layout-features-="frac,numr,dnom${without:+,$without}" --drop-tables+=STAT --flavor=woff2 \
    --output-file="app/fonts/$name-french-wght-$from-$to.woff2"
done
rm -rf "$tmp"
ls -l app/fonts
