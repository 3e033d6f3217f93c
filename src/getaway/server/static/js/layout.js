// The table page's layout helpers that the shell (table.js) does not need to know about:
// on a phone the decision panel is a bar fixed at the bottom of the screen (css/getaway.css),
// and the page keeps room under its last line for that bar's height, measured as it changes
// (the CSS variable --decision-h on the page's root).

const decision = document.getElementById("decision");
if (decision) {
  const root = document.documentElement;
  const measure = () => {
    const fixed = getComputedStyle(decision).position === "fixed";
    root.style.setProperty("--decision-h", fixed ? `${Math.ceil(decision.getBoundingClientRect().height)}px` : "0px");
  };
  new ResizeObserver(measure).observe(decision);
  window.addEventListener("resize", measure);
  measure();
}
