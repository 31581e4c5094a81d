#!/usr/bin/env bash
# Download the Debian packages of bench/data/independent_eval_packages.txt (exact versions) into ROOT/debs
# and extract their gettext message catalogues under ROOT/usr/share/locale, for bench/independent_eval_set.py.
# With --fresh-held-out, those of bench/data/independent_eval_fresh_packages.txt (give it a ROOT of its own).
#   bench/fetch_catalogues.sh [--fresh-held-out] ROOT
set -euo pipefail
name=independent_eval_packages.txt
if [ "${1:-}" = "--fresh-held-out" ]; then
  name=independent_eval_fresh_packages.txt
  shift
fi
list="$(cd "$(dirname "$0")" && pwd)/data/$name"
root="${1:?usage: bench/fetch_catalogues.sh [--fresh-held-out] ROOT}"
mkdir -p "$root/debs"
(cd "$root/debs" && grep -v '^#' "$list" | cut -d' ' -f1 | xargs apt-get download)
# a line may pin its .deb's SHA-256 after the version: a package that differs is an error
grep -v '^#' "$list" | while read -r spec sha; do
  [ -n "${sha:-}" ] || continue
  pkg="${spec%%=*}"
  deb=$(ls "$root"/debs/"${pkg}"_*.deb)
  if [ "$(sha256sum "$deb" | cut -d' ' -f1)" != "$sha" ]; then
    echo "$list: $spec: $deb does not have the SHA-256 $sha (fix: fetch that exact version, see bench/data/README.md)" >&2
    exit 1
  fi
done
for deb in "$root"/debs/*.deb; do
  # a package may ship no catalogue of the wanted kind: tar then matches nothing, which is fine
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$root" --wildcards './usr/share/locale/*/LC_MESSAGES/*.mo' 2>/dev/null || true
done
echo "catalogues of $(ls "$root"/debs/*.deb | wc -l) packages under $root/usr/share/locale"
