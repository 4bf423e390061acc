// The explorer of a published card: shows the solved game in the browser.
// Its data is the game (`game-<hash>.js`) and the card's answers (`<stem>.card.js`), see
// cardgen/render/explorer.py. In Ghost every answer is read from them as the Python found it
// (cardgen/cards/position.py's `explain` over the solution, its thresholds and the casual
// table; cardgen/games/everywhere.py finds them for every fragment at once): loser sets,
// escape thresholds and words, word sets, best tries, challenge words, and who loses outside
// the game (the loser set of the word a fragment runs past, else the game's `challenged` by
// length); the page computes no rule of the game. SuperGhost and SuperDuperGhost rebuild
// theirs from the words (below, `InfixGame`; tests/test_explorer_node.py checks it against
// the Python).
// It says a position in explain's sentences (the card's `say`: cardgen.render.explain.SAY,
// which templates/explain.txt.j2 fills too; tests/test_browser.py compares the two).
(function () {
  "use strict";
  var ORDINALS = ["first", "second", "third", "fourth", "fifth",
                  "sixth", "seventh", "eighth", "ninth", "tenth"];

  function ordinal(seat) { return seat <= ORDINALS.length ? ORDINALS[seat - 1] : seat + "th"; }

  function seatList(seats) {
    var names = seats.map(ordinal);
    if (!names.length) { return "no player"; }
    if (names.length === 1) { return "the " + names[0] + " player"; }
    return "the " + names.slice(0, -1).join(", ") + " and " + names[names.length - 1] + " players";
  }

  function zipf(value) { return "Zipf " + String(value); }  // sentences.zipf: 'Zipf 2.34'

  var NAMED = "\u2021";  // sentences.NAMED_MARK: a word named when the others challenge

  function loses(seats) { return seats.length === 1 ? "loses" : "lose"; }

  // explain's sentences by name (cardgen.render.explain.SAY, in the card's script): the one
  // wording of templates/explain.txt.j2 and of the explorer.
  var SAY = {};

  function say(name, slots) {
    return SAY[name].replace(/\{(\w+)\}/g, function (_, slot) { return String(slots[slot]); });
  }

  function inflate(text) {
    var raw = atob(text), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return new Uint8Array(buffer);
    });
  }

  // Little-endian integers of `size` bytes from a plane of bytes.
  function integers(bytes, size, signed) {
    var n = bytes.length / size, out = signed ? new Int16Array(n) : new Uint32Array(n), k, b;
    for (k = 0; k < n; k++) {
      var v = 0;
      for (b = size - 1; b >= 0; b--) { v = v * 256 + bytes[size * k + b]; }
      out[k] = v;
    }
    return out;
  }

  // The unsigned integers of a plane written 7 bits a byte, the lowest first (the top bit:
  // more bytes follow); `count` of them where known.
  function varints(bytes, count) {
    var out = count === undefined ? [] : new Int32Array(count), k = 0, value = 0, shift = 0;
    for (var i = 0; i < bytes.length; i++) {
      value += (bytes[i] & 127) * Math.pow(2, shift);
      if (bytes[i] & 128) { shift += 7; continue; }
      out[k++] = value;
      value = 0;
      shift = 0;
    }
    return out;
  }

  var NO_ESCAPE = -32768, ANY_ESCAPE = 32767;  // explorer.NO_ESCAPE, ANY_ESCAPE: -inf, +inf

  // The game tree: node 0 is the empty fragment; the children of node k are lo[k]..hi[k]-1.
  // `planes` holds the game's and the card's planes, inflated (cardgen/render/explorer.py).
  function Game(data, card, planes) {
    var tree = planes.tree, n = tree.length + 1;
    this.name = data.name;
    this.minLength = data.minLength;
    this.notCounted = {};  // set from the game's data once inflated
    this.letters = Array.from(data.letters);
    this.players = data.players;
    this.challenged = data.challenged;  // who loses a challenge outside the game, by length
    this.knows = card.knows;
    this.assumed = card.assumed;  // whom the card assumes, as explain says it
    // The openings where the pocket deck prints a winning letter alone, not its words' letter.
    this.printed = card.printed || {};
    this.letter = new Uint8Array(n);
    this.leaf = new Uint8Array(n);
    this.parent = new Int32Array(n);
    this.losers = data.loserBytes === 1 ? planes.losers : integers(planes.losers, 2);
    this.move = planes.moves;
    this.shortest = planes.shortest;
    this.tries = planes["try"];
    this.mistakes = planes.mistakes;
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.depth = new Uint8Array(n);
    var k, c, next = 1;
    for (k = 1; k < n; k++) {
      this.letter[k] = tree[k - 1] & 63;
      this.leaf[k] = tree[k - 1] & 64 ? 1 : 0;
    }
    for (k = 0; k < n; k++) {
      if (this.leaf[k]) { continue; }
      this.lo[k] = next;
      while (!(tree[next - 1] & 128)) { next++; }
      next++;
      this.hi[k] = next;
      for (c = this.lo[k]; c < this.hi[k]; c++) { this.depth[c] = this.depth[k] + 1; this.parent[c] = k; }
    }
    this.longest = this.depth[n - 1];  // levels in order: the last node is the deepest
    // The words in order are the leaves in the tree's order: each fragment's first word
    // (`start`, its place among them) and each word's node (`wordNode`).
    var size = new Int32Array(n);
    for (k = n - 1; k >= 0; k--) {
      if (this.leaf[k]) { size[k] = 1; continue; }
      for (c = this.lo[k]; c < this.hi[k]; c++) { size[k] += size[c]; }
    }
    this.start = new Int32Array(n);
    this.wordNode = new Int32Array(size[0]);
    for (k = 0; k < n; k++) {
      if (this.leaf[k]) { this.wordNode[this.start[k]] = k; continue; }
      var at = this.start[k];
      for (c = this.lo[k]; c < this.hi[k]; c++) { this.start[c] = at; at += size[c]; }
    }
    // Each fragment's word set (for the seat that played its last letter): its `count`
    // words, from `first` on in `words` (each word's place among the fragment's words, less
    // the place of the word before), and of them those named when the others challenge.
    var count = varints(planes.count, n), steps = varints(planes.words), i;
    this.first = new Int32Array(n + 1);
    for (k = 0; k < n; k++) { this.first[k + 1] = this.first[k] + count[k]; }
    this.words = new Int32Array(steps.length);
    for (k = 0; k < n; k++) {
      for (i = this.first[k], at = this.start[k]; i < this.first[k + 1]; i++) {
        at += steps[i];
        this.words[i] = this.wordNode[at];
      }
    }
    this.named = planes.named || null;
    this.traps = Boolean(planes.threshold);
    if (this.traps) {
      this.threshold = integers(planes.threshold, 2, true);
      this.escape = varints(planes.escape, n);  // 1 + the word's place among the fragment's
    }
  }

  Game.prototype.text = function (node) {
    var out = [];
    for (var k = node; k > 0; k = this.parent[k]) { out.push(this.letters[this.letter[k]]); }
    return out.reverse().join("");
  };

  Game.prototype.seats = function (mask) {
    var seats = [];
    for (var s = 0; s < this.players; s++) { if (mask >> s & 1) { seats.push(s + 1); } }
    return seats;
  };

  Game.prototype.child = function (node, x) {
    for (var c = this.lo[node]; c < this.hi[node]; c++) {
      if (this.letters[this.letter[c]] === x) { return c; }
    }
    return -1;
  };

  // The node of a fragment (an array of letters), or -1 if no word begins with it.
  Game.prototype.find = function (fragment) {
    var node = 0;
    for (var i = 0; i < fragment.length && node >= 0; i++) {
      node = this.leaf[node] ? -1 : this.child(node, fragment[i]);
    }
    return node;
  };

  Game.prototype.loses = function (node, seat) { return (this.losers[node] >> (seat - 1) & 1) === 1; };

  // How the game speaks of its moves (cardgen.games.variants.Game): a letter, added at the end.
  Game.prototype.noun = "letter";
  Game.prototype.inside = "begins";
  Game.prototype.written = function (move) { return move; };
  Game.prototype.after = function (fragment, move) { return fragment.concat([move]); };

  // The word set the seat that played node's last letter forces from there (none: it can
  // lose), and the words of it it names when the others challenge.
  Game.prototype.wordSet = function (node) {
    var words = [], named = [];
    for (var i = this.first[node]; i < this.first[node + 1]; i++) {
      var word = this.text(this.words[i]);
      words.push(word);
      if (this.named && this.named[i]) { named.push(word); }
    }
    return {words: words, named: named};
  };

  // The threshold and escape word of the seat that played node's last letter.
  Game.prototype.thresholdOf = function (node) {
    var t = this.threshold[node];
    return t === NO_ESCAPE ? -Infinity : t === ANY_ESCAPE ? Infinity : t / 100;
  };

  Game.prototype.escapeOf = function (node) {
    var word = this.escape[node];
    return word ? {word: this.text(this.wordNode[this.start[node] + word - 1]), zipf: this.thresholdOf(node)} : null;
  };

  // The child a stored choice names (1 + its place among the children; 0: none).
  Game.prototype.chosen = function (node, plane) { return plane[node] ? this.lo[node] + plane[node] - 1 : -1; };

  // The word to name when challenged at node: the way to it is stored child by child.
  Game.prototype.shortestWord = function (node) {
    while (!this.leaf[node]) { node = this.chosen(node, this.shortest); }
    return this.text(node);
  };

  // Why the fragment (an array of letters) is in the word list but no playable word, or null.
  Game.prototype.uncounted = function (text) {
    return Object.prototype.hasOwnProperty.call(this.notCounted, text) ? this.notCounted[text] : null;
  };

  // cardgen.cards.position.explain where no playable word begins with (or holds) the
  // fragment, read from the data: the game ended at the first word among its beginnings,
  // lost by the seat that word's loser set names, or else it is lost to a challenge by the
  // seat the game's `challenged` names for its length.
  Game.prototype.outside = function (fragment) {
    var n = this.players, depth = fragment.length, text = fragment.join(""), ended = -1;
    for (var i = 1; i < depth && ended < 0; i++) {
      var k = this.find(fragment.slice(0, i));
      if (k >= 0 && this.isWord(k)) { ended = k; }
    }
    var endedAt = ended < 0 ? null : this.text(ended);
    var loser = ended < 0 ? this.challenged[depth - 1] : this.seats(this.losers[ended])[0];
    return {fragment: text, depth: depth, mover: depth % n + 1, losers: [loser], word: false,
            prefix: false, completedBy: endedAt ? loser : null, endedAt: endedAt, letters: [],
            moves: [], words: [], named: [], challengeWord: null, bestTry: null,
            notCounted: this.uncounted(text), decisions: [], cardLetter: null};
  };

  Game.prototype.isWord = function (node) { return this.leaf[node] === 1; };

  // cardgen.cards.position.explain: the position of a fragment (an array of letters), for
  // the card, read from the stored answers.
  Game.prototype.explain = function (fragment) {
    var n = this.players, depth = fragment.length, text = fragment.join("");
    var mover = depth % n + 1, node = this.find(fragment), notCounted = this.uncounted(text);
    if (node < 0) { return this.outside(fragment); }
    var game = this, letters = [], word = this.leaf[node] === 1;
    for (var c = this.lo[node]; !word && c < this.hi[node]; c++) {
      var set = this.wordSet(c);
      letters.push({letter: this.letters[this.letter[c]], losers: this.seats(this.losers[c]),
                    word: this.leaf[c] === 1, wins: set.words.length > 0, words: set.words,
                    named: set.named, threshold: this.traps ? this.thresholdOf(c) : null,
                    escape: this.traps ? this.escapeOf(c) : null});
    }
    // The card's move, and the words it forces from here: those after it.
    var move = word ? -1 : this.chosen(node, this.move);
    var own = move < 0 ? {words: [], named: []} : this.wordSet(move), words = own.words;
    var cardMove = words.length ? this.letters[this.letter[move]] : null;
    // One card, one play: the letter its deck prints, where that is another (an opening).
    var printed = !word && Object.prototype.hasOwnProperty.call(this.printed, text)
      ? this.printed[text] : null;
    var winning = letters.filter(function (x) { return x.wins; }).map(function (x) { return x.letter; });
    if (cardMove && printed && winning.indexOf(printed) >= 0) { cardMove = printed; }
    var chosen = word ? -1 : this.chosen(node, this.tries), bestTry = null;
    if (chosen >= 0) {
      bestTry = {move: this.letters[this.letter[chosen]], mistakes: this.mistakes[node],
                 replies: this.hi[chosen] - this.lo[chosen],
                 escape: this.traps ? this.escapeOf(chosen) : null};
    }
    return {
      fragment: text, depth: depth, mover: mover, losers: this.seats(this.losers[node]), word: word,
      prefix: true, completedBy: word ? this.seats(this.losers[node])[0] : null, endedAt: null,
      letters: letters,
      moves: winning,
      words: words, named: own.named, notCounted: word ? null : notCounted,
      cardMove: cardMove, printed: printed,
      // The letter the card prints here: its move, or at a seat's opening its trap (or try).
      cardLetter: cardMove || printed || (depth < n && bestTry ? bestTry.move : null),
      challengeWord: words.length ? words[0] : game.shortestWord(node),
      bestTry: bestTry
    };
  };

  function element(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  // The position as `cardgen explain` says it (templates/explain.txt.j2), a line a paragraph,
  // every letter a button that plays it. The lines keep explain's words: tests/test_browser.py
  // compares them with its text.
  Game.prototype.lines = function (p, button) {
    var game = this, f = p.fragment, out = [], mover = ordinal(p.mover), noun = this.noun;
    // cardgen.render.explain.describe's written(): the letter, or `b… bera` in the variants.
    function shown(move, fragment) {
      var text = game.written(move, fragment === undefined ? f : fragment);
      return text === move ? move : text + " " + move;
    }
    function line(parts, attributes) {
      var a = attributes || {};
      a["class"] = "line" + (a["class"] ? " " + a["class"] : "");
      out.push(element("p", a, parts));
    }
    line([say("against", {assumed: this.assumed})]);
    if (p.notCounted) { line([say("not_counted", {f: f, why: p.notCounted})]); }
    if (!p.prefix) {
      line([p.endedAt
        ? say("ended", {f: f, inside: game.inside, ended_at: p.endedAt, completed_by: ordinal(p.completedBy)})
        : say("challenged", {f: f, inside: game.inside, losers: seatList(p.losers), last: noun === "letter" ? f.slice(-1) : "last"})]);
      return out;
    }
    if (p.word) {
      line([say("word", {f: f, completed_by: ordinal(p.completedBy)})]);
      return out;
    }
    // cardgen.render.explain._lose: with three or more players, the seats listed can be made
    // to lose (one player loses a round).
    var lose = function (seats) { return game.players > 2 ? say("can_lose", {}) : loses(seats); };
    if (f) { line([say(p.notCounted ? "goes_on" : "not_yet", {f: f, inside: game.inside})]); }
    line([say("mover", {mover: mover, losers: seatList(p.losers), lose: lose(p.losers)})], {"class": "mover"});
    var table = this.knows === null ? "" : say("against_table", {zipf: zipf(this.knows)});
    var winning = p.letters.filter(function (x) { return x.wins; });
    if (winning.length) {
      line([say("winning", {noun: noun, mover: mover, against: table})]);
      winning.forEach(function (x) {
        var words = x.words.map(function (w) { return x.named.indexOf(w) < 0 ? w : w + NAMED; });
        line([button(x), " " + words.join(" ") + (x.letter === p.cardMove ? " " + say("card_move", {}) : "")],
             {"class": "letters winning"});
      });
      if (winning.some(function (x) { return x.named.length; })) {
        line([say("named", {mark: NAMED})]);
      }
    } else {
      line([say("no_winning", {mover: mover, noun: noun, against: table, Noun: noun[0].toUpperCase() + noun.slice(1)})]);
    }
    var groups = {}, order = [];
    p.letters.forEach(function (x) {
      if (x.wins) { return; }
      var key = x.losers.join(" ");
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(x);
    });
    if (order.length && winning.length) { line([say("losing", {noun: noun})]); }
    order.sort(function (a, b) { return groups[a][0].letter < groups[b][0].letter ? -1 : 1; });
    order.forEach(function (key) {
      // Letters are spaced, plays written with their side separated by commas (as explain).
      var parts = [], plain = groups[key].every(function (x) { return shown(x.letter) === x.letter; });
      groups[key].forEach(function (x, i) { parts.push(i ? (plain ? " " : ", ") : "", button(x)); });
      parts.push(" " + seatList(groups[key][0].losers) + " " + lose(groups[key][0].losers));
      line(parts, {"class": "letters losing"});
    });
    var escapes = p.letters.filter(function (x) { return x.threshold !== null && x.threshold > -Infinity; });
    if (escapes.length) {
      line([say("escapes", {mover: mover})]);
      escapes.forEach(function (x) {
        line([x.letter + " " + (x.escape ? say("escape", {word: x.escape.word, zipf: zipf(x.escape.zipf)})
          : say("no_escape", {mover: mover}))],
          {"class": "escape-word", "data-after": x.letter, "data-escape": x.escape ? x.escape.word : ""});
      });
    }
    var t = p.bestTry, replier = ordinal(p.mover % game.players + 1), name = game.traps ? "Trap" : "Best try";
    var said = t ? {name: name, move: shown(t.move), replier: replier, mover: mover, replies: t.replies,
                    mistakes: t.mistakes || "none", noun: noun} : null;
    if (t && t.replies === 1) {
      line([say(t.mistakes ? "one_reply" : "one_reply_kept", said)], {"class": "try"});
    } else if (t && t.replies && !t.mistakes && !game.traps) {
      line([say("no_try", said)], {"class": "try"});
    } else if (t && t.replies) {
      line([say(t.mistakes > 1 ? "mistakes" : "mistake", said)], {"class": "try"});
    } else if (t) {
      line([say("completes", said)], {"class": "try"});
    }
    if (t && t.escape) {
      line([say("get_out", {word: t.escape.word, zipf: zipf(t.escape.zipf)})], {"class": "escape"});
    }
    if (p.printed && !p.cardMove && !(p.bestTry && p.bestTry.move === p.printed)) { line([say("printed", {move: shown(p.printed)})], {"class": "printed"}); }
    var rows = p.decisions || [];
    if (rows.length) {
      line([say(rows.length === 1 ? "decisions_one" : "decisions", {rows: rows.length})]);
      // The rows in columns (the first seat's table from the start: 105 rows).
      var at = out.length;
      rows.forEach(function (d) {
        line([say("decision", {fragment: d.fragment || "(start)", play: shown(d.play, d.fragment)})], {"class": "decision", "data-fragment": d.fragment, "data-play": d.play});
      });
      out.push(element("div", {"class": "decision-rows"}, out.splice(at)));
    }
    if (f) { line([say("challenge", {word: p.challengeWord})], {"class": "challenge"}); }
    return out;
  };

  // SuperGhost and SuperDuperGhost (cardgen/render/explorer.py, "render_infix_game"): the
  // infixes of the playable words as a trie, node 0 the empty fragment, nodes level by level
  // and alphabetically within a level, as cardgen.games.infix numbers them. What is computed
  // from it follows cardgen/games/superghost.py: moves, loser sets, each seat's fewest
  // decisions and its decision table, and cardgen/cards/position.py for the position.
  function InfixGame(data, children, words, zipf, card) {
    var n = data.nodes, base = Array.from(data.letters).length, bit = 0, next = 1, k, c;
    function read() { var b = children[bit >> 3] >> (bit & 7) & 1; bit++; return b; }
    this.name = data.name;
    this.minLength = data.minLength;
    this.notCounted = {};  // set from the game's data once inflated
    this.letters = Array.from(data.letters);
    this.players = data.players;
    this.challenged = data.challenged;
    this.noun = card.noun;
    this.inside = card.inside;
    this.reverse = card.reverse;
    this.printed = card.printed || {};
    this.knows = card.knows === undefined ? null : card.knows;  // a casual table needs traps
    this.assumed = card.assumed;
    this.traps = Boolean(card.traps) && zipf !== null;
    this.letter = new Uint8Array(n);
    this.parent = new Int32Array(n);
    this.suffix = new Int32Array(n);  // the node of the fragment without its first letter
    this.depth = new Uint8Array(n);
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.word = new Uint8Array(n);
    this.lo[0] = 1;
    for (c = 0; c < base; c++) {
      if (read()) { this.letter[next] = c; this.depth[next] = 1; next++; }
    }
    this.hi[0] = next;
    // The letters that follow a fragment are among those that follow its suffix: a bit each.
    for (k = 1; k < n; k++) {
      var s = this.suffix[k];
      this.lo[k] = next;
      for (c = this.lo[s]; c < this.hi[s]; c++) {
        if (read()) {
          this.letter[next] = this.letter[c];
          this.parent[next] = k;
          this.suffix[next] = c;
          this.depth[next] = this.depth[k] + 1;
          next++;
        }
      }
      this.hi[k] = next;
    }
    for (k = 0; k < n; k++) { this.word[k] = words[k >> 3] >> (k & 7) & 1; }
    this.longest = this.depth[n - 1];  // levels in order: the last node is the deepest
    // The fragments a letter in front makes (x + f), by f: the nodes whose suffix is f.
    this.frontLo = new Int32Array(n + 1);
    this.front = new Int32Array(n);
    this.first = new Uint8Array(n);
    for (k = 1; k < n; k++) {
      this.frontLo[this.suffix[k] + 1]++;
      this.first[k] = this.depth[k] === 1 ? this.letter[k] : this.first[this.parent[k]];
    }
    for (k = 0; k < n; k++) { this.frontLo[k + 1] += this.frontLo[k]; }
    var fill = this.frontLo.slice(0, n);
    for (k = 1; k < n; k++) { this.front[fill[this.suffix[k]]++] = k; }
    // With reversal, each fragment's reverse (-1 where it is no fragment).
    this.turned = null;
    if (this.reverse) {
      this.turned = new Int32Array(n);
      for (k = 1; k < n; k++) {
        var r = this.depth[k] === 1 ? k : this.turned[this.parent[k]];
        this.turned[k] = this.depth[k] === 1 ? k : r < 0 ? -1 : this.inFront(r, this.letter[k]);
      }
    }
    this.moveLists();
    this.solveLosers();
    this.costs = {};
    this.plans = {};
    if (this.traps) { this.thresholds(zipf); }
  }

  // cardgen.games.traps.thresholds over plays: M, the highest Zipf of the words that contain
  // each fragment (the fragments one letter longer at either end contain it, words or not),
  // and every seat's escape threshold T, from the longest fragments down.
  InfixGame.prototype.thresholds = function (zipf) {
    var n = this.word.length, players = this.players, k, i, c, s, w = 0;
    this.zipf = new Float64Array(n).fill(-Infinity);
    this.escape = [];
    for (s = 0; s < players; s++) { this.escape.push(new Float64Array(n)); }
    for (k = 0; k < n; k++) {
      if (this.word[k]) { this.zipf[k] = (zipf[2 * w] | zipf[2 * w + 1] << 8) / 100; w++; }
    }
    this.best = this.zipf.slice();
    for (k = n - 1; k >= 0; k--) {
      var d = this.depth[k], m = this.best[k];
      for (c = this.lo[k]; c < this.hi[k]; c++) { m = Math.max(m, this.best[c]); }
      for (c = this.frontLo[k]; c < this.frontLo[k + 1]; c++) { m = Math.max(m, this.best[this.front[c]]); }
      this.best[k] = m;
      for (s = 0; s < players; s++) {
        var e = this.escape[s], own = s === d % players, t = own ? Infinity : -Infinity;
        if (this.word[k]) { e[k] = s === (d - 1) % players ? Infinity : -Infinity; continue; }
        for (i = this.moveLo[k]; i < this.moveLo[k + 1]; i++) {
          c = this.moveList[i];
          t = own ? Math.min(t, e[c]) : Math.max(t, Math.min(this.best[c], e[c]));
        }
        e[k] = t;
      }
    }
  };

  // cardgen.games.traps.Thresholds.first_known: the alphabetically first word of Zipf M(node) that contains the
  // fragment, from the longest fragments down (on first use; a word's rank is its place in a
  // walk of the trie, letters in order: the alphabetical order of the fragments).
  InfixGame.prototype.firstKnown = function (node) {
    var n = this.word.length, k, c;
    if (!this.firstWord) {
      var rank = new Int32Array(n), stack = [0], at = 0, first = new Int32Array(n), game = this;
      while (stack.length) {
        k = stack.pop();
        rank[k] = at++;
        for (c = this.hi[k] - 1; c >= this.lo[k]; c--) { stack.push(c); }
      }
      // Candidates are words of Zipf M(k): the first in the walk wins.
      var take = function (f, j, c) { return j >= 0 && game.best[c] === game.best[k] && (f < 0 || rank[j] < rank[f]) ? j : f; };
      for (k = n - 1; k >= 0; k--) {
        var f = this.word[k] && this.zipf[k] === this.best[k] ? k : -1;
        for (c = this.lo[k]; c < this.hi[k]; c++) { f = take(f, first[c], c); }
        for (c = this.frontLo[k]; c < this.frontLo[k + 1]; c++) { f = take(f, first[this.front[c]], this.front[c]); }
        first[k] = f;
      }
      this.firstWord = first;
    }
    return this.text(this.firstWord[node]);
  };

  // Thresholds.escape_word over plays: the word the others must know to stop `seat` from
  // winning from node; null where T is infinite.
  InfixGame.prototype.escapeWord = function (node, seat) {
    var e = this.escape[seat - 1], threshold = e[node], g = node, kids, i, j;
    if (!isFinite(threshold)) { return null; }
    for (;;) {
      kids = this.moves(g);
      if (this.depth[g] % this.players === seat - 1) {
        j = kids[0];
        for (i = 1; i < kids.length; i++) { if (e[kids[i]] < e[j]) { j = kids[i]; } }
        g = j;
        continue;
      }
      for (i = 0; i < kids.length - 1 && Math.min(this.best[kids[i]], e[kids[i]]) !== e[g]; i++) { /* the first */ }
      j = kids[i];
      if (this.best[j] <= e[j]) { return {word: this.firstKnown(j), zipf: threshold}; }
      g = j;
    }
  };

  InfixGame.prototype.inFront = function (node, x) {
    for (var i = this.frontLo[node]; i < this.frontLo[node + 1]; i++) {
      if (this.first[this.front[i]] === x) { return this.front[i]; }
    }
    return -1;
  };

  InfixGame.prototype.atBack = function (node, x) {
    for (var c = this.lo[node]; c < this.hi[node]; c++) { if (this.letter[c] === x) { return c; } }
    return -1;
  };

  // Every fragment's moves (none out of a word): a letter at the back or in front, and with
  // reversal the same on the reversed fragment; each fragment once, alphabetically.
  InfixGame.prototype.moveLists = function () {
    var n = this.word.length, game = this, k, i, count = 0;
    var buffer = new Int32Array(4 * 64 + 4), list = new Int32Array((this.reverse ? 4 : 2) * n);
    this.moveLo = new Int32Array(n + 1);
    function add(node) {
      var c, f;
      for (c = game.lo[node]; c < game.hi[node]; c++) { buffer[count++] = c; }
      for (f = game.frontLo[node]; f < game.frontLo[node + 1]; f++) { buffer[count++] = game.front[f]; }
    }
    var at = 0;
    for (k = 0; k < n; k++) {
      this.moveLo[k] = at;
      if (this.word[k]) { continue; }
      count = 0;
      add(k);
      if (this.turned && this.turned[k] >= 0 && this.turned[k] !== k) { add(this.turned[k]); }
      for (i = 1; i < count; i++) {  // a few sorted runs: insertion sort in place
        var v = buffer[i], j = i - 1;
        while (j >= 0 && buffer[j] > v) { buffer[j + 1] = buffer[j]; j--; }
        buffer[j + 1] = v;
      }
      for (i = 0; i < count; i++) {
        if (!i || buffer[i] !== buffer[i - 1]) { list[at++] = buffer[i]; }
      }
    }
    this.moveLo[n] = at;
    this.moveList = list;
  };

  InfixGame.prototype.moves = function (node) {
    return this.moveList.subarray(this.moveLo[node], this.moveLo[node + 1]);
  };

  // cardgen.games.superghost._solve_losers, from the longest fragments down.
  InfixGame.prototype.solveLosers = function () {
    var n = this.word.length, players = this.players, k, i;
    this.losers = new Uint16Array(n);
    for (k = n - 1; k >= 0; k--) {
      var d = this.depth[k];
      if (this.word[k]) { this.losers[k] = 1 << ((d - 1) % players); continue; }
      var all = 0, safe = 0, mover = d % players;
      for (i = this.moveLo[k]; i < this.moveLo[k + 1]; i++) {
        var mask = this.losers[this.moveList[i]];
        all |= mask;
        if (!(mask >> mover & 1)) { safe |= mask; }
      }
      this.losers[k] = safe || all;
    }
  };

  // The plays the others consider at node (cardgen.games.superghost._solve_costs, cardgen.games.casual.Casual._plan): with
  // perfect play those its mover does not lose after (every play if it loses after each); at a
  // casual table those that make a fragment a word it knows holds (none: it challenges).
  InfixGame.prototype.considered = function (node) {
    var kids = this.moves(node), mover = this.depth[node] % this.players + 1, found = [];
    for (var i = 0; i < kids.length; i++) {
      if (this.knows === null ? !this.loses(kids[i], mover) : this.best[kids[i]] >= this.knows) { found.push(kids[i]); }
    }
    return found.length || this.knows !== null ? found : Array.from(kids);
  };

  // cardgen.games.superghost._solve_costs (at a casual table cardgen.games.casual.casual's ranks): per fragment, the
  // fewest decisions the seat needs to win; where the table challenges, none.
  InfixGame.prototype.cost = function (seat) {
    if (this.costs[seat]) { return this.costs[seat]; }
    var n = this.word.length, cost = new Float64Array(n), k, i;
    for (k = n - 1; k >= 0; k--) {
      if (!this.wins(k, seat) || this.word[k]) { cost[k] = this.wins(k, seat) ? 0 : Infinity; continue; }
      var own = this.depth[k] % this.players === seat - 1, kids = own ? this.moves(k) : this.considered(k);
      var total = own ? Infinity : 0;
      for (i = 0; i < kids.length; i++) { total = own ? Math.min(total, 1 + cost[kids[i]]) : total + cost[kids[i]]; }
      cost[k] = total;
    }
    this.costs[seat] = cost;
    return cost;
  };

  // cardgen.games.superghost.InfixSolution._plan (Casual._plan at a casual table): the seat's decisions (fragment ->
  // play), end words and the words of those it names when challenged, from a node.
  InfixGame.prototype.plan = function (node, seat) {
    var memo = this.plans[seat] || (this.plans[seat] = new Map()), found = memo.get(node);
    if (found) { return found; }
    var cost = this.cost(seat), kids, i, game = this;
    var result = {rows: new Map(), words: new Set(), named: new Set()};
    if (cost[node] === Infinity) {
      // no strategy
    } else if (this.word[node]) {
      result.words.add(node);
    } else if (this.depth[node] % this.players === seat - 1) {
      var best = Infinity, chosen = null, play = -1;
      kids = this.moves(node);
      for (i = 0; i < kids.length; i++) { best = Math.min(best, cost[kids[i]]); }
      for (i = 0; i < kids.length; i++) {
        if (cost[kids[i]] !== best) { continue; }
        var option = this.plan(kids[i], seat);
        if (chosen === null || option.words.size < chosen.words.size) { chosen = option; play = kids[i]; }
      }
      result = {rows: new Map(chosen.rows), words: chosen.words, named: chosen.named};
      result.rows.set(node, play);
    } else if ((kids = this.considered(node)).length) {
      kids.forEach(function (c) {
        var sub = game.plan(c, seat);
        sub.rows.forEach(function (j, k) { result.rows.set(k, j); });
        sub.words.forEach(function (w) { result.words.add(w); });
        sub.named.forEach(function (w) { result.named.add(w); });
      });
    } else {  // knowing no word, the table challenges: the seat names the shortest one
      result.words.add(this.shortestWord(node));
      result.named.add(this.shortestWord(node));
    }
    memo.set(node, result);
    return result;
  };

  InfixGame.prototype.text = function (node) {
    var out = [];
    for (var k = node; k > 0; k = this.parent[k]) { out.push(this.letters[this.letter[k]]); }
    return out.reverse().join("");
  };

  // Words in the alphabet's order (a letter's place in it, as InfixSolution.winning_words).
  InfixGame.prototype.sortWords = function (words) {
    var place = {};
    this.letters.forEach(function (x, i) { place[x] = i; });
    function key(word) { return Array.from(word).map(function (x) { return place[x]; }); }
    return words.sort(function (a, b) {
      var p = key(a), q = key(b);
      for (var i = 0; i < Math.min(p.length, q.length); i++) { if (p[i] !== q[i]) { return p[i] - q[i]; } }
      return p.length - q.length;
    });
  };

  // The seat's end words from node and the words of them it names when challenged, sorted.
  InfixGame.prototype.winningWords = function (node, seat) {
    var game = this, plan = this.plan(node, seat);
    function sorted(words) { return game.sortWords(Array.from(words, function (w) { return game.text(w); })); }
    return {words: sorted(plan.words), named: sorted(plan.named)};
  };

  InfixGame.prototype.decisions = function (node, seat) {
    var game = this, rows = this.plan(node, seat).rows;
    return Array.from(rows.keys()).sort(function (a, b) { return a - b; }).map(function (k) {
      return {fragment: game.text(k), play: game.text(rows.get(k))};
    });
  };

  InfixGame.prototype.find = function (fragment) {
    var node = 0;
    for (var i = 0; i < fragment.length && node >= 0; i++) {
      node = this.atBack(node, this.letters.indexOf(fragment[i]));
    }
    return node;
  };

  ["loses", "seats", "lines", "uncounted", "outside"].forEach(function (name) {
    InfixGame.prototype[name] = Game.prototype[name];
  });

  // Whether the seat cannot lose from node: with perfect play, or against the card's casual
  // table (cardgen.games.advice.TableAnswers.wins: its escape threshold is below what the
  // table knows).
  InfixGame.prototype.wins = function (node, seat) {
    return this.knows === null ? !this.loses(node, seat) : this.escape[seat - 1][node] < this.knows;
  };
  InfixGame.prototype.isWord = function (node) { return this.word[node] === 1; };
  InfixGame.prototype.after = function (fragment, move) { return Array.from(move); };

  // cardgen.games.game.written_move, and the side the letter went on.
  InfixGame.prototype.side = function (fragment, play) {
    var turns = this.reverse ? [false, true] : [false];
    if (!fragment) { return {letter: play, side: "back", reversed: false, written: play}; }
    for (var t = 0; t < turns.length; t++) {
      var turned = turns[t] ? Array.from(fragment).reverse().join("") : fragment;
      var mark = turns[t] ? "\u21ba" : "", first = Array.from(play)[0], last = Array.from(play).pop();
      if (play === first + turned) { return {letter: first, side: "front", reversed: turns[t], written: mark + first + "\u2026"}; }
      if (play === turned + last) { return {letter: last, side: "back", reversed: turns[t], written: mark + "\u2026" + last}; }
    }
    return null;
  };

  InfixGame.prototype.written = function (play, fragment) {
    var move = this.side(fragment, play);
    return move ? move.written : play;
  };

  // cardgen.games.advice.choose_try over plays: with traps, the play after which the others need the
  // rarest word to escape comes first, and the try names that word.
  InfixGame.prototype.bestTry = function (node, mover) {
    var kids = this.moves(node), candidates = [], chosen = null, game = this;
    kids.forEach(function (c) { if (!game.word[c]) { candidates.push(c); } });
    if (!candidates.length) { candidates = Array.from(kids); }
    candidates.forEach(function (c) {
      var replies = game.word[c] ? [] : game.moves(c), mistakes = 0;
      for (var i = 0; i < replies.length; i++) { if (!game.loses(replies[i], mover)) { mistakes++; } }
      var threshold = game.traps ? game.escape[mover - 1][c] : 0;
      var better = chosen === null || threshold < chosen.threshold;
      if (!better && threshold === chosen.threshold) {
        var left = replies.length ? mistakes * (chosen.replies || 1) : 0;
        var right = chosen.replies ? chosen.mistakes * (replies.length || 1) : 0;
        better = left > right || (left === right && mistakes > chosen.mistakes);
      }
      if (better) {
        chosen = {move: game.text(c), mistakes: mistakes, replies: replies.length, threshold: threshold, node: c};
      }
    });
    chosen.escape = this.traps ? this.escapeWord(chosen.node, mover) : null;
    return chosen;
  };

  // cardgen.games.superghost.InfixSolution.shortest_word: the node of the first of the shortest words holding the
  // fragment, found length by length among the fragments that hold it (a letter at either end
  // each time; within a length the nodes come alphabetically).
  InfixGame.prototype.shortestWord = function (node) {
    var level = [node], game = this;
    while (level.length) {
      var words = level.filter(function (k) { return game.word[k]; });
      if (words.length) { return Math.min.apply(null, words); }
      var next = new Set();
      level.forEach(function (k) {
        var c;
        for (c = game.lo[k]; c < game.hi[k]; c++) { next.add(c); }
        for (c = game.frontLo[k]; c < game.frontLo[k + 1]; c++) { next.add(game.front[c]); }
      });
      level = Array.from(next);
    }
    return null;
  };

  // cardgen.cards.position.explain for the variants.
  InfixGame.prototype.explain = function (fragment) {
    var n = this.players, depth = fragment.length, text = fragment.join(""), game = this;
    var mover = depth % n + 1, node = this.find(fragment);
    var printed = Object.prototype.hasOwnProperty.call(this.printed, text) ? this.printed[text] : null;
    if (node < 0) { return this.outside(fragment); }
    var word = this.word[node] === 1, letters = [];
    if (!word) {
      this.moves(node).forEach(function (c) {
        var set = game.winningWords(c, mover);
        letters.push({letter: game.text(c), losers: game.seats(game.losers[c]), word: game.word[c] === 1,
                      wins: game.wins(c, mover), words: set.words, named: set.named,
                      threshold: game.traps ? game.escape[mover - 1][c] : null,
                      escape: game.traps ? game.escapeWord(c, mover) : null});
      });
    }
    var own = this.winningWords(node, mover), words = own.words;
    var decisions = word ? [] : this.decisions(node, mover);
    return {
      fragment: text, depth: depth, mover: mover, losers: this.seats(this.losers[node]), word: word,
      prefix: true, completedBy: word ? (depth - 1) % n + 1 : null, endedAt: null, letters: letters,
      moves: letters.filter(function (x) { return x.wins; }).map(function (x) { return x.letter; }),
      words: words, named: own.named, notCounted: word ? null : this.uncounted(text),
      // explain's card move: the play the card prints here, else its table's first row.
      cardMove: words.length && decisions.length ? printed || decisions[0].play : null,
      // The play the pocket card prints here (an opening's, or a row of a table it prints).
      cardLetter: word ? null : printed,
      printed: word ? null : printed,
      challengeWord: words.length ? words[0] : this.text(this.shortestWord(node)),
      bestTry: word || this.wins(node, mover) ? null : this.bestTry(node, mover),
      decisions: decisions
    };
  };

  // The fragment of a URL's hash (`#nyc`, letters outside a-z percent-encoded UTF-8); null
  // where it is no percent-encoded UTF-8 (`#%E0%A4%A`).
  function fromHash(hash) {
    try { return decodeURIComponent(hash.replace(/^#/, "")); } catch (error) { return null; }
  }

  // A text as a message quotes it: at most 40 characters, then how long it is.
  function quoted(text) {
    var chars = Array.from(text);
    return chars.length <= 40 ? JSON.stringify(text) :
      JSON.stringify(chars.slice(0, 40).join("")) + "\u2026 (" + count(chars.length) + " characters)";
  }

  function count(n) { return n.toLocaleString("en-US"); }  // 10,000 as explain writes it

  function toHash(text) { return text ? "#" + encodeURIComponent(text) : ""; }

  function Explorer(game, root) {
    this.game = game;
    this.root = root;
    this.fragment = [];
    // The fragments played on the way here, from the start: in Ghost the fragment's beginnings;
    // in the variants the plays made (a fragment typed or linked to is reached letter by
    // letter at the back, one way to make it).
    this.path = [""];
    this.shown = "";  // the fragment shown
    this.focusNext = false;  // a Back that went back in the history moves the focus too
    this.trail = root.querySelector("#explorer-trail");
    this.view = root.querySelector("#explorer-position");
    this.input = root.querySelector("#explorer-fragment");
    this.status = root.querySelector("#explorer-status");
    var self = this;
    root.querySelector("#explorer-form").addEventListener("submit", function (event) {
      event.preventDefault();
      self.type(self.input.value, "push");
    });
    root.querySelector("#explorer-back").addEventListener("click", function () { self.back(); });
    root.querySelector("#explorer-start").addEventListener("click", function () { self.go([], "push", true); });
    root.querySelector("#explorer-copy").addEventListener("click", function () { self.copy(); });
    window.addEventListener("popstate", function () {
      // Forward to an entry the explorer made from the position shown: a play from it.
      var focus = self.focusNext, state = history.state;
      self.focusNext = false;
      self.address("none", focus, Boolean(state && state.explorer > 0 && state.from === self.shown));
    });
    // Links to the explorer (the skip link, "explore the game") move the focus there without
    // touching the address, whose hash is the position.
    document.querySelectorAll("a[href='#explorer']").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        var heading = document.getElementById("explorer-heading");
        heading.scrollIntoView();
        heading.focus();
      });
    });
  }

  // While the game is rebuilt, the form and the plays shown are disabled (`busy`).
  Explorer.prototype.waiting = function (busy) {
    this.busy = busy;
    this.root.setAttribute("aria-busy", String(busy));
    this.root.querySelectorAll("#explorer-form input, #explorer-form button").forEach(function (control) {
      control.disabled = busy;
    });
  };

  // A fragment as typed (or in the URL): NFC, lower case, the list's letters only, and no
  // longer than the longest playable word (as explain takes it: no game gets further).
  Explorer.prototype.type = function (typed, how, focus, moved) {
    var game = this.game, text = (typed || "").trim().normalize("NFC").toLowerCase();
    var fragment = Array.from(text);
    var bad = fragment.filter(function (x) { return game.letters.indexOf(x) < 0; });
    if (bad.length) {
      this.message("Letters " + game.letters.join(" ") + " only, not " + quoted(text) + ".");
      return;
    }
    if (fragment.length > game.longest) {
      this.message("Fragment: expected at most " + game.longest + " letters (the longest playable word), got " + count(fragment.length) + ".");
      return;
    }
    this.go(fragment, how, Boolean(focus), Boolean(moved));
  };

  // The position the page's address names (`how` as for go); an address that names none is
  // left as it is, and the explorer says what is wrong with it.
  Explorer.prototype.address = function (how, focus, moved) {
    var text = fromHash(location.hash);
    if (text === null) {
      this.message("The address ends in " + quoted(location.hash) + ", which names no position: letters outside a-z are written as percent-encoded UTF-8 (#%C3%B1 is \u00f1).");
      return;
    }
    this.type(text, how, focus, moved);
  };

  // The explorer's Back: one play back along the path. Where the history entry before this one
  // is that position (the explorer made it), it goes back to it, as the browser's Back does;
  // else it shows it in this entry's place: it never adds an entry.
  Explorer.prototype.back = function () {
    if (this.path.length < 2) { return; }
    var to = this.path[this.path.length - 2], state = history.state;
    if (state && state.explorer > 0 && state.from === to) {
      this.focusNext = true;
      history.back();
    } else {
      this.go(Array.from(to), "replace", true);
    }
  };

  Explorer.prototype.message = function (text) {
    this.view.replaceChildren(element("p", {"class": "notice"}, [text]));
  };

  Explorer.prototype.copy = function () {
    var self = this, link = location.href;
    function said(text) { self.status.textContent = text; }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(link).then(function () { said("Link copied: " + link); },
        function () { said("Copy this link: " + link); });
    } else {
      said("Copy this link: " + link);
    }
  };

  // Show the fragment; `how` records it in the history ("push", "replace" or "none"), and
  // `focus` moves the focus to the new position's heading (the control pressed is gone).
  // `moved`: the fragment is a play from the one shown, so it extends the path.
  Explorer.prototype.go = function (fragment, how, focus, moved) {
    if (this.busy && fragment.length) { this.pending = Array.from(arguments); return; }  // after the game
    var self = this, game = this.game, p = game.explain(fragment), f = p.fragment;
    var at = this.path.indexOf(f);
    if (at >= 0) {
      this.path = this.path.slice(0, at + 1);
    } else if (moved) {
      this.path.push(f);
    } else {
      this.path = fragment.map(function (x, i) { return fragment.slice(0, i + 1).join(""); });
      this.path.unshift("");
    }
    var path = this.path;
    this.fragment = fragment;
    this.input.value = f;
    this.root.setAttribute("data-fragment", f);
    if (how !== "none" && fromHash(location.hash) !== f) {
      // Each entry the explorer adds says how many it made before it and the position it
      // left (`from`), which its Back goes back to.
      var url = location.href.split("#")[0] + toHash(f), state = history.state || {};
      var made = typeof state.explorer === "number" ? state.explorer : 0;
      if (how === "push") {
        history.pushState({explorer: made + 1, from: this.shown}, "", url);
      } else {
        history.replaceState({explorer: made, from: state.from}, "", url);
      }
    }
    this.shown = f;
    // The trail: a button per step of the path (in Ghost the letter played, in the variants
    // the fragment made), each going back there.
    var trail = [];
    path.forEach(function (step, i) {
      var label = !i ? "start" : game.noun === "letter" ? step.slice(-1) : step;
      if (i) { trail.push(" "); }
      trail.push(element("button", {type: "button", "data-length": String(i), "data-fragment": step}, [label]));
    });
    this.trail.replaceChildren.apply(this.trail, trail);
    this.trail.querySelectorAll("button").forEach(function (button) {
      button.addEventListener("click", function () {
        self.go(Array.from(button.getAttribute("data-fragment")), "push", true);
      });
    });
    // A move's control: in Ghost `data-letter` is the letter; in the variants the play (the
    // fragment it makes, as explain's JSON writes a move) is `data-play`, the letter added
    // `data-letter`, its end `data-side` (front or back; at the start, back) and
    // `data-reversed` whether the fragment was reversed first (SuperDuperGhost).
    function button(x) {
      var move = game.side ? game.side(f, x.letter) : null, text = game.written(x.letter, f);
      var shown = text === x.letter ? text : text + " " + x.letter;
      var attributes = {type: "button", "class": x.wins ? "mark play" : "mark",
                        "aria-label": move ? shown + ": " + move.letter + (move.reversed ? " on the reversed fragment" : "") + " at the " + move.side : "play " + x.letter,
                        "data-letter": move ? move.letter : x.letter, "data-losers": x.losers.join(" "), "data-word": String(x.word),
                        "data-words": x.words.join(" "), "data-named": x.named.join(" ")};
      if (move) {
        attributes["data-play"] = x.letter;
        attributes["data-side"] = move.side;
        attributes["data-reversed"] = String(move.reversed);
      }
      if (x.letter === p.cardLetter) { attributes["data-card"] = "move"; }
      if (self.busy) { attributes.disabled = ""; }
      var control = element("button", attributes, [shown]);
      control.addEventListener("click", function () { self.go(game.after(fragment, x.letter), "push", true, true); });
      return control;
    }
    var heading = element("h3", {"class": "line where", tabindex: "-1"},
      [(f || "(start)") + " · " + game.name + ", " + game.players + " players, words of " + game.minLength + "+ letters"]);
    var facts = {"data-fragment": f, "data-mover": String(p.mover), "data-losers": p.losers.join(" "),
                 "data-word": String(p.word), "data-prefix": String(p.prefix)};
    this.view.replaceChildren(element("div", facts, [heading].concat(game.lines(p, button))));
    if (focus) { heading.focus(); }
  };

  // The start as `cardgen explain --json` says it (a variant card's `start`), as the game's
  // `explain` gives a position.
  function startPosition(doc) {
    function threshold(t) { return t === "+inf" ? Infinity : t === "-inf" ? -Infinity : t; }
    return {
      fragment: doc.fragment, depth: 0, mover: doc.mover, losers: doc.losers, word: doc.word,
      prefix: doc.prefix, completedBy: doc.completed_by, endedAt: doc.ended_at,
      letters: doc.letters.map(function (x) {
        return {letter: x.letter, losers: x.losers, word: x.word, wins: doc.moves.indexOf(x.letter) >= 0,
                words: x.words, named: x.named, threshold: threshold(x.threshold), escape: x.escape};
      }),
      moves: doc.moves, words: doc.words, named: doc.named, notCounted: doc.not_counted,
      cardMove: doc.card_move, cardLetter: doc.printed, printed: doc.printed,
      challengeWord: doc.challenge_word, bestTry: doc["try"], decisions: doc.decisions
    };
  }

  // Under Node (tests/test_explorer_node.py), the games alone: no page to fill.
  if (typeof module === "object" && module.exports) {
    module.exports = {Game: Game, InfixGame: InfixGame};
    return;
  }
  var root = document.getElementById("explorer-app");
  var data = window.cardgenGame, card = window.cardgenCard;
  if (!root || !data || !card) { return; }
  SAY = card.say;
  // Milliseconds from the page's start to the explorer's first answer, then to its game
  // (README: "Publish").
  function answered() { root.setAttribute("data-load-ms", String(Math.round(performance.now()))); }
  var early = null;
  if (data.infix && card.start && !location.hash) {
    // A variant's game takes a second to rebuild (a million fragments): the start, as explain
    // says it, is shown at once, its controls disabled until the game is there.
    var shell = Object.create(InfixGame.prototype);
    ["name", "minLength", "players"].forEach(function (key) { shell[key] = data[key]; });
    shell.letters = Array.from(data.letters);
    shell.noun = card.noun;
    shell.inside = card.inside;
    shell.reverse = card.reverse;
    shell.knows = card.knows === undefined ? null : card.knows;
    shell.assumed = card.assumed;
    shell.traps = Boolean(card.traps) && Boolean(data.zipf);
    var start = startPosition(card.start);
    shell.explain = function () { return start; };
    early = new Explorer(shell, root);
    early.waiting(true);
    root.hidden = false;
    early.go([], "none", false);
    answered();
  }
  // Ghost's planes by name, the game's and the card's; the variants' in order.
  var GHOST = {game: ["tree", "losers", "shortest", "threshold", "escape"],
               card: ["moves", "count", "words", "named", "try", "mistakes"]};
  var names = data.infix ? [] : GHOST.game.filter(function (name) { return data[name]; });
  var cardNames = data.infix ? [] : GHOST.card.filter(function (name) { return card[name]; });
  var planes = data.infix ? [inflate(data.children), inflate(data.words), data.zipf ? inflate(data.zipf) : null] :
    names.map(function (name) { return inflate(data[name]); }).concat(
      cardNames.map(function (name) { return inflate(card[name]); }));
  planes.push(inflate(data.notCounted));  // the entries that do not count, as deflated JSON
  Promise.all(planes).then(function (planes) {
    var notCounted = JSON.parse(new TextDecoder().decode(planes.pop())), named = {};
    names.concat(cardNames).forEach(function (name, i) { named[name] = planes[i]; });
    var game = data.infix ? new InfixGame(data, planes[0], planes[1], planes[2], card) :
      new Game(data, card, named);
    game.notCounted = notCounted;
    root.hidden = false;
    if (early) {
      early.game = game;
      early.waiting(false);
      early.go.apply(early, early.pending || [early.fragment, "none", false]);
    } else {
      new Explorer(game, root).address("replace", false);
      answered();
    }
    root.setAttribute("data-game-ms", String(Math.round(performance.now())));
    root.setAttribute("data-ready", "true");
  }, function (error) {
    root.hidden = false;
    root.replaceChildren(element("p", {"class": "notice"}, ["The explorer could not load its data: " + error]));
  });
})();
