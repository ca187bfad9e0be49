#!/usr/bin/env bash
# Prints a transcript of a fixed set of shop commands on the sample data: each command line, its exit
# code, its standard output and its standard error. Run it before and after a change that must not
# change behaviour (a restructuring) and compare the two files byte for byte:
#
#   .tools/transcript.sh .build/debug/shop > /tmp/before.txt
#   ... change ...
#   .tools/transcript.sh .build/debug/shop > /tmp/after.txt && cmp /tmp/before.txt /tmp/after.txt
#
# Every run starts from a fresh sample data file in a temporary folder, with a fixed time zone, no
# colour and no terminal, so the transcript depends only on the binary (dates are not printed for the
# changes made during the run: `purchased` views are run before any `buy`).
set -uo pipefail
shop=$(realpath "${1:-.build/debug/shop}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SHOP_FILE="$work/shop.json" HOME="$work/home" TZ=UTC NO_COLOR=1 COLUMNS=100 LC_ALL=C.UTF-8
unset SHOP_STORE XDG_DATA_HOME
# A fixed clock (shop's SHOP_NOW), so that the transcript is the same on any day: restock's "next due"
# dates, the sample's purchase days and the plan's week all follow it.
export SHOP_NOW=2026-11-25T23:30:00Z
today=$(date -u -d "$SHOP_NOW" +%Y-%m-%d)
month=$(date -u -d "$SHOP_NOW" +%Y-%m)
week=$(date -u -d "$SHOP_NOW" +%G-W%V)

step() {
    printf '$ shop'
    [ "$#" -gt 0 ] && printf ' %q' "$@" | sed "s|$work|WORK|g"
    printf '\n'
    "$shop" "$@" >"$work/out" 2>"$work/err" </dev/null
    printf '[exit %d]\n' "$?"
    # What changes from run to run is masked: the temporary folder (WORK), ids (UUID, all of them, since
    # new records get random ones) and today's time stamps (NOW).
    for stream in out err; do
        mark='|'
        [ "$stream" = err ] && mark='!'
        sed -E -e "s|$work|WORK|g" -e 's/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/UUID/g' \
            -e "s/$today"'T[0-9:.]+Z/NOW/g' -e "s/$today/TODAY/g" -e "s/$week/THIS-WEEK/g" \
            -e "s/$month([^-]|\$)/THIS-MONTH\1/g" \
            -e "s/^/  $mark /" "$work/$stream"
    done
}

# Help, manual and completions: generated from the command table.
step --help
step --version
for command in add buy unbuy list purchased show edit remove unavailable available locations location store stores \
    restock timer undo redo import export sample completions sync merge-file demo man; do
    step help "$command"
done
step man
for shell in bash zsh fish; do step completions "$shell"; done

# Reading on no data, then the sample.
step history
step spending
step list
step sample
step sample
for view in "" --by-location "--format text" "--format markdown" "--format csv" --json "--by-location --json"; do
    # shellcheck disable=SC2086
    step list $view
done
step purchased
step purchased --json
step locations
step locations --json
step stores
step stores --json
for store in Supermarket "Saturday Market"; do
    step --store "$store" list
    step --store "$store" list --json
    step store show "$store"
    step store show "$store" --json
done
step location show Dairy
step location show Dairy --json

# Changes and their JSON.
step add "whole milk" -q 2 --price 1.25 --note "the blue one" --json
step add eggs
step edit eggs -q 12 --star
step show eggs
step show eggs --json
step unavailable eggs
step available --all
step location add "Hardware" --order 99 --color "#336699"
step location edit Hardware --name Tools --order 98
step store add Corner Dairy Produce
step store order Corner Produce Dairy
step store use Corner
step list
step store use --none
step undo
step redo
step remove "whole milk"
step location remove Tools
step restock --dry-run
step timer
step export

# Errors: usage (64), refused (1), damaged data (65), unwritable paths (74).
step frobnicate
step add
step add milk -q
step add milk -q many
step add milk -q 0
step add milk --price -1
step location add Dairy
step location add Spare --order 101
step location add Spare --color "#zz"
step show nosuchitem
step buy id:zz
step --store Nowhere list
step store add Corner
step list --format yaml
step --file /dev/null/x add milk
printf '{"version": 99}' > "$work/newer.json"
step --file "$work/newer.json" list
printf '{"version": 2, "items": [' > "$work/torn.json"
step --file "$work/torn.json" list

# The purchase log: receipts entered later (fixed days, so the history is the same every day), today's
# purchases (masked as TODAY), taking back, dropping, and the reports.
step buy Milk --price 1.19 -q 2 --date 2025-03-03
step buy Milk --price 1.29 --date 2025-03-10 --json
for day in 2025-03-17 2025-03-24 2025-03-31; do step buy Milk --date "$day"; done
step buy Bananas -q 3 --price 0.25
step buy --all
step drop Avocados
step drop Avocados --json
step buy Apples --date 2025-03-05
step unbuy Bananas
step unbuy Bananas
step history
step history milk
step history --json
step history --format csv
step history --since 2025-03-10 --until 2025-03-24
step --store Supermarket history
step --store Nowhere history
for by in month store item week year location; do step spending --by "$by"; done
step spending --json
step spending --format csv
step spending --since 2025-03-01 --until 2025-03-31 --by item
step restock --dry-run
step restock --dry-run --json
step restock --suggest
step restock --suggest --json
step undo --list
step undo --list --json
step purchased milk
step purchased --recent 0
step purchased --recent 3650 --json
step __complete items mi
step __complete stores
step __complete nonsense

# More errors: every usage error (64) the parser and the commands raise, and bad values (1).
step
step --help location add
step --bogus list
step --colour never list
step --color sometimes list
step --file
step list --bogus
step list --jsn
step list -q
step list --json --format csv
step list --version
step add --bogus --help
step add milk --star=yes
step add milk --price
step add milk --price abc
step add milk --price 1.999
step add milk -q 1.5
step add milk -q 99999999999999999999
step add milk --every sometimes
step add milk --every 0
step add milk --every auto --json
step add -
step edit
step edit milk extra
step edit milk --price 2 --no-price
step edit milk --star --unstar
step edit milk --note x --no-note
step edit milk --every 3 --no-every
step edit milk --no-price --unstar --no-note --no-every --name "Whole milk" --json
step buy
step buy milk --all
step buy milk --date yesterday
step buy milk --date 2025-02-30
step buy milk --date 2999-01-01
step buy milk --date 1969-12-31
step buy milk --price -2
step buy milk -q 0
step available milk --all
step available --all --json
step history --json --format csv
step history --since 2025-13-01
step history --since 2025-04-01 --until 2025-03-01
step spending --by decade
step spending --json --format csv
step purchased --recent -1
step purchased --recent soon
step location
step location frobnicate
step location add
step location add Spare --order 1.5
step location add Spare --order 0
step location edit Dairy --order 99999999999999999999
step store
step store edit Supermarket
step store use Supermarket --none
step store use
step store order Nowhere Dairy
step completions ksh
step completions bash zsh
step help frobnicate
step help location frobnicate
step export --format shoppinglist14
step export --format xml
step timer pause
step timer reset
step import
step import "$work/missing.json"
step merge-file "$work/a" "$work/b"
step show milk --quantity 2
step sample --force --json
step timer stop --json
step -q add "plain yoghurt" --quiet
step --file="$work/other.json" --color=never add tea
step add $'bad\ename'
step show $'\e[31mred'
step add "$(printf 'x%.0s' {1..120})$(printf '\t')"
printf '{"version": 2, "items": [{"name": "%s\\u001b", "quantity": "many"}]}' "$(printf 'y%.0s' {1..90})" > "$work/bad.json"
step --file "$work/bad.json" list
printf '{"version": 2, "items": [{"name": "ab\\u001bc\\"d", "quantity": "many"}]}' > "$work/escaped.json"
step --file "$work/escaped.json" list
