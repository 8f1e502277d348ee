function highlight(el) {
  const id = location.hash.slice(1);
  $("#" + id).addClass("active");
  $(el).addClass("seen");
  $(this).toggle();
}

function showQuery() {
  const q = new URLSearchParams(window.location.search).get("q");
  $(".results-title").text("Results for " + q);
  const params = new URLSearchParams();
  params.append("q", q);
}
