// The balance chart: the score as games arrive, its 95% interval as a band, 50% dashed.

const NS = "http://www.w3.org/2000/svg";
const W = 640, H = 200, LEFT = 44, RIGHT = 12, TOP = 12, BOTTOM = 28;

function element(name, attributes, text) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function drawChart(svg, points, total) {
  svg.innerHTML = "";
  const x = (games) => LEFT + ((W - LEFT - RIGHT) * games) / Math.max(total, 1);
  const y = (score) => TOP + (H - TOP - BOTTOM) * (1 - score);
  svg.appendChild(element("rect", { x: LEFT, y: TOP, width: W - LEFT - RIGHT, height: H - TOP - BOTTOM, fill: "#fbfaf5", stroke: "#c9bfa5" }));
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    svg.appendChild(element("text", { x: LEFT - 6, y: y(level) + 4, "text-anchor": "end", "font-size": 11 }, `${level * 100}%`));
  }
  svg.appendChild(element("line", { x1: LEFT, x2: W - RIGHT, y1: y(0.5), y2: y(0.5), stroke: "#666", "stroke-dasharray": "4 4" }));
  svg.appendChild(element("text", { x: W - RIGHT, y: H - 8, "text-anchor": "end", "font-size": 11 }, `${total} games`));
  svg.appendChild(element("text", { x: LEFT, y: H - 8, "font-size": 11 }, "0"));
  if (!points.length) return;
  const upper = points.map((p) => `${x(p.games)},${y(p.high)}`);
  const lower = points.map((p) => `${x(p.games)},${y(p.low)}`).reverse();
  svg.appendChild(element("polygon", { class: "band", points: [...upper, ...lower].join(" "), fill: "#9cc3ec", opacity: 0.6 }));
  svg.appendChild(element("polyline", { class: "score", points: points.map((p) => `${x(p.games)},${y(p.score)}`).join(" "), fill: "none", stroke: "#2a62b0", "stroke-width": 2 }));
}
