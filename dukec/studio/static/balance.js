// The quick balance panel: the new tile in place of one of the set's, a run in the background
// with a live progress bar and chart, then the verdict. "Run" plays the army with every old tile
// made new against the set's own (a balance); "Value" the army with one new tile in place of one
// old against the set's own (the tile's worth a copy).

import { get, post, remove, status } from "./api.js";
import { drawChart } from "./chart.js";
import { plain, policyWords, sameName } from "./words.js";

const $ = (selector) => document.querySelector(selector);

export function createBalance({ source, tileName }) {
  const run = $("#balance-run");
  const value = $("#value-run");
  const cancel = $("#balance-cancel");
  const progress = $("#balance-progress");
  const count = $("#balance-count");
  const chart = $("#balance-chart");
  const verdict = $("#verdict");
  const next = $("#next-step");
  const more = $("#balance-more");
  let current = null;
  // The run the "play more" button continues: its kind, body and the games to continue to.
  let last = null;

  function duration(seconds) {
    if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
    if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
    return `${(seconds / 3600).toFixed(1)} h`;
  }

  // Game by game: the count, the speed over the latest games, and how long the rest would take
  // (at most: the sequential test may stop sooner).
  function progressWords(snapshot) {
    const words = [`${snapshot.games} / ${snapshot.total} games`];
    if (snapshot.state === "running") {
      if (snapshot.rate) words.push(`${snapshot.rate.toFixed(1)} games a second`);
      if (snapshot.eta_seconds !== null && snapshot.eta_seconds !== undefined) {
        words.push(`about ${duration(snapshot.eta_seconds)} left at most`);
      } else words.push("timing the first games");
    } else if (snapshot.seconds > 0) {
      words.push(`in ${duration(snapshot.seconds)}`);
    }
    return `${words.join(", ")} (players: ${policyWords(snapshot.policy)}; seed ${snapshot.seed})`;
  }

  function offerMore(snapshot) {
    const step = snapshot.result && snapshot.result.next;
    next.hidden = true;
    if (!step || !last) return;
    if (step.kind === "more" && step.more_games) {
      more.textContent = `Play ${step.more_games.games - snapshot.games} more games`;
      more.hidden = false;
      last.games = step.more_games.games;
      $("#next-words").textContent = `(${step.words}; the ${snapshot.games} played are kept)`;
      next.hidden = false;
    } else if (step.small) {
      more.hidden = true;
      $("#next-words").textContent = step.words;
      next.hidden = false;
    }
  }

  function show(snapshot) {
    progress.max = snapshot.total;
    progress.value = snapshot.games;
    count.textContent = progressWords(snapshot);
    drawChart(chart, snapshot.points, snapshot.total);
    if (snapshot.state === "done") offerMore(snapshot);
    if (snapshot.state === "done") {
      // The verdict as `dukec balance` words it, the players named as the page names them.
      verdict.textContent = snapshot.result.verdict_line.replace(
        `policy ${snapshot.policy}`, `players: ${policyWords(snapshot.policy)}`);
      verdict.className = snapshot.result.verdict.replace(" ", "-");
      verdict.dataset.verdict = snapshot.result.verdict;
    } else if (snapshot.state === "cancelled") {
      verdict.textContent = `cancelled after ${snapshot.games} games`;
      verdict.className = "";
    } else if (snapshot.state === "failed") {
      verdict.textContent = plain(snapshot.error);
      verdict.className = "error";
    }
  }

  async function poll(id) {
    while (current === id) {
      let snapshot;
      try {
        snapshot = await get(`/api/runs/${id}`);
      } catch (error) {
        status(error.message, true);
        break;
      }
      show(snapshot);
      if (snapshot.state !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (current === id) {
      current = null;
      run.disabled = false;
      value.disabled = false;
      cancel.disabled = true;
    }
  }

  async function start(kind, resumed) {
    const games = resumed ? resumed.games : Number($("#balance-games").value);
    if (!Number.isInteger(games) || games < 2 || games % 2) {
      verdict.textContent = "Games: choose an even number, 2 or more: each army moves first in half of them.";
      verdict.className = "error";
      return;
    }
    const old = $("#balance-old").value;
    if (old === tileName()) {
      verdict.textContent = sameName(old);
      verdict.className = "error";
      return;
    }
    const body = resumed ? { ...resumed.body, games, resume: true } : {
      kind,
      source: source(),
      replace: `${old}=${tileName()}`,
      games,
      seed: Number($("#balance-seed").value),
      policy: $("#balance-policy").value,
    };
    last = { kind, body, games };
    next.hidden = true;
    verdict.textContent = "";
    verdict.className = "";
    delete verdict.dataset.verdict;
    try {
      const snapshot = await post("/api/runs", body);
      current = snapshot.id;
      run.disabled = true;
      value.disabled = true;
      cancel.disabled = false;
      show(snapshot);
      // The chart in view while the games come in.
      $("#balance-panel").scrollIntoView({ block: "nearest", behavior: "smooth" });
      poll(snapshot.id);
    } catch (error) {
      verdict.textContent = error.message;
      verdict.className = "error";
    }
  }

  run.addEventListener("click", () => start("balance"));
  more.addEventListener("click", () => last && start(last.kind, last));
  value.addEventListener("click", () => start("value"));

  cancel.addEventListener("click", async () => {
    if (current !== null) {
      try {
        await remove(`/api/runs/${current}`);
      } catch (error) {
        status(error.message, true);
      }
    }
  });

  return {
    setTiles(tiles, preferred) {
      const select = $("#balance-old");
      select.innerHTML = "";
      for (const t of tiles) if (t.kind === "troop") select.add(new Option(t.name, t.name));
      if (preferred && tiles.some((t) => t.name === preferred)) select.value = preferred;
    },
    setNew(name) {
      $("#balance-new").textContent = name ?? "?";
    },
  };
}
