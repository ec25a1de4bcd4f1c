#!/usr/bin/env bash
# Renders the app icon from its vector source, App/Icon/AppIcon.svg, into the asset catalog's one image:
# App/Utter/Assets.xcassets/AppIcon.appiconset/AppIcon.png, 1024×1024, RGB with no alpha channel (App Store Connect
# refuses an app icon with one). The rendered PNG is committed; run this after changing the SVG.
#
#   scripts/render-icon.sh [SVG] [PNG]
#
# Needs rsvg-convert (Debian's librsvg2-bin) and ImageMagick; on Debian or Ubuntu it installs them with apt when
# they are missing, on a Mac `brew install librsvg imagemagick`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
svg="${1:-$root/App/Icon/AppIcon.svg}"
png="${2:-$root/App/Utter/Assets.xcassets/AppIcon.appiconset/AppIcon.png}"

# ImageMagick 7 is `magick`; Debian's 6 is `convert`.
magick=""
command -v magick >/dev/null && magick=magick
[ -z "$magick" ] && [ -x /usr/bin/convert ] && magick=/usr/bin/convert
missing=()
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
[ -n "$magick" ] || missing+=(imagemagick)
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || { echo "render-icon: needs ${missing[*]} (brew install librsvg imagemagick)" >&2; exit 1; }
  echo "render-icon: installing ${missing[*]} with apt" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ -n "$magick" ] || magick=/usr/bin/convert
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rsvg-convert --width 1024 --height 1024 --format png --output "$work/rendered.png" "$svg"
# Flattened onto the background's own corner colour (the SVG is full bleed, so nothing shows through), then written
# as 8-bit RGB, PNG colour type 2, with no date chunks (the same SVG renders to the same bytes).
"$magick" "$work/rendered.png" -background "#4B3BF2" -alpha remove -alpha off -depth 8 \
  -strip -define png:exclude-chunks=date,time -define png:color-type=2 "PNG24:$work/flat.png"
mkdir -p "$(dirname "$png")"
mv "$work/flat.png" "$png"
echo "render-icon: wrote $png"
