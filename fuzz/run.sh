#!/usr/bin/env bash
# Runs one fuzz target for a while: ./run.sh TARGET SECONDS [extra libFuzzer flags]
# One process, one job (the machine is shared). New inputs go to corpus/TARGET (not
# committed); seeds/TARGET and min/TARGET are read. Crashes land in artifacts/TARGET.
set -euo pipefail
cd "$(dirname "$0")"
target=$1 secs=$2
shift 2
case $target in
    parse | roundtrip) flags=(-dict=fen.dict -max_len=512) ;;
    validate) flags=(-max_len=1024) ;;
    *) flags=(-max_len=64) ;;
esac
mkdir -p "corpus/$target" "min/$target" "seeds/$target"
exec cargo +nightly fuzz run -s none "$target" "corpus/$target" "seeds/$target" "min/$target" -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${flags[@]}" "$@"
