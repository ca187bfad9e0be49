#!/usr/bin/env bash
# Issue 40's benchmark: `stock` over 30,000 purchases and 60,000 uses against python's json.load of the same
# data, and `list`, `add`, `buy` with that log against the same list with the 30,000 purchases alone.
# Needs the release build (`swift build -c release`; `--static-swift-stdlib` no longer links, since recipe
# import uses FoundationNetworking) and hyperfine.
#
#     .bench/stock.sh [DIR]                  DIR: where the data goes (default bench-data/stock)
#     BASE=/tmp/base/.build/release/shop .bench/stock.sh [DIR]
#
# With BASE (a `shop` built the same way from a commit before stock, b2d9678), `list`, `add` and `buy` are
# also timed with it on the 30,000 purchases alone (a copy in DIR/base-log: it cannot read version 7), in the
# same hyperfine runs as the current `shop` on the stock log, so that both meet the same load.
set -euo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH/.." && pwd)
SHOP="${SHOP:-$ROOT/.build/release/shop}"
L="${1:-$ROOT/bench-data/stock}"
if [[ ! -f $L/stock/shop.json ]]; then
    mkdir -p "$L"
    python3 "$BENCH/gen.py" 2000 "$L/base" >/dev/null
    python3 "$BENCH/gen.py" --purchases 30000 "$L/base/shop.json" "$L"
    python3 "$BENCH/gen.py" --mark "$L/log/shop.json"
    cp "$L/log/shop.json" "$L/log/orig.json"
    python3 "$BENCH/stock.py" "$L"
fi
BUY=$(cat "$L/buy.txt")
LOGLEN=$(stat -c %s "$L/log/shop.json.purchases")
STOCKLEN=$(stat -c %s "$L/stock/shop.json.purchases")
hyperfine -N --warmup 3 --runs 30 \
    -n "stock (30k purchases, 60k uses)" "$SHOP --file $L/stock/shop.json stock" \
    -n "stock --json" "$SHOP --file $L/stock/shop.json stock --json" \
    -n "python3 json.load of the same data" "python3 -c \"import json; json.load(open('$L/stock/inline.json'))\""
for v in log stock; do
    len=$LOGLEN; [[ $v == stock ]] && len=$STOCKLEN
    restore="bash -c 'cp $L/$v/orig.json $L/$v/shop.json && truncate -s $len $L/$v/shop.json.purchases'"
    hyperfine -N --warmup 3 --runs 30 --prepare "$restore" \
        -n "$v: list" "$SHOP --file $L/$v/shop.json list" \
        -n "$v: add" "$SHOP --file $L/$v/shop.json add 'bench item'" \
        -n "$v: buy" "$SHOP --file $L/$v/shop.json buy '$BUY' --again"
    eval "$restore"
done
if [[ -n ${BASE:-} ]]; then
    rm -rf "$L/base-log" && cp -r "$L/log" "$L/base-log"
    both="bash -c 'cp $L/base-log/orig.json $L/base-log/shop.json && truncate -s $LOGLEN $L/base-log/shop.json.purchases \
        && cp $L/stock/orig.json $L/stock/shop.json && truncate -s $STOCKLEN $L/stock/shop.json.purchases'"
    for command in list "add 'bench item'" "buy '$BUY' --again"; do
        hyperfine -N --warmup 3 --runs 40 --prepare "$both" \
            -n "before stock (BASE), 30k purchases: $command" "$BASE --file $L/base-log/shop.json $command" \
            -n "now, 30k purchases + 60k uses: $command" "$SHOP --file $L/stock/shop.json $command"
    done
    eval "$both"
fi
