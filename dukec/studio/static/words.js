// The page's words for what the server names: players (policies) and request fields, so a
// designer reads "Search: plays well", not a policy's name, and "Games", not 'games'.

const POLICY_WORDS = {
  random: "Random: any legal move (fastest)",
  greedy: "Greedy: takes what it can",
  mcts: "Monte Carlo: random play-outs",
  "search-material": "First search: counts tiles",
  "search-v1": "Earlier search: tile values",
  search: "Search: plays well",
};

/** The player a policy name stands for, in words. */
export const policyWords = (name) => POLICY_WORDS[name] ?? name;

/** Fill a select with the server's policies, in words, ``chosen`` selected. */
export function fillPolicies(select, names, chosen) {
  select.innerHTML = "";
  for (const name of names) select.add(new Option(policyWords(name), name));
  select.value = names.includes(chosen) ? chosen : names[names.length - 1];
}

const FIELD_WORDS = {
  file: "The file name",
  games: "Games",
  seed: "Seed",
  policy: "Players",
  bot: "Bot",
  seat: "You play",
  replace: "The tile to replace",
  source: "The text",
  tile: "The tile",
};

/** A server's message in the page's words: a request field named as its control is. */
export function plain(message) {
  return message.replace(/'([a-z_]+)'(:?)/g, (whole, key, colon) =>
    FIELD_WORDS[key] ? `${FIELD_WORDS[key]}${colon}` : whole);
}

/** Why a tile cannot be tried in its own place, and what to do. */
export const sameName = (name) =>
  `The tile in the editor is called ${name}, like the set's ${name} it would replace. ` +
  `Rename it in the text (for example tile ${name}2) to try it against the set's ${name}.`;
