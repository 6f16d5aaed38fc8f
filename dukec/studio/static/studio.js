// The studio page: the set's cards, the editor, the balance panel and the game, wired together.

import { get, status } from "./api.js";
import { createBalance } from "./balance.js";
import { createEditor } from "./editor.js";
import { createPlay } from "./play.js";
import { fillPolicies } from "./words.js";

const settings = JSON.parse(document.getElementById("settings").textContent);

// The players a run and the bot default to: the server's default when it names one, else the
// search, the strongest player.
const PLAYERS = settings.policy || "search";
fillPolicies(document.getElementById("balance-policy"), settings.policies, PLAYERS);
fillPolicies(document.getElementById("play-bot"), settings.policies, PLAYERS);

const STARTER = `tile Paladin {
    count 1
    front {
        . J . J .
        . . . . .
        . M @ M .
        . . M . .
    }
    back {
        . . S . .
        . M @ M .
    }
}
`;

let balance = null;
const editor = createEditor({
  own: settings.own,
  files: settings.files || [],
  onBuilt: (tile) => balance && balance.setNew(tile ? tile.name : null),
  openFile: (file) => openFile(file),
});
balance = createBalance({ source: editor.source, tileName: () => editor.tile()?.name });
createPlay({
  source: editor.source,
  tileName: () => editor.tile()?.name,
  oldName: () => document.getElementById("balance-old").value,
});

// The tile it would replace: a tile of the set opened to be changed takes its own place (rename
// it to try the change); a tile of the designer's folder keeps the one chosen, never itself.
function chooseOld(name, fromFolder) {
  const old = document.getElementById("balance-old");
  const troops = [...old.options].map((option) => option.value);
  if (!fromFolder && troops.includes(name)) old.value = name;
  else if (old.value === name || !old.value) {
    old.value = troops.find((troop) => troop !== name && troop === "Knight")
      || troops.find((troop) => troop !== name) || "";
  }
}

async function open(name) {
  try {
    const tile = await get(`/api/tiles/${encodeURIComponent(name)}`);
    await editor.setSource(tile.source, tile.file);
    balance.setNew(editor.tile()?.name);
    chooseOld(tile.name, Boolean(tile.file));
  } catch (error) {
    status(error.message, true);
  }
}

async function openFile(file) {
  try {
    const found = await get(`/api/folder/${encodeURIComponent(file)}`);
    await editor.setSource(found.source, found.file);
    balance.setNew(editor.tile()?.name);
    if (editor.tile()) chooseOld(editor.tile().name, true);
    status(`opened ${found.file}`);
  } catch (error) {
    status(error.message, true);
  }
}

async function start() {
  const { tiles } = await get("/api/tiles");
  const gallery = document.getElementById("gallery");
  for (const tile of tiles) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.name = tile.name;
    button.title = `open ${tile.name} in the editor`;
    button.innerHTML = tile.card;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = tile.name;
    button.appendChild(name);
    button.addEventListener("click", () => open(tile.name));
    gallery.appendChild(button);
  }
  const names = tiles.map((t) => t.name);
  balance.setTiles(tiles, settings.tile || (names.includes("Knight") ? "Knight" : null));
  if (settings.tile) await open(settings.tile);
  else if (settings.open) {
    // The folder's last edited file, as it was saved.
    await editor.setSource(settings.open.source, settings.open.file);
    balance.setNew(editor.tile()?.name);
    if (editor.tile()) chooseOld(editor.tile().name, true);
  } else await editor.setSource(STARTER);
  document.body.dataset.ready = "true";
}

start().catch((error) => status(error.message, true));
