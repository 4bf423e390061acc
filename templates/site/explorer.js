// The explorer of a published card: walks the solved game in the browser.
// Its data is the card's solution (`<stem>.solution.js`, see cardgen/render/explorer.py);
// what it computes from it follows cardgen/explain.py and cardgen/advice.py line by line, and
// what it says follows templates/explain.txt.j2.
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

  function loses(seats) { return seats.length === 1 ? "loses" : "lose"; }

  function inflate(text) {
    var raw = atob(text), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return new Uint8Array(buffer);
    });
  }

  // The game tree: node 0 is the empty fragment; the children of node k are lo[k]..hi[k]-1.
  function Game(data, tree, loserBytes, moves, zipf) {
    var n = moves.length;
    this.letters = Array.from(data.letters);
    this.players = data.players;
    this.letter = new Uint8Array(n);
    this.leaf = new Uint8Array(n);
    this.losers = new Uint16Array(n);
    this.move = moves;
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.depth = new Uint8Array(n);
    var k, c, next = 1;
    for (k = 1; k < n; k++) {
      this.letter[k] = tree[k - 1] & 63;
      this.leaf[k] = tree[k - 1] & 64 ? 1 : 0;
    }
    for (k = 0; k < n; k++) {
      this.losers[k] = data.loserBytes === 1 ? loserBytes[k] : loserBytes[2 * k] | loserBytes[2 * k + 1] << 8;
      if (this.leaf[k]) { continue; }
      this.lo[k] = next;
      while (!(tree[next - 1] & 128)) { next++; }
      next++;
      this.hi[k] = next;
      for (c = this.lo[k]; c < this.hi[k]; c++) { this.depth[c] = this.depth[k] + 1; }
    }
    this.traps = zipf !== null;
    if (this.traps) { this.thresholds(zipf); }
  }

  // cardgen.traps.thresholds: M, the highest Zipf of the words under each fragment, and every
  // seat's escape threshold T, from the deepest fragments up (children come after parents).
  Game.prototype.thresholds = function (zipf) {
    var n = this.leaf.length, players = this.players, k, c, s, w = 0;
    this.zipf = new Float64Array(n);
    for (k = 0; k < n; k++) {
      if (this.leaf[k]) { this.zipf[k] = (zipf[2 * w] | zipf[2 * w + 1] << 8) / 100; w++; }
    }
    this.best = new Float64Array(n);
    this.escape = [];
    for (s = 0; s < players; s++) { this.escape.push(new Float64Array(n)); }
    for (k = n - 1; k >= 0; k--) {
      var d = this.depth[k];
      if (this.leaf[k]) {
        this.best[k] = this.zipf[k];
        for (s = 0; s < players; s++) { this.escape[s][k] = s === (d - 1) % players ? Infinity : -Infinity; }
        continue;
      }
      var m = -Infinity;
      for (c = this.lo[k]; c < this.hi[k]; c++) { m = Math.max(m, this.best[c]); }
      this.best[k] = m;
      for (s = 0; s < players; s++) {
        var t = s === d % players ? Infinity : -Infinity, e = this.escape[s];
        for (c = this.lo[k]; c < this.hi[k]; c++) {
          t = s === d % players ? Math.min(t, e[c]) : Math.max(t, Math.min(this.best[c], e[c]));
        }
        e[k] = t;
      }
    }
  };

  // Thresholds.escape_word: the word the others must know to stop `seat` from winning from
  // node, found along the line docs/rules.md describes; null where T is infinite.
  Game.prototype.escapeWord = function (node, seat, prefix) {
    var e = this.escape[seat - 1], threshold = e[node], g = node, word = prefix, c, j;
    if (!isFinite(threshold)) { return null; }
    for (;;) {
      if (this.depth[g] % this.players === seat - 1) {
        j = this.lo[g];
        for (c = this.lo[g] + 1; c < this.hi[g]; c++) { if (e[c] < e[j]) { j = c; } }
        word += this.letters[this.letter[j]];
        g = j;
        continue;
      }
      var target = e[g];
      for (j = this.lo[g]; j < this.hi[g] - 1 && Math.min(this.best[j], e[j]) !== target; j++) { /* the first */ }
      word += this.letters[this.letter[j]];
      if (this.best[j] <= e[j]) {
        // The first word under j (alphabetically) of the highest Zipf there.
        var k = j;
        while (!this.leaf[k]) {
          for (c = this.lo[k]; this.best[c] !== this.best[j]; c++) { /* the first */ }
          word += this.letters[this.letter[c]];
          k = c;
        }
        return {word: word, zipf: threshold};
      }
      g = j;
    }
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

  // Solution.winning_words: the seat's minimal winning word set from node (at depth), sorted.
  Game.prototype.winningWords = function (node, depth, seat, prefix) {
    var found = [], game = this;
    if (this.loses(node, seat)) { return found; }
    (function walk(k, d, word) {
      if (game.leaf[k]) { found.push(word); return; }
      var mover = d % game.players + 1, c;
      if (mover === seat) {
        c = game.lo[k] + game.move[k] - 1;
        walk(c, d + 1, word + game.letters[game.letter[c]]);
        return;
      }
      var safe = [];
      for (c = game.lo[k]; c < game.hi[k]; c++) { if (!game.loses(c, mover)) { safe.push(c); } }
      if (!safe.length) { for (c = game.lo[k]; c < game.hi[k]; c++) { safe.push(c); } }
      safe.forEach(function (c) { walk(c, d + 1, word + game.letters[game.letter[c]]); });
    })(node, depth, prefix);
    return found;
  };

  // cardgen.advice.best_try: where the mover loses, the letter with the largest share of
  // replies that are mistakes, then the most mistakes, then the first letter; with traps,
  // the letter after which the others need the rarest word to escape comes first, and the
  // try names that word.
  Game.prototype.bestTry = function (node, depth, prefix) {
    var mover = depth % this.players + 1;
    if (this.leaf[node] || !this.loses(node, mover)) { return null; }
    var candidates = [], c, chosen = null;
    for (c = this.lo[node]; c < this.hi[node]; c++) { if (!this.leaf[c]) { candidates.push(c); } }
    if (!candidates.length) { for (c = this.lo[node]; c < this.hi[node]; c++) { candidates.push(c); } }
    for (var i = 0; i < candidates.length; i++) {
      c = candidates[i];
      var replies = this.leaf[c] ? 0 : this.hi[c] - this.lo[c], mistakes = 0;
      for (var r = this.lo[c]; replies && r < this.hi[c]; r++) { if (!this.loses(r, mover)) { mistakes++; } }
      // (-threshold, share, mistakes) > best, shares compared as fractions (0 without replies)
      var threshold = this.traps ? this.escape[mover - 1][c] : 0;
      var better = chosen === null || threshold < chosen.threshold;
      if (!better && threshold === chosen.threshold) {
        var left = replies ? mistakes * (chosen.replies || 1) : 0;
        var right = chosen.replies ? chosen.mistakes * (replies || 1) : 0;
        better = left > right || (left === right && mistakes > chosen.mistakes);
      }
      if (better) {
        chosen = {move: this.letters[this.letter[c]], mistakes: mistakes, replies: replies,
                  threshold: threshold, node: c};
      }
    }
    chosen.escape = this.traps ? this.escapeWord(chosen.node, mover, prefix + chosen.move) : null;
    return chosen;
  };

  // cardgen.explain.shortest_word: the first of the shortest words beginning at node.
  Game.prototype.shortestWord = function (node, prefix) {
    var best = null, game = this;
    (function walk(k, word) {
      if (best !== null && word.length >= best.length) { return; }
      if (game.leaf[k]) { best = word; return; }
      for (var c = game.lo[k]; c < game.hi[k]; c++) { walk(c, word + game.letters[game.letter[c]]); }
    })(node, prefix);
    return best;
  };

  // cardgen.explain.explain: the position of a fragment (an array of letters).
  Game.prototype.explain = function (fragment) {
    var n = this.players, depth = fragment.length, text = fragment.join("");
    var mover = depth % n + 1, node = this.find(fragment);
    if (node < 0) {
      var endedAt = null;
      for (var i = 1; i < depth && endedAt === null; i++) {
        var k = this.find(fragment.slice(0, i));
        if (k >= 0 && this.leaf[k]) { endedAt = fragment.slice(0, i).join(""); }
      }
      var last = endedAt ? Array.from(endedAt).length : depth;
      var loser = (last - 1) % n + 1;
      return {fragment: text, mover: mover, losers: [loser], word: false, prefix: false,
              completedBy: endedAt ? loser : null, endedAt: endedAt, letters: [], moves: [],
              words: [], challengeWord: null, bestTry: null};
    }
    var game = this, letters = [], word = this.leaf[node] === 1;
    for (var c = this.lo[node]; !word && c < this.hi[node]; c++) {
      var x = this.letters[this.letter[c]];
      letters.push({letter: x, losers: this.seats(this.losers[c]), word: this.leaf[c] === 1,
                    words: this.winningWords(c, depth + 1, mover, text + x),
                    threshold: this.traps ? this.escape[mover - 1][c] : null,
                    escape: this.traps ? this.escapeWord(c, mover, text + x) : null});
    }
    var words = this.winningWords(node, depth, mover, text);
    return {
      fragment: text, mover: mover, losers: this.seats(this.losers[node]), word: word,
      prefix: true, completedBy: word ? (depth - 1) % n + 1 : null, endedAt: null,
      letters: letters,
      moves: letters.filter(function (x) { return x.losers.indexOf(mover) < 0; })
        .map(function (x) { return x.letter; }),
      words: words,
      cardMove: words.length && !word ? Array.from(words[0])[depth] : null,
      challengeWord: words.length ? words[0] : game.shortestWord(node, text),
      bestTry: word || words.length ? null : this.bestTry(node, depth, text)
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

  function Explorer(game, root) {
    this.game = game;
    this.fragment = [];
    this.trail = root.querySelector("#explorer-trail");
    this.view = root.querySelector("#explorer-position");
    this.input = root.querySelector("#explorer-fragment");
    var self = this;
    root.querySelector("#explorer-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var typed = self.input.value.trim().normalize("NFC").toLowerCase();
      var fragment = Array.from(typed);
      var bad = fragment.filter(function (x) { return game.letters.indexOf(x) < 0; });
      if (bad.length) {
        self.message("Letters " + game.letters.join(" ") + " only, not " + JSON.stringify(typed) + ".");
        return;
      }
      self.go(fragment);
    });
    root.querySelector("#explorer-back").addEventListener("click", function () { self.go(self.fragment.slice(0, -1)); });
    root.querySelector("#explorer-start").addEventListener("click", function () { self.go([]); });
  }

  Explorer.prototype.message = function (text) {
    this.view.replaceChildren(element("p", {"class": "notice"}, [text]));
  };

  Explorer.prototype.go = function (fragment) {
    var self = this, game = this.game, p = game.explain(fragment), f = p.fragment;
    this.fragment = fragment;
    this.input.value = f;
    var trail = [element("button", {type: "button", "data-length": "0"}, ["start"])];
    fragment.forEach(function (x, i) {
      trail.push(" ");
      trail.push(element("button", {type: "button", "data-length": String(i + 1)}, [x]));
    });
    this.trail.replaceChildren.apply(this.trail, trail);
    this.trail.querySelectorAll("button").forEach(function (button) {
      button.addEventListener("click", function () {
        self.go(fragment.slice(0, Number(button.getAttribute("data-length"))));
      });
    });
    var out = [element("p", {"class": "where"}, [element("strong", {}, [f || "(start)"])])];
    var facts = {"data-fragment": f, "data-mover": String(p.mover), "data-losers": p.losers.join(" "),
                 "data-word": String(p.word), "data-prefix": String(p.prefix)};
    if (!p.prefix) {
      out.push(element("p", {}, [p.endedAt
        ? f + " begins no playable word: the game ended at " + p.endedAt + ", and the " + ordinal(p.completedBy) + " player lost."
        : f + " begins no playable word: " + seatList(p.losers) + ", who played " + f.slice(-1) + ", loses to a challenge."]));
    } else if (p.word) {
      out.push(element("p", {}, [f + " is a playable word: the " + ordinal(p.completedBy) + " player completed it and loses. The game is over."]));
    } else {
      if (f) { out.push(element("p", {}, [f + " begins a playable word; it is not a word yet."])); }
      out.push(element("p", {"class": "mover"}, ["The " + ordinal(p.mover) + " player is to move. With perfect play " + seatList(p.losers) + " " + loses(p.losers) + "."]));
      var rows = p.letters.map(function (x) {
        var wins = x.losers.indexOf(p.mover) < 0;
        var outcome = x.word ? "completes a word: " + seatList(x.losers) + " " + loses(x.losers)
          : seatList(x.losers) + " " + loses(x.losers);
        var button = element("button", {type: "button", "class": wins ? "mark play" : "mark", "aria-label": "play " + x.letter}, [x.letter]);
        button.addEventListener("click", function () { self.go(fragment.concat([x.letter])); });
        var note = x.letter === p.cardMove ? " ← the card's move" : "";
        return element("tr", {"class": "letter", "data-letter": x.letter, "data-losers": x.losers.join(" "),
                              "data-word": String(x.word), "data-words": x.words.join(" ")}, [
          element("th", {scope: "row"}, [button]),
          element("td", {}, [(wins ? "wins: " : "") + outcome + note]),
          element("td", {"class": "words"}, [x.words.join(" ")])
        ]);
      });
      out.push(element("p", {}, [p.moves.length
        ? "Letters for the " + ordinal(p.mover) + " player; the winning ones, in black boxes, force the words beside them:"
        : "The " + ordinal(p.mover) + " player has no winning letter: none forces a win. Letters it could play:"]));
      out.push(element("table", {"class": "letters"}, [
        element("thead", {}, [element("tr", {}, [element("th", {scope: "col"}, ["letter"]),
          element("th", {scope: "col"}, ["then"]), element("th", {scope: "col"}, ["words it forces"])])]),
        element("tbody", {}, rows)]));
      var escapes = p.letters.filter(function (x) { return x.threshold !== null && x.threshold > -Infinity; });
      if (escapes.length) {
        out.push(element("p", {}, ["Escapes: after each letter, the word the others must know to stop the " + ordinal(p.mover) + " player:"]));
        out.push(element("ul", {"class": "escapes"}, escapes.map(function (x) {
          return element("li", {"data-letter": x.letter, "data-escape": x.escape ? x.escape.word : ""}, [
            x.letter + ": " + (x.escape ? x.escape.word + " (" + zipf(x.escape.zipf) + ")"
              : "none: the " + ordinal(p.mover) + " player loses whatever they know")]);
        })));
      }
      var t = p.bestTry, replier = p.mover % game.players + 1, name = game.traps ? "Trap" : "Best try";
      if (t && t.replies === 1) {
        out.push(element("p", {"class": "try"}, [name + ": " + t.move + ": the " + ordinal(replier) + " player has one reply, and it " + (t.mistakes ? "is a mistake that lets the " + ordinal(p.mover) + " player escape." : "keeps their win.")]));
      } else if (t && t.replies) {
        out.push(element("p", {"class": "try"}, [name + ": " + t.move + ": " + t.mistakes + " of the " + ordinal(replier) + " player's " + t.replies + " replies " + (t.mistakes === 1 ? "is a mistake that lets" : "are mistakes that let") + " the " + ordinal(p.mover) + " player escape."]));
      } else if (t) {
        out.push(element("p", {"class": "try"}, ["Every letter completes a word: " + t.move + " is as good as any."]));
      }
      if (t && t.escape) {
        out.push(element("p", {"class": "escape"}, ["To get out, they must know words as rare as " + t.escape.word + " (" + zipf(t.escape.zipf) + ")."]));
      }
      if (f) { out.push(element("p", {"class": "challenge"}, ["If challenged, name: " + p.challengeWord])); }
    }
    var box = element("div", facts, out);
    this.view.replaceChildren(box);
  };

  var root = document.getElementById("explorer-app");
  var data = window.cardgenSolution;
  if (!root || !data) { return; }
  var planes = [inflate(data.tree), inflate(data.losers), inflate(data.moves)];
  if (data.zipf) { planes.push(inflate(data.zipf)); }
  Promise.all(planes).then(function (planes) {
    var game = new Game(data, planes[0], planes[1], planes[2], planes.length > 3 ? planes[3] : null);
    var explorer = new Explorer(game, root);
    root.hidden = false;
    explorer.go([]);
    // Milliseconds from the page's start to the explorer's first step (README: "Publish").
    root.setAttribute("data-load-ms", String(Math.round(performance.now())));
    root.setAttribute("data-ready", "true");
  }, function (error) {
    root.hidden = false;
    root.replaceChildren(element("p", {"class": "notice"}, ["The explorer could not load its data: " + error]));
  });
})();
