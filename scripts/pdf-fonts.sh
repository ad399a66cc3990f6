#!/usr/bin/env bash
# Regenerates app/features/proposals/pdf-fonts/*.ttf, the static faces the proposal PDF embeds: the PDF
# library reads TrueType, not WOFF2, and a variable font gives it one weight only. Each face is an instance
# of the site's own variable files (@fontsource-variable, the Latin subset) at one weight, cut to the
# characters French text uses (the same list as scripts/subset-fonts.sh, plus ✓ and the arrows the PDF
# draws), with tabular figures kept for prices.
# Needs Python's fonttools and brotli (Debian: apt-get install fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
FRENCH="U+0020-007E,U+00A0,U+00A9,U+00AB,U+00B0-00B1,U+00B7,U+00BB,U+00C0,U+00C2,U+00C6-00CB,U+00CE-00CF,U+00D4,U+00D7,U+00D9,U+00DB-00DC,U+00E0,U+00E2,U+00E6-00EB,U+00EE-00EF,U+00F4,U+00F9,U+00FB-00FC,U+00FF,U+0152-0153,U+2009,U+2010-2014,U+2018-201E,U+2022,U+2026,U+202F,U+20AC,U+2192"
out=app/features/proposals/pdf-fonts
tmp=$(mktemp -d)
for face in inter:400 inter:600 fraunces:400 fraunces:600; do
  IFS=: read -r name weight <<<"$face"
  "${PYTHON:-/usr/bin/python3}" -m fontTools.varLib.instancer "node_modules/@fontsource-variable/$name/files/$name-latin-wght-normal.woff2" "wght=$weight" -q -o "$tmp/$name-$weight.ttf"
  "${PYTHON:-/usr/bin/python3}" -m fontTools.subset "$tmp/$name-$weight.ttf" --unicodes="$FRENCH" --layout-features+=tnum --drop-tables+=STAT \
    --output-file="$out/$name-$weight.ttf"
done
rm -rf "$tmp"
ls -l "$out"
