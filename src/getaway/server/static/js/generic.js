// The fallback for games without a module of their own: an outline of the
// view as nested lists (readable, collapsible), and the generic list of legal
// actions that the table shell always shows beside any game module.

import { h } from "./util.js";

const words = (key) => String(key).replace(/[_-]+/g, " ");

function scalar(v) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return h("span", { class: v ? "yes" : "no" }, v ? "yes" : "no");
  return h("span", {}, String(v));
}

function outline(value, depth) {
  if (value === null || typeof value !== "object") return scalar(value);
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "none");
    if (value.every((x) => x === null || typeof x !== "object")) return h("span", {}, value.map((x) => (x === null ? "—" : String(x))).join(", "));
    return h("ol", { class: "outline-list", start: 0 }, value.map((x) => h("li", {}, outline(x, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "muted" }, "nothing");
  const dl = h("dl", { class: "outline" });
  for (const [k, v] of entries) {
    const complex = v && typeof v === "object" && (Array.isArray(v) ? v.some((x) => x && typeof x === "object") : Object.keys(v).length > 0);
    if (complex && depth >= 1) {
      dl.append(h("dt", {}, words(k)), h("dd", {}, h("details", { open: depth < 2 }, h("summary", {}, words(k)), outline(v, depth + 1))));
    } else {
      dl.append(h("dt", {}, words(k)), h("dd", {}, outline(v, depth + 1)));
    }
  }
  return dl;
}

/** Render any game's view as an outline (the fallback "game module"). */
export function render(container, view, ctx) {
  container.replaceChildren(
    h("section", { class: "generic-view", testid: "generic-view" },
      h("p", { class: "muted" }, "This game has no table drawing yet; here is everything your seat can see."),
      view ? outline(view, 0) : h("p", {}, "No view yet.")),
  );
}

/** The generic list of legal actions: one button per action, with its label. */
export function legalList(legal, act, { disabled = false } = {}) {
  if (!legal || !legal.length) return h("p", { class: "muted", testid: "no-legal" }, "Nothing to decide right now.");
  return h("ul", { class: "legal-list", testid: "legal-actions" },
    legal.map((l, i) => h("li", {},
      h("button", {
        type: "button", class: "btn legal", testid: "legal-action", dataset: { kind: l.action.kind, index: String(i) },
        disabled, onclick: () => act(l.action),
      }, l.label || l.action.kind))));
}
