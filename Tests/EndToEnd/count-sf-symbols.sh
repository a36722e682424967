#!/bin/sh
# Count SF Symbols name literals used in public SwiftUI code (research helper for
# Assets/Symbols/sf-symbols.tsv; not part of the build or the test suite).
#
# Usage: Tests/EndToEnd/count-sf-symbols.sh GIT_DIR...
#   Each GIT_DIR is a (bare) git directory of one repository; HEAD is searched.
# Output: name<TAB>total_uses<TAB>repos_using_it, sorted by uses desc, then
#   number of repos desc, then name.  Per-repo totals go to stderr.
#
# Forms counted in *.swift: systemName: "x" and systemImage: "x" (so
# Image(systemName:), UIImage(systemName:), Label(_:systemImage:),
# Button(_:systemImage:) ...). Not counted: NSImage(systemSymbolName:), names
# built at run time, and SFSafeSymbols (systemSymbol: .foo).
set -eu
[ $# -gt 0 ] || { echo "usage: $0 GIT_DIR..." >&2; exit 2; }
tab=$(printf '\t')
for g in "$@"; do
  git --git-dir="$g" grep -ohE 'system(Name|Image): *"[a-z0-9.]+"' HEAD -- '*.swift' 2>/dev/null \
    | sed -E 's/.*"([a-z0-9.]+)"/\1/' > "${TMPDIR:-/tmp}/sfcount.$$" || true
  echo "$(wc -l < "${TMPDIR:-/tmp}/sfcount.$$") $g $(git --git-dir="$g" rev-parse --short=10 HEAD)" >&2
  sort "${TMPDIR:-/tmp}/sfcount.$$" | uniq -c | awk -v r="$g" '{print $2"\t"$1"\t"r}'
done | awk -F"$tab" '{u[$1]+=$2; n[$1]++} END {for (k in u) print k"\t"u[k]"\t"n[k]}' \
  | sort -t"$tab" -k2,2nr -k3,3nr -k1,1
rm -f "${TMPDIR:-/tmp}/sfcount.$$"
