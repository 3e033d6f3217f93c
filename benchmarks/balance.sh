#!/bin/sh
# The first balance report (README, "Balance"): every run is an ordinary
# `getaway sim` with a results file, so an interrupted run resumes where it
# stopped; `getaway report` then draws the tables and plots from all of them.
#
#     sh benchmarks/balance.sh [OUT]        (default OUT: balance)
set -eu
OUT=${1:-balance}
SIM=".venv/bin/getaway sim escape-now --seed 1"
mkdir -p "$OUT"
for p in 1 2 3 4 5 6; do
  $SIM -p "$p" -n 2000 --agents random --out "$OUT/en-random-$p.jsonl"
  $SIM -p "$p" -n 2000 --agents heuristic --out "$OUT/en-heuristic-$p.jsonl"
  for v in layout=easy layout=hard layout=gauntlet expert=true; do
    $SIM -p "$p" -n 2000 --agents heuristic -v "$v" --out "$OUT/en-heuristic-$p-$v.jsonl"
  done
done
for p in 2 3 4; do  # fewer LUCKY SHOTs is defined for 2 to 4 players
  $SIM -p "$p" -n 2000 --agents heuristic -v hard=true --out "$OUT/en-heuristic-$p-hard.jsonl"
done
for p in 2 4; do
  $SIM -p "$p" -n 60 --agents flat-mc:iterations=100 --out "$OUT/en-flatmc-$p.jsonl"
  $SIM -p "$p" -n 60 --agents ismcts:iterations=100 --out "$OUT/en-ismcts-$p.jsonl"
  $SIM -p "$p" -n 60 --agents ismcts:iterations=30:rollout=heuristic:depth=30:bias=3 \
    --out "$OUT/en-ismcts-h-$p.jsonl"
done
AZ=".venv/bin/getaway sim alcatraz-2034 --seed 1"
for p in 2 3 4 5 6; do
  rest=$(yes random | head -n $((p - 1)) | paste -sd, -)
  $AZ -p "$p" -n 1000 --agents random --out "$OUT/az-random-$p.jsonl"
  $AZ -p "$p" -n 1000 --agents heuristic --out "$OUT/az-heuristic-$p.jsonl"
  $AZ -p "$p" -n 1000 --agents "heuristic,$rest" --out "$OUT/az-heuristic-vs-random-$p.jsonl"
done
$AZ -p 2 -n 40 --agents "ismcts:iterations=30:rollout=heuristic:depth=30:bias=3,heuristic" \
  --out "$OUT/az-ismcts-h-vs-heuristic-2.jsonl"
ZC=".venv/bin/getaway sim zombie-city --seed 1"
for p in 2 3 4; do
  $ZC -p "$p" -n 500 --agents random --out "$OUT/zc-random-$p.jsonl"
  $ZC -p "$p" -n 500 --agents heuristic --out "$OUT/zc-heuristic-$p.jsonl"
done
for v in scenario=3 scenario=5 difficulty=advanced difficulty=expert; do
  $ZC -p 4 -n 500 --agents heuristic -v "$v" --out "$OUT/zc-heuristic-4-$v.jsonl"
done
NY=".venv/bin/getaway sim new-york --seed 1"
for p in 1 2 3 4; do
  $NY -p "$p" -n 500 --agents random --out "$OUT/ny-random-$p.jsonl"
  $NY -p "$p" -n 500 --agents heuristic --out "$OUT/ny-heuristic-$p.jsonl"
  $NY -p "$p" -n 500 --agents heuristic:traitor=false --out "$OUT/ny-loyal-$p.jsonl"
done
for v in hard_timers=true hard_prisoners=true hard_deck=true; do
  $NY -p 4 -n 500 --agents heuristic -v "$v" --out "$OUT/ny-heuristic-4-$v.jsonl"
done
EP=".venv/bin/getaway sim escape-plan --seed 1"
for p in 2 3 4 5; do
  rest=$(yes random | head -n $((p - 1)) | paste -sd, -)
  $EP -p "$p" -n 500 --agents random --out "$OUT/ep-random-$p.jsonl"
  $EP -p "$p" -n 500 --agents heuristic --out "$OUT/ep-heuristic-$p.jsonl"
  $EP -p "$p" -n 500 --agents "heuristic,$rest" --out "$OUT/ep-heuristic-vs-random-$p.jsonl"
done
$EP -p 4 -n 500 --agents heuristic -v unescaped=scored --out "$OUT/ep-heuristic-4-scored.jsonl"
.venv/bin/getaway report "$OUT"/en-*.jsonl --out "$OUT/report-escape-now"
.venv/bin/getaway report "$OUT"/az-*.jsonl --out "$OUT/report-alcatraz-2034"
.venv/bin/getaway report "$OUT"/zc-*.jsonl --out "$OUT/report-zombie-city"
.venv/bin/getaway report "$OUT"/ny-*.jsonl --out "$OUT/report-new-york"
.venv/bin/getaway report "$OUT"/ep-*.jsonl --out "$OUT/report-escape-plan"
