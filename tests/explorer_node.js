// Runs templates/site/explorer.js's games under Node for tests/test_explorer_node.py: reads
// {script, card, fragments} as JSON on stdin (a variant's game and card, or Ghost's game and
// card scripts' data), writes each fragment's explain as JSON.
"use strict";
const zlib = require("zlib");
const path = require("path");
const {Game, InfixGame} = require(path.join(__dirname, "..", "templates", "site", "explorer.js"));

// Ghost's planes, the game's and the card's (as the page inflates them).
const GHOST = ["tree", "losers", "shortest", "threshold", "escape",
               "moves", "count", "words", "named", "try", "mistakes"];

let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const {script, card, fragments} = JSON.parse(input);
  const data = JSON.parse(script.replace(/^window\.cardgenGame = /, "").replace(/;\s*$/, ""));
  const inflated = (text) => new Uint8Array(zlib.inflateSync(Buffer.from(text, "base64")));
  const plane = (name) => data[name] ? inflated(data[name]) : null;
  let game;
  if (data.infix) {
    game = new InfixGame(data, plane("children"), plane("words"), plane("zipf"), card);
  } else {
    const planes = {};
    for (const name of GHOST) {
      const text = data[name] || card[name];
      if (text) { planes[name] = inflated(text); }
    }
    game = new Game(data, card, planes);
  }
  game.notCounted = {};
  const number = (t) => t === null ? null : t === Infinity ? "+inf" : t === -Infinity ? "-inf" : t;
  const escape = (e) => e ? {word: e.word, zipf: e.zipf} : null;
  const found = fragments.map((f) => {
    const p = game.explain(Array.from(f));
    return {
      fragment: p.fragment, mover: p.mover, losers: p.losers, word: p.word, prefix: p.prefix,
      completed_by: p.completedBy, ended_at: p.endedAt, moves: p.moves, words: p.words,
      named: p.named, card_move: p.cardMove === undefined ? null : p.cardMove,
      challenge_word: p.challengeWord,
      letters: p.letters.map((x) => ({letter: x.letter, losers: x.losers, word: x.word,
        words: x.words, named: x.named, threshold: number(x.threshold), escape: escape(x.escape)})),
      try: p.bestTry ? {move: p.bestTry.move, mistakes: p.bestTry.mistakes,
                        replies: p.bestTry.replies, escape: escape(p.bestTry.escape)} : null,
      decisions: p.decisions || [],
    };
  });
  process.stdout.write(JSON.stringify(found));
});
