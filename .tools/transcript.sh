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
today=$(date -u +%Y-%m-%d)

step() {
    printf '$ shop'
    printf ' %q' "$@" | sed "s|$work|WORK|g"
    printf '\n'
    "$shop" "$@" >"$work/out" 2>"$work/err" </dev/null
    printf '[exit %d]\n' "$?"
    # What changes from run to run is masked: the temporary folder (WORK), ids (UUID, all of them, since
    # new records get random ones) and today's time stamps (NOW).
    for stream in out err; do
        mark='|'
        [ "$stream" = err ] && mark='!'
        sed -E -e "s|$work|WORK|g" -e 's/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/UUID/g' \
            -e "s/$today"'T[0-9:.]+Z/NOW/g' -e "s/^/  $mark /" "$work/$stream"
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
