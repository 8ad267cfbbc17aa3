// Boards drawn from FEN piece placements, for the move list and the
// helpmate: no network, no files, a grid of squares with Unicode pieces.
(function () {
  const glyph = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  function draw(el, fen, from, to) {
    el.textContent = "";
    const rows = fen.split("/");
    rows.forEach((row, r) => {
      let f = 0;
      for (const c of row) {
        if (/[1-8]/.test(c)) {
          for (let i = 0; i < +c; i++) square(el, r, f++, null);
        } else {
          square(el, r, f++, c);
        }
      }
    });
    function square(el, r, f, piece) {
      const name = "abcdefgh"[f] + (8 - r);
      const sq = document.createElement("div");
      sq.className = "sq " + ((r + f) % 2 ? "dark" : "light") + (name === from || name === to ? " last" : "");
      sq.dataset.square = name;
      // Coordinates along the left and bottom edges, as on a printed board.
      if (f === 0) sq.dataset.rank = String(8 - r);
      if (r === 7) sq.dataset.file = "abcdefgh"[f];
      if (piece) {
        const span = document.createElement("span");
        span.className = piece === piece.toUpperCase() ? "w" : "b";
        span.textContent = glyph[piece.toLowerCase()];
        sq.appendChild(span);
      }
      el.appendChild(sq);
    }
  }
  const data = JSON.parse(document.getElementById("positions").textContent);
  const board = document.getElementById("board");
  const caption = document.getElementById("board-caption");
  function show(ply) {
    const [fen, from, to, label] = data.moves[ply];
    draw(board, fen, from, to);
    board.dataset.ply = ply;
    caption.textContent = label;
    document.querySelectorAll(".moves button").forEach(b => b.setAttribute("aria-pressed", String(+b.dataset.ply === ply)));
  }
  document.querySelectorAll(".moves button").forEach(b => b.addEventListener("click", () => show(+b.dataset.ply)));
  show(data.moves.length - 1);
  const mate = document.getElementById("mate-board");
  if (mate && data.mate.length) {
    let step = data.mate.length - 1;
    const label = document.getElementById("mate-step");
    const go = k => {
      step = Math.max(0, Math.min(data.mate.length - 1, k));
      const [fen, from, to, san] = data.mate[step];
      draw(mate, fen, from, to);
      mate.dataset.step = step;
      label.textContent = step === 0 ? "the position judged" : `ply ${step} of ${data.mate.length - 1}: ${san}`;
    };
    document.getElementById("mate-prev").addEventListener("click", () => go(step - 1));
    document.getElementById("mate-next").addEventListener("click", () => go(step + 1));
    document.getElementById("mate-first").addEventListener("click", () => go(0));
    document.getElementById("mate-last").addEventListener("click", () => go(data.mate.length - 1));
    go(0);
  }
})();
