function highlight() {
  const target = decodeURIComponent(location.hash.slice(1));
  $(target).addClass("active"); // expect: dom-xss
}

function showPreview() {
  const preview = new URL(location.href).searchParams.get("preview");
  jQuery("#inbox").append(preview); // expect: dom-xss
}

function showQuery() {
  const q = new URLSearchParams(window.location.search).get("q");
  $(".results-title").html("Results for " + q); // expect: dom-xss
}
