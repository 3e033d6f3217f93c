// The replay of a finished table: step forward and back (buttons, slider,
// arrow keys, Home/End, space to play) through GET /api/tables/{id}/replay,
// drawing each step's spectator view with the game's own module (no legal
// actions) and listing the step's events. The server folds the steps that
// show nothing (a clock advance or a hidden choice with no public event) into
// the next one: such a step covers moves "from".."n". A real-time game's steps
// carry their game clock: the page shows it and a second slider jumps to a
// time (the last step at or before it). ?steps=all in the page's address asks
// for every stored step.
//
// data-testid: replay-title, replay-first, replay-prev, replay-play,
// replay-next, replay-last, replay-slider, replay-step, replay-clock,
// replay-time, step-events, step-event, event-log, event, game-area, outcome,
// replay-error; plus whatever the game module draws (see games/<game>.js).

import { h, api, actionKey, loadInvite, useInvite, tableIdFromPath, loadGameModule } from "./util.js";
import * as generic from "./generic.js";

/** An element of the page by id (the pages' own markup: forms, buttons, panels). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const st = { id: tableIdFromPath(), table: null, steps: [], i: 0, module: null, timer: null };

/** How every screen names a seat, as the server does: "Ann (red)", "Hard bot (green)", "red". */
function seatName(seat) {
  if (seat === null || seat === undefined) return "the table";
  const info = st.table?.seats?.find((x) => Number(x.seat) === Number(seat));
  return info?.display || `player ${Number(seat) + 1}`;
}

function seatPlayer(seat) {
  const info = st.table?.seats?.find((x) => Number(x.seat) === Number(seat));
  if (!info) return null;
  return info.kind !== "human" ? `${info.name || info.agent || "a"} bot` : info.name || null;
}

function ctx() {
  return {
    seat: null, legal: [], act: async () => {}, labels: {}, key: actionKey, label: () => null,
    seatName, seatPlayer, busy: false, status: "finished", mode: "replay",
  };
}

/** A game clock in seconds as the page writes it: "0:12.5", "12:03.0". */
function clockText(seconds) {
  const tenths = Math.round(Number(seconds) * 10);
  const m = Math.floor(tenths / 600);
  const s = (tenths % 600) / 10;
  return `${m}:${s < 10 ? "0" : ""}${s.toFixed(1)}`;
}

/** The moves a step covers: "move 7", or "moves 40-43" for a step that folded in quiet ones. */
function movesText(step) {
  if (step.n === undefined) return "";
  return step.from !== undefined && step.from < step.n ? `moves ${step.from}-${step.n}` : `move ${step.n}`;
}

function realtime() { return st.steps.length > 0 && typeof st.steps[0].clock === "number"; }

/** The last step whose clock is at or before `seconds` (the first step before any). */
function stepAt(seconds) {
  let lo = 0;
  let hi = st.steps.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (st.steps[mid].clock <= seconds + 1e-9) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function show(i) {
  if (!st.steps.length) return;
  st.i = Math.max(0, Math.min(st.steps.length - 1, i));
  const step = st.steps[st.i];
  $("slider").value = String(st.i);
  const parts = [`step ${st.i} of ${st.steps.length - 1}`];
  if (realtime()) {
    $("clock").textContent = clockText(step.clock);
    $("time-slider").value = String(step.clock);
    parts.push(clockText(step.clock));
  }
  const moves = movesText(step);
  if (moves) parts.push(moves);
  $("step").textContent = parts.join(" · ");
  $("first").disabled = $("prev").disabled = st.i === 0;
  $("last").disabled = $("next").disabled = st.i === st.steps.length - 1;
  const box = $("game");
  try {
    if (st.module && typeof st.module.render === "function") st.module.render(box, step.view, ctx());
    else generic.render(box, step.view, ctx());
  } catch (e) {
    console.error(e);
    generic.render(box, step.view, ctx());
  }
  $("step-who").textContent = st.i === 0 ? "The start of the game."
    : step.seat === null || step.seat === undefined ? "The clock ran on." : `Move by ${seatName(step.seat)}.`;
  const evs = step.events || [];
  $("step-events").replaceChildren(...(evs.length ? evs.map((e) => h("li", { class: `event ev-${e.kind}`, testid: "step-event" }, e.text || e.kind))
    : [h("li", { class: "muted" }, st.i === 0 ? "Nothing yet." : "Nothing public happened (a hidden choice).")]));
  const log = [];
  for (let k = 1; k <= st.i; k++) for (const e of st.steps[k].events || []) log.push({ n: k, ...e });
  const ol = $("event-log");
  ol.replaceChildren(...log.slice(-300).map((e) => h("li", { class: `event ev-${e.kind}`, testid: "event", dataset: { n: String(e.n) } }, h("span", { class: "ev-n" }, e.n), " ", e.text || e.kind)));
  ol.scrollTop = ol.scrollHeight;
  renderOutcome(st.i === st.steps.length - 1);
}

function renderOutcome(atEnd) {
  const o = st.table?.outcome;
  if (!atEnd || !o) { $("banner").replaceChildren(); return; }
  const winners = o.winners || [];
  const all = st.table.seats && winners.length === st.table.seats.length;
  $("banner").replaceChildren(h("div", { class: `banner outcome ${winners.length ? "won" : "lost"}`, testid: "outcome" },
    h("h2", {}, !winners.length ? "Everybody lost." : all ? "The whole team won!" : `Won by ${winners.map(seatName).join(", ")}.`),
    o.detail ? h("p", { class: "detail" }, o.detail[0].toUpperCase() + o.detail.slice(1)) : null));
}

function togglePlay() {
  if (st.timer) {
    clearInterval(st.timer);
    st.timer = null;
    $("play").textContent = "▶ Play";
    return;
  }
  if (st.i >= st.steps.length - 1) show(0);
  $("play").textContent = "⏸ Pause";
  st.timer = setInterval(() => {
    if (st.i >= st.steps.length - 1) { togglePlay(); return; }
    show(st.i + 1);
  }, 900);
}

function stopPlay() { if (st.timer) togglePlay(); }

async function main() {
  if (!st.id) {
    $("replay-title").textContent = "No table id in the address";
    return;
  }
  $("back-to-table").href = `/t/${st.id}`;
  $("first").onclick = () => { stopPlay(); show(0); };
  $("prev").onclick = () => { stopPlay(); show(st.i - 1); };
  $("next").onclick = () => { stopPlay(); show(st.i + 1); };
  $("last").onclick = () => { stopPlay(); show(st.steps.length - 1); };
  $("play").onclick = togglePlay;
  $("slider").addEventListener("input", (/** @type {any} */ e) => { stopPlay(); show(Number(e.target.value)); });
  $("time-slider").addEventListener("input", (/** @type {any} */ e) => { stopPlay(); show(stepAt(Number(e.target.value))); });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.key === "ArrowRight") { e.preventDefault(); stopPlay(); show(st.i + 1); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); stopPlay(); show(st.i - 1); }
    else if (e.key === "Home") { e.preventDefault(); stopPlay(); show(0); }
    else if (e.key === "End") { e.preventDefault(); stopPlay(); show(st.steps.length - 1); }
    else if (e.key === " " && !(e.target instanceof HTMLButtonElement)) { e.preventDefault(); togglePlay(); }
  });
  useInvite(loadInvite(st.id));
  let data;
  try {
    const all = new URLSearchParams(location.search).get("steps") === "all";
    data = await api(`/api/tables/${st.id}/replay${all ? "?steps=all" : ""}`);
  } catch (e) {
    $("replay-title").textContent = "No replay";
    $("game").replaceChildren(h("div", { class: "banner lost", testid: "replay-error" },
      h("p", {}, e.status === 409 && !/damaged/.test(e.message) ? "This table is not finished yet: replays are for finished tables." : `The replay cannot be loaded: ${e.message}`),
      h("p", {}, h("a", { class: "btn", href: `/t/${st.id}` }, "Go to the table"))));
    return;
  }
  st.table = data.table;
  st.steps = data.steps || [];
  document.title = `replay — ${st.table?.title || st.table?.game || "table"} — getaway`;
  $("replay-title").textContent = `Replay: ${st.table?.title || st.table?.game || ""}`;
  st.module = await loadGameModule(st.table?.game);
  $("slider").max = String(Math.max(0, st.steps.length - 1));
  if (realtime()) {
    const end = st.steps[st.steps.length - 1].clock;
    $("time-slider").max = String(Math.ceil(end * 10) / 10);
    $("time-slider").hidden = $("clock").hidden = false;
  }
  const start = Number(new URLSearchParams(location.search).get("step"));
  show(Number.isFinite(start) ? start : 0);
}

main();
