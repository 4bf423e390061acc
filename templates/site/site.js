// Sortable tables of a published site: press a column's heading to sort the rows by it,
// press again to reverse. Rows that tie keep their order; the page is never reloaded.
(function () {
  "use strict";
  var hint = document.getElementById("sort-hint");
  if (hint) { hint.hidden = false; }  // the hint is true only with scripts on
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var headers = Array.from(table.tHead.rows[0].cells);
    headers.forEach(function (th, column) {
      var button = th.querySelector("button");
      if (!button) { return; }
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        var number = th.getAttribute("data-type") === "number";
        headers.forEach(function (other) { other.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.from(body.rows);
        function key(row) {
          var value = row.cells[column].getAttribute("data-sort");
          return number ? Number(value) : value;
        }
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          var order = number ? x - y : x.localeCompare(y);
          if (!ascending) { order = -order; }
          return order || Number(a.getAttribute("data-index")) - Number(b.getAttribute("data-index"));
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
})();
