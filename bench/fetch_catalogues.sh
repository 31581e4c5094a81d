#!/usr/bin/env bash
# Download the Debian packages of bench/data/independent_eval_packages.txt (exact versions) into ROOT/debs
# and extract their gettext message catalogues under ROOT/usr/share/locale, for bench/independent_eval_set.py.
#   bench/fetch_catalogues.sh ROOT
set -euo pipefail
list="$(cd "$(dirname "$0")" && pwd)/data/independent_eval_packages.txt"
root="${1:?usage: bench/fetch_catalogues.sh ROOT}"
mkdir -p "$root/debs"
(cd "$root/debs" && grep -v '^#' "$list" | xargs apt-get download)
for deb in "$root"/debs/*.deb; do
  # a package may ship no catalogue of the wanted kind: tar then matches nothing, which is fine
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$root" --wildcards './usr/share/locale/*/LC_MESSAGES/*.mo' 2>/dev/null || true
done
echo "catalogues of $(ls "$root"/debs/*.deb | wc -l) packages under $root/usr/share/locale"
