// The explorer of a published card: walks the solved game in the browser.
// Its data is the game (`game-<hash>.js`) and the card's moves (`<stem>.card.js`), see
// cardgen/render/explorer.py;
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

  var NAMED = "\u2021";  // sentences.NAMED_MARK: a word named when the others challenge

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
  // `card` holds the card's move at every node (1 + the child, 0: none) and, for a card
  // against a casual table, what the table knows and the way to the word named there.
  function Game(data, tree, loserBytes, zipf, card) {
    var n = card.moves.length;
    this.name = data.name;
    this.minLength = data.minLength;
    this.notCounted = data.notCounted || {};
    this.letters = Array.from(data.letters);
    this.players = data.players;
    this.letter = new Uint8Array(n);
    this.leaf = new Uint8Array(n);
    this.losers = new Uint16Array(n);
    this.move = card.moves;
    this.pick = card.pick;
    this.knows = card.knows;
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

  // Whether the seat cannot lose from node: with perfect play, or against the card's casual
  // table (cardgen.casual: its escape threshold is below what the table knows).
  Game.prototype.wins = function (node, seat) {
    return this.knows === null ? !this.loses(node, seat) : this.escape[seat - 1][node] < this.knows;
  };

  // Solution.winning_words (Casual.winning_words against a casual table): the seat's minimal
  // winning word set from node (at depth), in the list's order, and the words of it that the
  // seat names when the others know no word and challenge.
  Game.prototype.winningWords = function (node, depth, seat, prefix) {
    var found = [], named = [], game = this;
    if (!this.wins(node, seat)) { return {words: found, named: named}; }
    (function walk(k, d, word) {
      if (game.leaf[k]) { found.push(word); return; }
      var mover = d % game.players + 1, c, next = [];
      if (mover === seat) {
        c = game.lo[k] + game.move[k] - 1;
        walk(c, d + 1, word + game.letters[game.letter[c]]);
        return;
      }
      for (c = game.lo[k]; c < game.hi[k]; c++) {
        if (game.knows === null ? !game.loses(c, mover) : game.best[c] >= game.knows) { next.push(c); }
      }
      if (!next.length && game.knows !== null) {  // they know no word: the seat names one
        while (!game.leaf[k]) { k = game.lo[k] + game.pick[k] - 1; word += game.letters[game.letter[k]]; }
        found.push(word);
        named.push(word);
        return;
      }
      if (!next.length) { for (c = game.lo[k]; c < game.hi[k]; c++) { next.push(c); } }
      next.forEach(function (c) { walk(c, d + 1, word + game.letters[game.letter[c]]); });
    })(node, depth, prefix);
    return {words: found, named: named};
  };

  // cardgen.advice.choose_try: the letter with the largest share of replies that are
  // mistakes, then the most mistakes, then the first letter; with traps, the letter after
  // which the others need the rarest word to escape comes first, and the try names that word.
  Game.prototype.bestTry = function (node, depth, prefix) {
    var mover = depth % this.players + 1;
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

  // cardgen.explain.explain: the position of a fragment (an array of letters), for the card.
  Game.prototype.explain = function (fragment) {
    var n = this.players, depth = fragment.length, text = fragment.join("");
    var mover = depth % n + 1, node = this.find(fragment);
    var notCounted = Object.prototype.hasOwnProperty.call(this.notCounted, text) ? this.notCounted[text] : null;
    if (node < 0) {
      var endedAt = null;
      for (var i = 1; i < depth && endedAt === null; i++) {
        var k = this.find(fragment.slice(0, i));
        if (k >= 0 && this.leaf[k]) { endedAt = fragment.slice(0, i).join(""); }
      }
      var last = endedAt ? Array.from(endedAt).length : depth;
      var loser = (last - 1) % n + 1;
      return {fragment: text, depth: depth, mover: mover, losers: [loser], word: false, prefix: false,
              completedBy: endedAt ? loser : null, endedAt: endedAt, letters: [], moves: [],
              words: [], named: [], challengeWord: null, bestTry: null, notCounted: notCounted};
    }
    var game = this, letters = [], word = this.leaf[node] === 1;
    for (var c = this.lo[node]; !word && c < this.hi[node]; c++) {
      var x = this.letters[this.letter[c]], set = this.winningWords(c, depth + 1, mover, text + x);
      letters.push({letter: x, losers: this.seats(this.losers[c]), word: this.leaf[c] === 1,
                    wins: this.wins(c, mover), words: set.words, named: set.named,
                    threshold: this.traps ? this.escape[mover - 1][c] : null,
                    escape: this.traps ? this.escapeWord(c, mover, text + x) : null});
    }
    var own = this.winningWords(node, depth, mover, text), words = own.words;
    var cardMove = words.length && !word ? Array.from(words[0])[depth] : null;
    var bestTry = word || this.wins(node, mover) ? null : this.bestTry(node, depth, text);
    return {
      fragment: text, depth: depth, mover: mover, losers: this.seats(this.losers[node]), word: word,
      prefix: true, completedBy: word ? (depth - 1) % n + 1 : null, endedAt: null,
      letters: letters,
      moves: letters.filter(function (x) { return x.wins; }).map(function (x) { return x.letter; }),
      words: words, named: own.named, notCounted: word ? null : notCounted,
      cardMove: cardMove,
      // The letter the card prints here: its move, or at a seat's opening its trap (or try).
      cardLetter: cardMove || (depth < n && bestTry ? bestTry.move : null),
      challengeWord: words.length ? words[0] : game.shortestWord(node, text),
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
    var game = this, f = p.fragment, out = [], mover = ordinal(p.mover);
    function line(parts, attributes) {
      var a = attributes || {};
      a["class"] = "line" + (a["class"] ? " " + a["class"] : "");
      out.push(element("p", a, parts));
    }
    var against = this.knows === null ? "perfect players" : "a casual table that knows words of Zipf " + this.knows + "+";
    line(["Against " + against + " (the config's opponent)."]);
    if (p.notCounted) { line([f + " is in the word list but does not count: " + p.notCounted + "."]); }
    if (!p.prefix) {
      line([p.endedAt
        ? f + " begins no playable word: the game ended at " + p.endedAt + ", and the " + ordinal(p.completedBy) + " player lost."
        : f + " begins no playable word: " + seatList(p.losers) + ", who played " + f.slice(-1) + ", loses to a challenge."]);
      return out;
    }
    if (p.word) {
      line([f + " is a playable word: the " + ordinal(p.completedBy) + " player completed it and loses. The game is over."]);
      return out;
    }
    var lose = function (seats) { return game.players > 2 ? "can be made to lose" : loses(seats); };
    if (f) { line([f + (p.notCounted ? " begins a playable word, so the game goes on." : " begins a playable word; it is not a word yet.")]); }
    line(["The " + mover + " player is to move. With perfect play " + seatList(p.losers) + " " + lose(p.losers) + "."], {"class": "mover"});
    var table = this.knows === null ? "" : " against a table that knows only words of Zipf " + this.knows + " or more";
    var winning = p.letters.filter(function (x) { return x.wins; });
    if (winning.length) {
      line(["Winning letters for the " + mover + " player" + table + ", with the words each forces:"]);
      winning.forEach(function (x) {
        var words = x.words.map(function (w) { return x.named.indexOf(w) < 0 ? w : w + NAMED; });
        line([button(x), " " + words.join(" ") + (x.letter === p.cardMove ? " <- the card's move" : "")],
             {"class": "letters winning"});
      });
      if (winning.some(function (x) { return x.named.length; })) {
        line(["(" + NAMED + ": they know no word there and challenge; name it.)"]);
      }
    } else {
      line(["The " + mover + " player has no winning letter" + table + ": none forces a win. Letters it could play:"]);
    }
    var groups = {}, order = [];
    p.letters.forEach(function (x) {
      if (x.wins) { return; }
      var key = x.losers.join(" ");
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(x);
    });
    if (order.length && winning.length) { line(["Losing letters:"]); }
    order.sort(function (a, b) { return groups[a][0].letter < groups[b][0].letter ? -1 : 1; });
    order.forEach(function (key) {
      var parts = [];
      groups[key].forEach(function (x) { parts.push(button(x), " "); });
      parts.push(seatList(groups[key][0].losers) + " " + lose(groups[key][0].losers));
      line(parts, {"class": "letters losing"});
    });
    var escapes = p.letters.filter(function (x) { return x.threshold !== null && x.threshold > -Infinity; });
    if (escapes.length) {
      line(["Escapes: after each letter, the word the others must know to stop the " + mover + " player:"]);
      escapes.forEach(function (x) {
        line([x.letter + " " + (x.escape ? x.escape.word + " (" + zipf(x.escape.zipf) + ")"
          : "none: the " + mover + " player loses whatever they know")],
          {"class": "escape-word", "data-letter": x.letter, "data-escape": x.escape ? x.escape.word : ""});
      });
    }
    var t = p.bestTry, replier = ordinal(p.mover % game.players + 1), name = game.traps ? "Trap" : "Best try";
    if (t && t.replies === 1) {
      line([name + ": " + t.move + ": the " + replier + " player has one reply, and it " + (t.mistakes ? "is a mistake that lets the " + mover + " player escape." : "keeps their win.")], {"class": "try"});
    } else if (t && t.replies && !t.mistakes && !game.traps) {
      line(["No try helps: each of the " + replier + " player's " + t.replies + " replies to any letter keeps their win."], {"class": "try"});
    } else if (t && t.replies) {
      line([name + ": " + t.move + ": " + (t.mistakes || "none") + " of the " + replier + " player's " + t.replies + " replies " + (t.mistakes > 1 ? "are mistakes that let" : "is a mistake that lets") + " the " + mover + " player escape."], {"class": "try"});
    } else if (t) {
      line(["Every letter completes a word: " + t.move + " is as good as any."], {"class": "try"});
    }
    if (t && t.escape) {
      line(["To get out, they must know words as rare as " + t.escape.word + " (" + zipf(t.escape.zipf) + ")."], {"class": "escape"});
    }
    if (f) { line(["If challenged, name: " + p.challengeWord], {"class": "challenge"}); }
    return out;
  };

  // The fragment of a URL's hash (`#nyc`, letters outside a-z percent-encoded UTF-8).
  function fromHash(hash) {
    try { return decodeURIComponent(hash.replace(/^#/, "")); } catch (error) { return null; }
  }

  function toHash(text) { return text ? "#" + encodeURIComponent(text) : ""; }

  function Explorer(game, root) {
    this.game = game;
    this.root = root;
    this.fragment = [];
    this.trail = root.querySelector("#explorer-trail");
    this.view = root.querySelector("#explorer-position");
    this.input = root.querySelector("#explorer-fragment");
    this.status = root.querySelector("#explorer-status");
    var self = this;
    root.querySelector("#explorer-form").addEventListener("submit", function (event) {
      event.preventDefault();
      self.type(self.input.value, "push");
    });
    root.querySelector("#explorer-back").addEventListener("click", function () { self.go(self.fragment.slice(0, -1), "push", true); });
    root.querySelector("#explorer-start").addEventListener("click", function () { self.go([], "push", true); });
    root.querySelector("#explorer-copy").addEventListener("click", function () { self.copy(); });
    window.addEventListener("popstate", function () { self.type(fromHash(location.hash) || "", "none"); });
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

  // A fragment as typed (or in the URL): NFC, lower case, the list's letters only.
  Explorer.prototype.type = function (typed, how) {
    var game = this.game, text = (typed || "").trim().normalize("NFC").toLowerCase();
    var fragment = Array.from(text);
    var bad = fragment.filter(function (x) { return game.letters.indexOf(x) < 0; });
    if (bad.length) {
      this.message("Letters " + game.letters.join(" ") + " only, not " + JSON.stringify(text) + ".");
      return;
    }
    this.go(fragment, how, false);
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
  Explorer.prototype.go = function (fragment, how, focus) {
    var self = this, game = this.game, p = game.explain(fragment), f = p.fragment;
    this.fragment = fragment;
    this.input.value = f;
    this.root.setAttribute("data-fragment", f);
    if (how !== "none" && fromHash(location.hash) !== f) {
      var url = location.href.split("#")[0] + toHash(f);
      if (how === "push") { history.pushState(null, "", url); } else { history.replaceState(null, "", url); }
    }
    var trail = [element("button", {type: "button", "data-length": "0"}, ["start"])];
    fragment.forEach(function (x, i) {
      trail.push(" ");
      trail.push(element("button", {type: "button", "data-length": String(i + 1)}, [x]));
    });
    this.trail.replaceChildren.apply(this.trail, trail);
    this.trail.querySelectorAll("button").forEach(function (button) {
      button.addEventListener("click", function () {
        self.go(fragment.slice(0, Number(button.getAttribute("data-length"))), "push", true);
      });
    });
    function button(x) {
      var attributes = {type: "button", "class": x.wins ? "mark play" : "mark", "aria-label": "play " + x.letter,
                        "data-letter": x.letter, "data-losers": x.losers.join(" "), "data-word": String(x.word),
                        "data-words": x.words.join(" "), "data-named": x.named.join(" ")};
      if (x.letter === p.cardLetter) { attributes["data-card"] = "move"; }
      var control = element("button", attributes, [x.letter]);
      control.addEventListener("click", function () { self.go(fragment.concat([x.letter]), "push", true); });
      return control;
    }
    var heading = element("h3", {"class": "line where", tabindex: "-1"},
      [(f || "(start)") + " · " + game.name + ", " + game.players + " players, words of " + game.minLength + "+ letters"]);
    var facts = {"data-fragment": f, "data-mover": String(p.mover), "data-losers": p.losers.join(" "),
                 "data-word": String(p.word), "data-prefix": String(p.prefix)};
    this.view.replaceChildren(element("div", facts, [heading].concat(game.lines(p, button))));
    if (focus) { heading.focus(); }
  };

  var root = document.getElementById("explorer-app");
  var data = window.cardgenGame, card = window.cardgenCard;
  if (!root || !data || !card) { return; }
  var planes = [inflate(data.tree), inflate(data.losers), inflate(card.moves),
                card.pick ? inflate(card.pick) : null, data.zipf ? inflate(data.zipf) : null];
  Promise.all(planes).then(function (planes) {
    var game = new Game(data, planes[0], planes[1], planes[4],
                        {moves: planes[2], pick: planes[3], knows: card.knows});
    var explorer = new Explorer(game, root);
    root.hidden = false;
    explorer.type(fromHash(location.hash) || "", "replace");
    // Milliseconds from the page's start to the explorer's first step (README: "Publish").
    root.setAttribute("data-load-ms", String(Math.round(performance.now())));
    root.setAttribute("data-ready", "true");
  }, function (error) {
    root.hidden = false;
    root.replaceChildren(element("p", {"class": "notice"}, ["The explorer could not load its data: " + error]));
  });
})();
